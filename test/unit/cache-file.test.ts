import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hash, writeFileAtomic, writeFileAtomicSync } from '../../src/cache-file.ts';
import { tempDir } from '../helpers/files.ts';

describe('hash', () => {
  it('is the hex SHA-256 of strings and bytes alike', () => {
    expect(hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hash(Buffer.from('abc'))).toBe(hash('abc'));
  });
});

describe('writeFileAtomic', () => {
  it('creates missing folders and leaves only the final file behind', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'a', 'b', 'record.json');
    await writeFileAtomic(file, '{"ok":true}');
    expect(await readFile(file, 'utf8')).toBe('{"ok":true}');
    expect(await readdir(path.dirname(file))).toEqual(['record.json']);
  });

  it('replaces an existing file whole', async () => {
    const file = path.join(await tempDir(), 'record.json');
    await writeFileAtomic(file, 'x'.repeat(1000));
    await writeFileAtomic(file, new Uint8Array([1, 2, 3]));
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
  });
  it('writes a list of parts as one file, in order, more parts than one system call takes', async () => {
    const file = path.join(await tempDir(), 'pack');
    await writeFileAtomic(file, 'old, longer than the new file');
    // 3,000 parts: more than IOV_MAX (1,024), the most one writev takes.
    const parts = Array.from({ length: 3000 }, (_, index) => new Uint8Array(Buffer.from(`${index},`)));
    await writeFileAtomic(file, [new Uint8Array(0), ...parts]);
    expect(await readFile(file, 'utf8')).toBe(Array.from({ length: 3000 }, (_, index) => `${index},`).join(''));
    expect(await readdir(path.dirname(file))).toEqual(['pack']);
  });
});

describe('writeFileAtomicSync', () => {
  it('writes as writeFileAtomic does: missing folders made, the file replaced whole, nothing else left', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'a', 'b', 'record.json');
    writeFileAtomicSync(file, 'x'.repeat(1000));
    writeFileAtomicSync(file, new Uint8Array([1, 2, 3]));
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
    expect(await readdir(path.dirname(file))).toEqual(['record.json']);
  });
});
