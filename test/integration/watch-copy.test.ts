// watch and a photo copied in slowly: no build reads the half-written file, so no crash and no error, then one reload.
import { appendFile, cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { watchSite, type WatchSession } from '../../src/watch/watch.ts';
import { resolveOptions } from '../../src/options.ts';
import { fixture } from '../helpers/fixtures.ts';
import { tempDir } from '../helpers/files.ts';

let session: WatchSession | undefined;
afterAll(async () => {
  await session?.close();
});

describe('watch while a photo is being copied', () => {
  it('waits for the copy to finish: no error or crash on the way, then a reload with the new photo', async () => {
    const project = await tempDir('brochure-watch-copy-');
    await cp(fixture('minimal'), project, { recursive: true });
    const options = resolveOptions({ content: 'content', port: 0 }, project);
    const logs: string[] = [];
    const errors: string[] = [];
    let reloaded: () => void = () => undefined;
    const reload = new Promise<void>((resolve) => (reloaded = resolve));
    session = await watchSite(options, {
      log: (text) => {
        logs.push(text);
        if (text.includes('reloading')) reloaded();
      },
      error: (text) => errors.push(text),
    });
    // A 1.2 MB photo arriving in 12 pieces, 40 ms apart, as a slow copy from a phone writes it.
    const photo = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const target = path.join(project, 'content/images/rossi.jpg');
    const piece = Math.ceil(photo.length / 12);
    await writeFile(target, photo.subarray(0, piece));
    for (let offset = piece; offset < photo.length; offset += piece) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      await appendFile(target, photo.subarray(offset, offset + piece));
    }
    await reload;
    expect(errors).toEqual([]);
    expect(logs.filter((line) => line.includes('reloading'))).toHaveLength(1);
  }, 60_000);
});
