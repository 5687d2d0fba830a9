// Precompressed siblings: only text, only when smaller, byte-identical from one build to the next.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAhead, compressedForms, streamWithCompressedSiblings, withCompressedSiblings } from '../../src/host/precompress.ts';
import { tempDir } from '../helpers/files.ts';

const page = Buffer.from(`<!doctype html><html><body>${'<p>Psicoterapia a Pescara.</p>'.repeat(50)}</body></html>`);

describe('withCompressedSiblings', () => {
  const files = new Map<string, Uint8Array>([
    ['index.html', page],
    ['static/css/site.0123456789.css', Buffer.from('body{color:teal}'.repeat(40))],
    ['robots.txt', Buffer.from('a')],
    ['static/media/hero.0123456789.avif', Buffer.alloc(2000)],
    ['_headers', Buffer.from('/*\n  X-Test: 1\n'.repeat(40))],
  ]);

  it('adds .br and .gz beside the text files they make smaller, never beside images or host files', async () => {
    const out = await withCompressedSiblings(files);
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
    const fresh = await withCompressedSiblings(files);
    for (let run = 0; run < 2; run++) {
      const cached = await withCompressedSiblings(files, cacheDir);
      expect([...cached.keys()]).toEqual([...fresh.keys()]);
      for (const [file, bytes] of fresh) expect(Buffer.from(cached.get(file)!).equals(Buffer.from(bytes)), `${file}, run ${run}`).toBe(true);
    }
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const [a, b] = await Promise.all([withCompressedSiblings(files), withCompressedSiblings(files)]);
    for (const [file, bytes] of a) expect(Buffer.from(bytes).equals(Buffer.from(b.get(file)!)), file).toBe(true);
  });
});

describe('withCompressedSiblings on a large site', () => {
  it('compresses pages with the large-site effort on a site of more than 160 pages, hashed assets still at their smallest', async () => {
    const pages = new Map<string, Uint8Array>(Array.from({ length: 170 }, (_, i) => [`p${i}.html`, Buffer.from(`<p>${i}</p>`.repeat(3000))]));
    pages.set('static/js/a.0123456789.js', Buffer.from('console.log(1);'.repeat(500)));
    const out = await withCompressedSiblings(pages);
    const large = await compressedForms(pages.get('p7.html')!, 'large');
    const smallest = await compressedForms(pages.get('static/js/a.0123456789.js')!, 'smallest');
    expect(Buffer.from(out.get('p7.html.br')!).equals(Buffer.from(large.br!))).toBe(true);
    expect(Buffer.from(out.get('static/js/a.0123456789.js.br')!).equals(Buffer.from(smallest.br!))).toBe(true);
  });

  it('compresses a file over 1 MB (the web editor\'s script) with the large effort on any site, the same in build and watch --out', async () => {
    const script = Buffer.from(Array.from({ length: 80_000 }, (_, i) => `var v${i}=${i % 97};`).join(''));
    expect(script.byteLength).toBeGreaterThan(1024 * 1024);
    const files = new Map<string, Uint8Array>([['admin/decap-cms.js', script], ['index.html', Buffer.from('<p>home</p>'.repeat(200))]]);
    const whole = await withCompressedSiblings(files, await tempDir());
    const large = await compressedForms(script, 'large');
    expect(Buffer.from(whole.get('admin/decap-cms.js.br')!).equals(Buffer.from(large.br!))).toBe(true);
    expect(Buffer.from(whole.get('index.html.br')!).equals(Buffer.from((await compressedForms(files.get('index.html')!, 'smallest')).br!))).toBe(true);
    const streamed = new Map<string, Uint8Array>();
    for await (const [file, bytes] of streamWithCompressedSiblings((async function* () { yield* files; })(), 1, await tempDir())) streamed.set(file, bytes);
    expect(Buffer.from(streamed.get('admin/decap-cms.js.br')!).equals(Buffer.from(large.br!))).toBe(true);
  });
});

describe('withCompressedSiblings: the effort of pages up to 1 MB follows the page count, not their bytes', () => {
  const site = (pages: number) => new Map<string, Uint8Array>(Array.from({ length: pages }, (_, i) => [`p${i}.html`, Buffer.from(`<p>pagina ${i}</p>`.repeat(400))]));

  it('uses the smallest form up to 160 pages and the large-site effort beyond, however small the pages', async () => {
    const small = await withCompressedSiblings(site(160));
    const large = await withCompressedSiblings(site(161));
    const [smallest, fast] = await Promise.all([compressedForms(site(1).get('p0.html')!, 'smallest'), compressedForms(site(1).get('p0.html')!, 'large')]);
    expect(Buffer.from(small.get('p0.html.br')!).equals(Buffer.from(smallest.br!))).toBe(true);
    expect(Buffer.from(large.get('p0.html.br')!).equals(Buffer.from(fast.br!))).toBe(true);
  });

  it('takes the page count it is given over the HTML files it holds', async () => {
    const out = await withCompressedSiblings(site(3), undefined, 1000);
    const large = await compressedForms(site(1).get('p0.html')!, 'large');
    expect(Buffer.from(out.get('p0.html.br')!).equals(Buffer.from(large.br!))).toBe(true);
  });
});

describe('streamWithCompressedSiblings (what `build` writes)', () => {
  async function* stream(files: ReadonlyMap<string, Uint8Array>, fail?: Error): AsyncGenerator<readonly [string, Uint8Array]> {
    for (const entry of files) yield entry;
    if (fail) throw fail;
  }
  const mixed = (pages: number) =>
    new Map<string, Uint8Array>([
      ...Array.from({ length: pages }, (_, i) => [`p${i}.html`, Buffer.from(`<p>pagina ${i}</p>`.repeat(300))] as const),
      ['static/js/a.0123456789.js', Buffer.from('console.log(1);'.repeat(500))],
      ['static/media/x.0123456789.avif', Buffer.alloc(3000)],
      ['_headers', Buffer.from('/*\n  X-Test: 1\n'.repeat(40))],
    ]);

  it.each([10, 200])('hands out the same files and bytes as withCompressedSiblings (%i pages), each file followed by its siblings', async (pages) => {
    const files = mixed(pages);
    const cacheDir = await tempDir();
    const streamed: [string, Uint8Array][] = [];
    for await (const [file, bytes] of streamWithCompressedSiblings(stream(files), pages, cacheDir)) streamed.push([file, bytes]);
    const whole = await withCompressedSiblings(files, cacheDir, pages);
    expect(streamed.map(([file]) => file).sort()).toEqual([...whole.keys()]);
    for (const [file, bytes] of streamed) expect(Buffer.from(bytes).equals(Buffer.from(whole.get(file)!)), file).toBe(true);
    const order = streamed.map(([file]) => file);
    for (const [file] of files) {
      const at = order.indexOf(file);
      const siblings = order.slice(at + 1, at + 3).filter((next) => next.startsWith(`${file}.`));
      expect(siblings, file).toEqual([`${file}.br`, `${file}.gz`].filter((name) => whole.has(name)));
    }
  });

  it('passes on an error of its source (a broken link found at the end)', async () => {
    const handed: string[] = [];
    const run = async () => {
      for await (const [file] of streamWithCompressedSiblings(stream(mixed(3), new Error('broken link')), 3)) handed.push(file);
    };
    await expect(run()).rejects.toThrow('broken link');
    expect(handed).toContain('p0.html.br');
  });

  it('lets its source clean up when the reader stops early', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<readonly [string, Uint8Array]> {
      try {
        yield* mixed(20);
      } finally {
        closed = true;
      }
    }
    for await (const [file] of streamWithCompressedSiblings(source(), 20)) if (file === 'p2.html') break;
    expect(closed).toBe(true);
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

describe('compressAhead', () => {
  const stylesheet = Buffer.from('body{color:teal}'.repeat(40));

  it("compresses a hashed asset ahead into the cache, and the stream's request for the same bytes takes those forms", async () => {
    const cacheDir = await tempDir('brochure-compressed-');
    const files: [string, Uint8Array][] = [['static/css/site.0123456789.css', stylesheet], ['index.html', page]];
    const fresh = await withCompressedSiblings(new Map(files));
    const ahead = compressAhead('static/css/site.0123456789.css', stylesheet, cacheDir);
    // Asked again while it runs: joined, not compressed a second time, the same bytes.
    async function* stream() {
      yield* files;
    }
    const streamed = new Map<string, Uint8Array>();
    for await (const [file, bytes] of streamWithCompressedSiblings(stream(), 1, cacheDir)) streamed.set(file, bytes);
    await ahead;
    expect([...streamed.keys()].sort()).toEqual([...fresh.keys()]);
    for (const [file, bytes] of fresh) expect(Buffer.from(streamed.get(file)!).equals(Buffer.from(bytes)), file).toBe(true);
    expect(await readdir(path.join(cacheDir, 'compressed'))).toHaveLength(2);
  });

  it('leaves pages, host files and images to the stream: their effort depends on the site', async () => {
    const cacheDir = await tempDir('brochure-compressed-');
    await Promise.all([compressAhead('index.html', page, cacheDir), compressAhead('_headers', page, cacheDir), compressAhead('static/media/hero.0123456789.avif', Buffer.alloc(2000), cacheDir)]);
    expect(await readdir(path.join(cacheDir, 'compressed')).catch(() => [])).toEqual([]);
  });
});
