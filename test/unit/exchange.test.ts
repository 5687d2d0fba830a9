// exchangeFolders: an atomic swap of two folders on Linux (x64, arm64), and a clean "no" everywhere else.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exchangeFolders, exchangeFoldersThenRemove, prepareExchange } from '../../src/output/exchange.ts';
import { tempDir } from '../helpers/files.ts';

function hasPerl(): boolean {
  try {
    execFileSync('perl', ['-e', '1']);
    return true;
  } catch {
    return false;
  }
}

const supported = process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch) && hasPerl();

describe('exchangeFolders', () => {
  it(`${supported ? 'swaps' : 'declines to swap (no renameat2 here)'} two folders, contents and all`, async () => {
    const dir = await tempDir();
    for (const [name, file] of [['a', 'from-a'], ['b', 'from-b']]) {
      await mkdir(path.join(dir, name!));
      await writeFile(path.join(dir, name!, file!), '');
    }
    expect(await exchangeFolders(path.join(dir, 'a'), path.join(dir, 'b'))).toBe(supported);
    expect(await readdir(path.join(dir, 'a'))).toEqual([supported ? 'from-b' : 'from-a']);
    expect(await readdir(path.join(dir, 'b'))).toEqual([supported ? 'from-a' : 'from-b']);
  });

  it('uses a perl started ahead by prepareExchange, once, and starts its own for the next swap', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'a'));
    await writeFile(path.join(dir, 'a', 'from-a'), '');
    await mkdir(path.join(dir, 'b'));
    prepareExchange();
    expect(await exchangeFolders(path.join(dir, 'a'), path.join(dir, 'b'))).toBe(supported);
    expect(await exchangeFolders(path.join(dir, 'a'), path.join(dir, 'b'))).toBe(supported);
    expect(await readdir(path.join(dir, 'a'))).toEqual(['from-a']);
  });

  it('answers false and changes nothing when one side is missing', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'a'));
    expect(await exchangeFolders(path.join(dir, 'a'), path.join(dir, 'missing'))).toBe(false);
    expect(await readdir(dir)).toEqual(['a']);
  });
  it(`${supported ? 'swaps two folders, then removes the first (what the second held) in its own process' : 'declines to swap and remove'}`, async () => {
    const dir = await tempDir();
    for (const [name, file] of [['a', 'from-a'], ['b', 'from-b']]) {
      await mkdir(path.join(dir, name!, 'deep', 'er'), { recursive: true });
      await writeFile(path.join(dir, name!, 'deep', 'er', file!), '');
    }
    prepareExchange();
    const exchanged = await exchangeFoldersThenRemove(path.join(dir, 'a'), path.join(dir, 'b'));
    if (!supported) {
      expect(exchanged).toBe(false);
      expect((await readdir(dir)).sort()).toEqual(['a', 'b']);
      return;
    }
    expect(exchanged).not.toBe(false);
    expect(await readdir(path.join(dir, 'b', 'deep', 'er'))).toEqual(['from-a']);
    expect(exchanged && (await exchanged.removed)).toBe(true);
    expect(await readdir(dir)).toEqual(['b']);
  });

  it('answers false to a swap and removal when one side is missing, removing nothing', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'a'));
    expect(await exchangeFoldersThenRemove(path.join(dir, 'a'), path.join(dir, 'missing'))).toBe(false);
    expect(await readdir(dir)).toEqual(['a']);
  });
  it.runIf(supported)('says the folders were exchanged and nothing removed when rm cannot run (the caller then removes them)', async () => {
    const dir = await tempDir();
    for (const name of ['a', 'b']) {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, `from-${name}`), '');
    }
    // A PATH where perl is found and rm is not.
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    await symlink(execFileSync('sh', ['-c', 'command -v perl'], { encoding: 'utf8' }).trim(), path.join(bin, 'perl'));
    const saved = process.env.PATH;
    process.env.PATH = bin;
    let exchanged: Awaited<ReturnType<typeof exchangeFoldersThenRemove>>;
    try {
      exchanged = await exchangeFoldersThenRemove(path.join(dir, 'a'), path.join(dir, 'b'));
    } finally {
      process.env.PATH = saved;
    }
    expect(exchanged).not.toBe(false);
    expect(exchanged && (await exchanged.removed)).toBe(false);
    expect(await readdir(path.join(dir, 'a'))).toEqual(['from-b']);
    expect(await readdir(path.join(dir, 'b'))).toEqual(['from-a']);
  });
});
