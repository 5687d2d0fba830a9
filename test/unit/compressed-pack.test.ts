// The pack of compressed pages: forms kept by page hash, read back exactly, ignored when damaged or made with other settings.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPack, packedForms, packKey, savePack } from '../../src/host/compressed-pack.ts';
import { compressedForms, pageFormsSync, packSettings } from '../../src/host/precompress.ts';
import { tempDir } from '../helpers/files.ts';

const page = (n: number) => Buffer.from(`<!doctype html><html><body>${`<p>Pagina ${n} dello studio.</p>`.repeat(60)}</body></html>`);
const PAGES = 500;

describe('pack of compressed pages', () => {
  it('gives back, for a page of a large site, exactly the forms compression makes, and compresses only pages it lacks', async () => {
    const cacheDir = await tempDir();
    const empty = loadPack(cacheDir, packSettings());
    expect(empty.entries.size).toBe(0);
    const first = pageFormsSync('uno.html', page(1), PAGES, empty)!;
    expect(first.key).toBe(packKey(page(1)));
    expect(first.forms).toEqual(await compressedForms(page(1), 'large'));
    await savePack(cacheDir, packSettings(), empty, new Map([[first.key!, first.forms]]));

    const pack = loadPack(cacheDir, packSettings());
    expect(pack.entries.size).toBe(1);
    const again = pageFormsSync('uno.html', page(1), PAGES, pack)!;
    expect(Buffer.from(again.forms.br!)).toEqual(Buffer.from(first.forms.br!));
    expect(Buffer.from(again.forms.gz!)).toEqual(Buffer.from(first.forms.gz!));
    // Read from the pack's shared memory, not compressed again.
    expect(again.forms.br!.buffer).toBe(pack.data);
    expect(pageFormsSync('due.html', page(2), PAGES, pack)!.forms).toEqual(await compressedForms(page(2), 'large'));
  });

  it('is written only when the pages changed, and keeps only the pages of the last build', async () => {
    const cacheDir = await tempDir();
    const forms = new Map([1, 2].map((n) => [packKey(page(n)), pageFormsSync('p.html', page(n), PAGES)!.forms]));
    await savePack(cacheDir, packSettings(), loadPack(cacheDir, packSettings()), forms);
    const file = path.join(cacheDir, 'compressed-pages.pack');
    const written = (await stat(file)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await savePack(cacheDir, packSettings(), loadPack(cacheDir, packSettings()), forms);
    expect((await stat(file)).mtimeMs).toBe(written);
    await savePack(cacheDir, packSettings(), loadPack(cacheDir, packSettings()), new Map([...forms].slice(1)));
    expect([...loadPack(cacheDir, packSettings()).entries.keys()]).toEqual([packKey(page(2))]);
  });

  it('keeps a form that is not smaller than its page absent', async () => {
    const cacheDir = await tempDir();
    const tiny = Buffer.from('<p>a</p>');
    await savePack(cacheDir, packSettings(), loadPack(cacheDir, packSettings()), new Map([[packKey(tiny), { gz: Buffer.from('z') }]]));
    expect(packedForms(loadPack(cacheDir, packSettings()), packKey(tiny))).toEqual({ gz: new Uint8Array(Buffer.from('z')) });
  });

  it('is empty when made with other settings, truncated, damaged or missing', async () => {
    const cacheDir = await tempDir();
    await savePack(cacheDir, packSettings(), loadPack(cacheDir, packSettings()), new Map([[packKey(page(1)), pageFormsSync('p.html', page(1), PAGES)!.forms]]));
    expect(loadPack(cacheDir, `${packSettings()}-other`).entries.size).toBe(0);
    const file = path.join(cacheDir, 'compressed-pages.pack');
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.byteLength - 10));
    expect(loadPack(cacheDir, packSettings()).entries.size).toBe(0);
    await writeFile(file, Buffer.from('not a pack'));
    expect(loadPack(cacheDir, packSettings()).entries.size).toBe(0);
    expect(loadPack(path.join(cacheDir, 'none'), packSettings()).entries.size).toBe(0);
  });
});
