// writeSite: staging folder beside the output, swapped in only when complete; failures leave the old output alone.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { writeSite } from '../../src/output/write-site.ts';
import { hashTree, listTree, tempDir } from '../helpers/files.ts';

const files = (map: Record<string, string>) => new Map(Object.entries(map).map(([file, text]) => [file, Buffer.from(text)] as const));

/** A folder holding `dist/` with some previous output, as a former build left it. */
async function withPreviousOutput(): Promise<{ parent: string; out: string }> {
  const parent = await tempDir();
  const out = path.join(parent, 'dist');
  await writeSite(out, files({ 'index.html': 'old home', 'old-page.html': 'gone next time', 'static/css/site.aaa.css': 'old css' }));
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
    await writeSite(out, files({ 'index.html': '<h1>Home</h1>', 'static/js/islands.abc.js': 'js', 'static/media/a/b.svg': '<svg/>' }));
    expect(await listTree(out)).toEqual(['index.html', 'static/js/islands.abc.js', 'static/media/a/b.svg']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('replaces the previous output entirely, so deleted pages do not linger', async () => {
    const { parent, out } = await withPreviousOutput();
    await writeSite(out, files({ 'index.html': 'new home' }));
    expect(await listTree(out)).toEqual(['index.html']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('hands over the removal of the previous output when asked, the new output already in place', async () => {
    const { parent, out } = await withPreviousOutput();
    let removal: Promise<void> | undefined;
    await writeSite(out, files({ 'index.html': 'new home' }), { protectedFolders: [] }, undefined, (started) => {
      removal = started;
    });
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new home');
    // Handed over only where another process removes it (Linux with perl); else removed before writeSite resolved.
    await removal;
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
    await expect(writeSite(out, files({ guide: 'a file', 'guide/index.html': 'a page', ...many }))).rejects.toThrow(/guide/);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('on a failed first write, creates no output folder at all', async () => {
    const parent = await tempDir();
    await expect(writeSite(path.join(parent, 'dist'), files({ guide: 'a file', 'guide/index.html': 'a page' }))).rejects.toThrow();
    expect(await readdir(parent)).toEqual([]);
  });

  it('cleans staging and old folders abandoned by builds that were killed, and only those', async () => {
    const { parent, out } = await withPreviousOutput();
    const dead = await deadPid();
    const live = livePid();
    for (const name of [`dist.tmp-${dead}`, `dist.old-${dead}`, `dist.tmp-${live}`, 'dist.tmp-notapid', 'dist-backup', `other.tmp-${dead}`]) {
      await mkdir(path.join(parent, name));
      await writeFile(path.join(parent, name, 'index.html'), 'leftover');
    }
    await writeSite(out, files({ 'index.html': 'new home' }));
    expect((await readdir(parent)).sort()).toEqual(['dist', 'dist-backup', `dist.tmp-${live}`, 'dist.tmp-notapid', `other.tmp-${dead}`].sort());
  });

  it('writes a stream of files as they come (what `build` hands it), the same as a map of them', async () => {
    const out = path.join(await tempDir(), 'dist');
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`pagina-${i}.html`, `<p>${i}</p>`]));
    async function* stream() {
      for (const entry of files({ ...many, 'static/css/site.a.css': 'css', 'static/media/deep/x.svg': '<svg/>' })) yield entry;
    }
    await writeSite(out, stream(), { protectedFolders: [] }, new Set([...Object.keys(many), 'static']));
    expect(await listTree(out)).toEqual([...Object.keys(many), 'static/css/site.a.css', 'static/media/deep/x.svg'].sort());
    expect(await readFile(path.join(out, 'pagina-42.html'), 'utf8')).toBe('<p>42</p>');
    expect(await readdir(path.dirname(out))).toEqual(['dist']);
  });

  it('when the stream throws after some files (a broken link found at the end), keeps the previous output and removes the staging folder', async () => {
    const { parent, out } = await withPreviousOutput();
    const before = await hashTree(out);
    async function* stream() {
      yield* files({ 'index.html': 'new home', 'static/css/site.b.css': 'css' });
      throw new Error('broken link');
    }
    await expect(writeSite(out, stream(), { protectedFolders: [] }, new Set(['index.html', 'static']))).rejects.toThrow('broken link');
    expect(await hashTree(out)).toEqual(before);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('checks the output folder against the top-level names of a stream before taking its first file', async () => {
    const parent = await tempDir();
    const out = path.join(parent, 'dist');
    await mkdir(out);
    await writeFile(path.join(out, 'notes.txt'), 'mine');
    let taken = 0;
    async function* stream() {
      taken++;
      yield* files({ 'index.html': 'home' });
    }
    await expect(writeSite(out, stream(), { protectedFolders: [] }, new Set(['index.html']))).rejects.toThrow(/notes\.txt/);
    expect(taken).toBe(0);
    expect(await readdir(out)).toEqual(['notes.txt']);
    await writeSite(out, stream(), { protectedFolders: [], force: true }, new Set(['index.html']));
    expect(await listTree(out)).toEqual(['index.html']);
  });

  it('writes the exact bytes given', async () => {
    const out = path.join(await tempDir(), 'dist');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await writeSite(out, new Map([['static/media/x.png', png]]));
    expect(new Uint8Array(await readFile(path.join(out, 'static/media/x.png')))).toEqual(png);
  });
});

describe('writeSite swaps in one step where the system can', () => {
  it('the output path holds a site at every instant of 30 rewrites, as another process polling it sees', async () => {
    const { exchangeFolders } = await import('../../src/output/exchange.ts');
    const probe = await tempDir();
    await mkdir(path.join(probe, 'a'));
    await mkdir(path.join(probe, 'b'));
    const atomic = await exchangeFolders(path.join(probe, 'a'), path.join(probe, 'b'));
    const { out } = await withPreviousOutput();
    // The poller counts the moments index.html is missing until it is told to stop.
    const poller = spawn(process.execPath, ['-e', `
      const fs = require('node:fs');
      let missing = 0, seen = 0, stop = false;
      process.stdin.on('data', () => { stop = true; });
      (function loop() {
        for (let i = 0; i < 2000; i++) { seen++; if (!fs.existsSync(${JSON.stringify(path.join(out, 'index.html'))})) missing++; }
        if (stop) { process.stdout.write(JSON.stringify({ missing, seen })); process.exit(0); }
        setImmediate(loop);
      })();
    `]);
    // It spins until told to stop: a test that fails or times out before that must not leave it running.
    onTestFinished(() => void poller.kill());
    let report = '';
    poller.stdout.setEncoding('utf8').on('data', (chunk: string) => (report += chunk));
    for (let i = 0; i < 30; i++) await writeSite(out, files({ 'index.html': `home ${i}`, 'static/css/site.css': `css ${i}` }));
    await new Promise<void>((resolve) => {
      poller.on('exit', () => resolve());
      poller.stdin.end('stop');
    });
    const { missing, seen } = JSON.parse(report) as { missing: number; seen: number };
    expect(seen).toBeGreaterThan(0);
    // Where the exchange is not available the two renames leave a window a poller may or may not hit.
    if (atomic) expect(missing).toBe(0);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home 29');
    // 30 builds, each exchange a perl process, beside a poller spinning on a core: about 1 s on a quiet
    // machine, but several while the other test files run at the same time.
  }, 30_000);
});
