// settle: a build waits for an image still being copied, and never for a text file or a finished image.
import { appendFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settle } from '../../src/watch/settle.ts';
import { tempDir } from '../helpers/files.ts';

describe('settle', () => {
  it('resolves only once an image being copied in chunks has stopped growing', async () => {
    const photo = path.join(await tempDir(), 'foto.jpg');
    await writeFile(photo, Buffer.alloc(1000));
    let chunks = 0;
    // A slow copy: one more chunk every 40 ms, ten in all (each written before the next wait, so a
    // busy machine delays the chunks but never writes more than ten).
    const copying = (async () => {
      while (chunks < 10) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await appendFile(photo, Buffer.alloc(1000));
        chunks++;
      }
    })();
    await settle([photo]);
    expect(chunks).toBe(10);
    await copying;
  });

  it('does not wait for a text file, a missing file or an image last changed a while ago', async () => {
    const dir = await tempDir();
    const text = path.join(dir, 'home.md');
    const old = path.join(dir, 'hero.jpg');
    await writeFile(text, 'x');
    await writeFile(old, 'x');
    await utimes(old, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const slept: number[] = [];
    await settle([text, old, path.join(dir, 'gone.png')], async (ms) => void slept.push(ms));
    expect(slept).toEqual([]);
  });
});
