// Precompressed siblings: only text, only when smaller, byte-identical from one build to the next.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedForms } from '../../src/host/precompress.ts';
import { tempDir } from '../helpers/files.ts';
import { withSiblings } from '../helpers/siblings.ts';

const page = Buffer.from(`<!doctype html><html><body>${'<p>Psicoterapia a Pescara.</p>'.repeat(50)}</body></html>`);

describe('siblingsOf', () => {
  const files = new Map<string, Uint8Array>([
    ['index.html', page],
    ['static/css/site.0123456789.css', Buffer.from('body{color:teal}'.repeat(40))],
    ['robots.txt', Buffer.from('a')],
    ['static/media/hero.0123456789.avif', Buffer.alloc(2000)],
    ['_headers', Buffer.from('/*\n  X-Test: 1\n'.repeat(40))],
  ]);

  it('adds .br and .gz beside the text files they make smaller, never beside images or host files', async () => {
    const out = await withSiblings(files, 1);
    expect([...out.keys()]).toEqual([
      '_headers',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'robots.txt',
      'static/css/site.0123456789.css',
      'static/css/site.0123456789.css.br',
      'static/css/site.0123456789.css.gz',
      'static/media/hero.0123456789.avif',
    ]);
    expect(brotliDecompressSync(out.get('index.html.br')!).equals(page)).toBe(true);
    expect(gunzipSync(out.get('index.html.gz')!).equals(page)).toBe(true);
  });

  it('gives the same bytes from its cache as without it', async () => {
    const cacheDir = await tempDir('brochure-compressed-');
    const fresh = await withSiblings(files, 1);
    for (let run = 0; run < 2; run++) {
      const cached = await withSiblings(files, 1, cacheDir);
      expect([...cached.keys()]).toEqual([...fresh.keys()]);
      for (const [file, bytes] of fresh)
        expect(Buffer.from(cached.get(file)!).equals(Buffer.from(bytes)), `${file}, run ${run}`).toBe(true);
    }
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const [a, b] = await Promise.all([withSiblings(files, 1), withSiblings(files, 1)]);
    for (const [file, bytes] of a) expect(Buffer.from(bytes).equals(Buffer.from(b.get(file)!)), file).toBe(true);
  });
});

describe('siblingsOf on a large site', () => {
  it('compresses pages with the large-site effort on a site of more than 160 pages, hashed assets still at their smallest', async () => {
    const pages = new Map<string, Uint8Array>(
      Array.from({ length: 170 }, (_, i) => [`p${i}.html`, Buffer.from(`<p>${i}</p>`.repeat(3000))]),
    );
    pages.set('static/js/a.0123456789.js', Buffer.from('console.log(1);'.repeat(500)));
    const out = await withSiblings(pages, 170);
    const large = await compressedForms(pages.get('p7.html')!, 'large');
    const smallest = await compressedForms(pages.get('static/js/a.0123456789.js')!, 'smallest');
    expect(Buffer.from(out.get('p7.html.br')!).equals(Buffer.from(large.br!))).toBe(true);
    expect(Buffer.from(out.get('static/js/a.0123456789.js.br')!).equals(Buffer.from(smallest.br!))).toBe(true);
  });

  it("compresses a file over 1 MB (the web editor's script) with the large effort on any site", async () => {
    const script = Buffer.from(Array.from({ length: 80_000 }, (_, i) => `var v${i}=${i % 97};`).join(''));
    expect(script.byteLength).toBeGreaterThan(1024 * 1024);
    const files = new Map<string, Uint8Array>([
      ['admin/sveltia-cms.js', script],
      ['index.html', Buffer.from('<p>home</p>'.repeat(200))],
    ]);
    const whole = await withSiblings(files, 1, await tempDir());
    const large = await compressedForms(script, 'large');
    expect(Buffer.from(whole.get('admin/sveltia-cms.js.br')!).equals(Buffer.from(large.br!))).toBe(true);
    expect(
      Buffer.from(whole.get('index.html.br')!).equals(
        Buffer.from((await compressedForms(files.get('index.html')!, 'smallest')).br!),
      ),
    ).toBe(true);
  });
});

describe('siblingsOf: the effort of pages up to 1 MB follows the page count, not their bytes', () => {
  const site = (pages: number) =>
    new Map<string, Uint8Array>(
      Array.from({ length: pages }, (_, i) => [`p${i}.html`, Buffer.from(`<p>pagina ${i}</p>`.repeat(400))]),
    );

  it('uses the smallest form up to 160 pages and the large-site effort beyond, however small the pages', async () => {
    const small = await withSiblings(site(160), 160);
    const large = await withSiblings(site(161), 161);
    const [smallest, fast] = await Promise.all([
      compressedForms(site(1).get('p0.html')!, 'smallest'),
      compressedForms(site(1).get('p0.html')!, 'large'),
    ]);
    expect(Buffer.from(small.get('p0.html.br')!).equals(Buffer.from(smallest.br!))).toBe(true);
    expect(Buffer.from(large.get('p0.html.br')!).equals(Buffer.from(fast.br!))).toBe(true);
  });
});

describe('compressedForms', () => {
  it('compresses harder for the build than for watch, both readable', async () => {
    const [smallest, fast] = await Promise.all([compressedForms(page, 'smallest'), compressedForms(page, 'fast')]);
    expect(smallest.br!.byteLength).toBeLessThanOrEqual(fast.br!.byteLength);
    expect(brotliDecompressSync(fast.br!).equals(page)).toBe(true);
    expect(gunzipSync(fast.gz!).equals(page)).toBe(true);
  });
});
