// PreviousOutput: files equal to the previous output's are hard-linked into the staging folder, anything doubtful is written.
import { chmod, link, lstat, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PreviousOutput } from '../../src/output/reuse-previous.ts';
import { writeSite } from '../../src/output/write-site.ts';
import { tempDir } from '../helpers/files.ts';

const bytes = (text: string) => Buffer.from(text);

/** A previous output with one page, and an empty staging folder beside it. */
async function setUp(): Promise<{ previous: string; staging: string }> {
  const parent = await tempDir();
  const previous = path.join(parent, 'dist');
  const staging = path.join(parent, 'dist.tmp');
  await mkdir(previous);
  await mkdir(staging);
  await writeFile(path.join(previous, 'index.html'), 'home');
  return { previous, staging };
}

describe('PreviousOutput', () => {
  it('links a file whose bytes the previous output holds: same inode, nothing written', async () => {
    const { previous, staging } = await setUp();
    const output = (await PreviousOutput.open(previous, staging))!;
    expect(output.reuse('index.html', path.join(staging, 'index.html'), bytes('home'))).toBe(true);
    expect((await stat(path.join(staging, 'index.html'))).ino).toBe((await stat(path.join(previous, 'index.html'))).ino);
  });

  it('does not link different bytes, a missing file, a symbolic link, a file with another name or another mode', async () => {
    const { previous, staging } = await setUp();
    await writeFile(path.join(previous, 'target.html'), 'same');
    await symlink(path.join(previous, 'target.html'), path.join(previous, 'link.html'));
    await writeFile(path.join(previous, 'shared.html'), 'same');
    await link(path.join(previous, 'shared.html'), path.join(path.dirname(previous), 'elsewhere.html'));
    await writeFile(path.join(previous, 'mode.html'), 'same');
    await chmod(path.join(previous, 'mode.html'), 0o600);
    const output = (await PreviousOutput.open(previous, staging))!;
    expect(output.reuse('index.html', path.join(staging, 'index.html'), bytes('home, edited'))).toBe(false);
    expect(output.reuse('index.html', path.join(staging, 'index.html'), bytes('hume'))).toBe(false);
    expect(output.reuse('new.html', path.join(staging, 'new.html'), bytes('new'))).toBe(false);
    expect(output.reuse('link.html', path.join(staging, 'link.html'), bytes('same'))).toBe(false);
    expect(output.reuse('shared.html', path.join(staging, 'shared.html'), bytes('same'))).toBe(false);
    expect(output.reuse('mode.html', path.join(staging, 'mode.html'), bytes('same'))).toBe(false);
    // Nothing was left in the staging folder for the caller to trip over.
    for (const name of ['index.html', 'new.html', 'link.html', 'shared.html', 'mode.html']) expect(await lstat(path.join(staging, name)).catch(() => undefined)).toBeUndefined();
  });

  it('is not opened when there is no previous output', async () => {
    const parent = await tempDir();
    await mkdir(path.join(parent, 'staging'));
    expect(await PreviousOutput.open(path.join(parent, 'dist'), path.join(parent, 'staging'))).toBeUndefined();
  });
});

describe('writeSite with a previous output', () => {
  it('keeps unchanged files (same inode) and writes changed ones, leaving the previous files as they were until the swap', async () => {
    const out = path.join(await tempDir(), 'dist');
    await writeSite(out, new Map([['index.html', bytes('home')], ['a/page.html', bytes('page')], ['static/x.css', bytes('css')]]));
    const before = await stat(path.join(out, 'a', 'page.html'));
    const home = await stat(path.join(out, 'index.html'));
    await writeSite(out, new Map([['index.html', bytes('home, edited')], ['a/page.html', bytes('page')], ['static/x.css', bytes('css')]]));
    expect((await stat(path.join(out, 'a', 'page.html'))).ino).toBe(before.ino);
    expect((await stat(path.join(out, 'a', 'page.html'))).nlink).toBe(1);
    expect((await stat(path.join(out, 'index.html'))).ino).not.toBe(home.ino);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home, edited');
  });
});
