import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hash, producerKey, writeFileAtomic, writeFileAtomicSync } from '../../src/cache-file.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { tempDir } from '../helpers/files.ts';

describe('hash', () => {
  it('is the hex SHA-256 of strings and bytes alike', () => {
    expect(hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hash(Buffer.from('abc'))).toBe(hash('abc'));
  });
});

/** A fake brochure folder: its package.json, one source file, and `unified` installed at `version` in its node_modules. */
async function fakeInstall(version: string): Promise<{ root: string; setVersion: (next: string) => Promise<void> }> {
  const root = await tempDir();
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'brochure', version: '0.1.0' }));
  await mkdir(path.join(root, 'src', 'model'), { recursive: true });
  await writeFile(path.join(root, 'src', 'model', 'markdown.ts'), '// renders');
  const setVersion = async (next: string) => {
    await mkdir(path.join(root, 'node_modules', 'unified'), { recursive: true });
    await writeFile(
      path.join(root, 'node_modules', 'unified', 'package.json'),
      JSON.stringify({ name: 'unified', version: next }),
    );
  };
  await setVersion(version);
  return { root, setVersion };
}

describe('producerKey', () => {
  const producer = { packages: ['unified'], sources: ['src/model/markdown.ts'] };

  it('changes with the installed version of a library, read from its package.json', async () => {
    const { root, setVersion } = await fakeInstall('11.0.5');
    const before = producerKey(producer, root);
    expect(producerKey(producer, root)).toBe(before);
    await setVersion('11.0.6');
    expect(producerKey(producer, root)).not.toBe(before);
  });

  it("changes with brochure's own version and with the source of its files", async () => {
    const { root } = await fakeInstall('11.0.5');
    const first = producerKey(producer, root);
    await writeFile(path.join(root, 'src', 'model', 'markdown.ts'), '// renders otherwise');
    const second = producerKey(producer, root);
    expect(second).not.toBe(first);
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'brochure', version: '0.2.0' }));
    expect(producerKey(producer, root)).not.toBe(second);
  });

  it('finds a package in a node_modules folder above brochure (a hoisted install)', async () => {
    const { root, setVersion } = await fakeInstall('11.0.5');
    const nested = path.join(root, 'node_modules', 'brochure');
    await mkdir(nested, { recursive: true });
    await writeFile(path.join(nested, 'package.json'), JSON.stringify({ name: 'brochure', version: '0.1.0' }));
    const hoisted = producerKey({ packages: ['unified'], sources: [] }, nested);
    await setVersion('12.0.0');
    expect(producerKey({ packages: ['unified'], sources: [] }, nested)).not.toBe(hoisted);
  });
});

describe('the Markdown cache', () => {
  it('misses once a library of the pipeline is upgraded: HTML rendered by the old version is not served', async () => {
    const { root, setVersion } = await fakeInstall('11.0.5');
    const cacheDir = await tempDir();
    await renderMarkdownBodies(['uno'], cacheDir, root);
    // Mark the cached HTML: a hit shows the mark, a miss renders again.
    const cacheFile = path.join(cacheDir, 'markdown.json');
    const cache = JSON.parse(await readFile(cacheFile, 'utf8')) as Record<string, string>;
    await writeFile(
      cacheFile,
      JSON.stringify(Object.fromEntries(Object.entries(cache).map(([key, html]) => [key, `${html}<!-- cached -->`]))),
    );
    expect((await renderMarkdownBodies(['uno'], cacheDir, root)).get('uno')).toBe('<p>uno</p><!-- cached -->');
    await setVersion('12.0.0');
    expect((await renderMarkdownBodies(['uno'], cacheDir, root)).get('uno')).toBe('<p>uno</p>');
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
