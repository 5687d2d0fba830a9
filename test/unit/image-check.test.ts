// checkImages: an image that cannot be published is one located error in the editor's words.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImages } from '../../src/content/image-check.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { tempDir } from '../helpers/files.ts';

describe('checkImages', () => {
  it("names a damaged photo where the content uses it, with the decoder's reason and the fix, and passes a sound one", async () => {
    const content = await tempDir();
    await mkdir(path.join(content, 'images'));
    const photo = await readFile(path.join(ROOT, 'content', 'images', 'giulia-marchetti.jpg'));
    const damaged = Buffer.from(photo);
    for (let i = 5000; i < 5200; i++) damaged[i] = damaged[i]! ^ 0xff;
    await writeFile(path.join(content, 'images', 'rossi.jpg'), damaged);
    await writeFile(path.join(content, 'images', 'bianchi.jpg'), photo);
    const references = new Map([
      ['images/rossi.jpg', { file: 'content/professionals/rossi.md', line: 6, field: 'photo.image' }],
      ['images/bianchi.jpg', { file: 'content/professionals/bianchi.md', line: 6, field: 'photo.image' }],
    ]);
    const problems = await checkImages(references, content, await tempDir());
    // The decoder's reason varies with what libvips' per-thread error buffer held; never its note on our failOn setting.
    expect(problems).toHaveLength(1);
    expect(`${problems[0]!.file}:${problems[0]!.line}: ${problems[0]!.field}: ${problems[0]!.message}`).toMatch(
      /^content\/professionals\/rossi\.md:6: photo\.image: "images\/rossi\.jpg" is damaged or incomplete \((?![^)]*failOn)[^)]+\); open it in an image editor and export it again as JPEG or PNG, or copy it again if the copy was cut short$/,
    );
  });
});
