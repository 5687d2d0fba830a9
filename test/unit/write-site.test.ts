// writeSite: staging folder beside the output, swapped in only when complete; failures leave the old output alone.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siblingsOf } from '../../src/host/precompress.ts';
import { writeSite } from '../../src/output/write-site.ts';
import { hashTree, listTree, tempDir } from '../helpers/files.ts';
import { withSiblings } from '../helpers/siblings.ts';

const files = (map: Record<string, string>) =>
  new Map(Object.entries(map).map(([file, text]) => [file, Buffer.from(text)] as const));

/** A folder holding `dist/` with some previous output, as a former build left it. */
async function withPreviousOutput(): Promise<{ parent: string; out: string }> {
  const parent = await tempDir();
  const out = path.join(parent, 'dist');
  await writeSite(
    out,
    files({ 'index.html': 'old home', 'old-page.html': 'gone next time', 'static/css/site.aaa.css': 'old css' }),
  );
  return { parent, out };
}

const children: number[] = [];
afterAll(() => {
  for (const pid of children) process.kill(pid);
});

/** The pid of a process that has exited: no folder of it can belong to a running build. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

/** The pid of a process that is still running (killed after the file). */
function livePid(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  children.push(child.pid!);
  return child.pid!;
}

describe('writeSite', () => {
  it('writes every file, creating folders, and leaves nothing beside the output', async () => {
    const parent = await tempDir();
    const out = path.join(parent, 'dist');
    await writeSite(
      out,
      files({ 'index.html': '<h1>Home</h1>', 'static/js/islands.abc.js': 'js', 'static/media/a/b.svg': '<svg/>' }),
    );
    expect(await listTree(out)).toEqual(['index.html', 'static/js/islands.abc.js', 'static/media/a/b.svg']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it("writes each file's compressed siblings beside it as it goes: the same files and bytes as all of them made at once", async () => {
    const site = files({
      'index.html': `<p>${'Psicoterapia a Pescara. '.repeat(80)}</p>`,
      'static/css/site.abc.css': `body{margin:0}${'.a{color:red}'.repeat(60)}`,
      'static/media/a.svg': '<svg/>',
      _headers: '/*\n  X: y\n',
    });
    const [cacheDir, parent] = await Promise.all([tempDir(), tempDir()]);
    const out = path.join(parent, 'dist');
    await writeSite(out, site, undefined, (file, bytes) => siblingsOf(file, bytes, 1, cacheDir));
    const whole = await withSiblings(site, 1, cacheDir);
    expect(await listTree(out)).toEqual([...whole.keys()].sort());
    for (const [file, bytes] of whole)
      expect((await readFile(path.join(out, file))).equals(Buffer.from(bytes)), file).toBe(true);
  });

  it('replaces the previous output entirely, so deleted pages do not linger', async () => {
    const { parent, out } = await withPreviousOutput();
    await writeSite(out, files({ 'index.html': 'new home' }));
    expect(await listTree(out)).toEqual(['index.html']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('creates missing parent folders of the output', async () => {
    const out = path.join(await tempDir(), 'a', 'b', 'dist');
    await writeSite(out, files({ 'index.html': 'x' }));
    expect(await listTree(out)).toEqual(['index.html']);
  });

  it('on a failed write, keeps the previous output byte for byte and removes the staging folder', async () => {
    const { parent, out } = await withPreviousOutput();
    const before = await hashTree(out);
    // `guide` cannot be both a file and the folder of `guide/index.html`.
    const colliding = files({ 'index.html': 'new', guide: 'a file', 'guide/index.html': 'a page' });
    await expect(writeSite(out, colliding)).rejects.toThrow();
    expect(await hashTree(out)).toEqual(before);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('on a failed write among many, waits for the others before removing the staging folder', async () => {
    const { parent, out } = await withPreviousOutput();
    // The collision fails at once while hundreds of writes are still under way.
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`page-${i}.html`, 'x'.repeat(16 * 1024)]));
    await expect(writeSite(out, files({ guide: 'a file', 'guide/index.html': 'a page', ...many }))).rejects.toThrow(
      /guide/,
    );
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('on a failed first write, creates no output folder at all', async () => {
    const parent = await tempDir();
    await expect(
      writeSite(path.join(parent, 'dist'), files({ guide: 'a file', 'guide/index.html': 'a page' })),
    ).rejects.toThrow();
    expect(await readdir(parent)).toEqual([]);
  });

  it('cleans staging and old folders abandoned by builds that were killed, and only those', async () => {
    const { parent, out } = await withPreviousOutput();
    const dead = await deadPid();
    const live = livePid();
    for (const name of [
      `dist.tmp-${dead}`,
      `dist.old-${dead}`,
      `dist.tmp-${live}`,
      'dist.tmp-notapid',
      'dist-backup',
      `other.tmp-${dead}`,
    ]) {
      await mkdir(path.join(parent, name));
      await writeFile(path.join(parent, name, 'index.html'), 'leftover');
    }
    await writeSite(out, files({ 'index.html': 'new home' }));
    expect((await readdir(parent)).sort()).toEqual(
      ['dist', 'dist-backup', `dist.tmp-${live}`, 'dist.tmp-notapid', `other.tmp-${dead}`].sort(),
    );
  });

  it('writes the exact bytes given', async () => {
    const out = path.join(await tempDir(), 'dist');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await writeSite(out, new Map([['static/media/x.png', png]]));
    expect(new Uint8Array(await readFile(path.join(out, 'static/media/x.png')))).toEqual(png);
  });
});
