import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/model/site-model.ts';
import type { AssetManifest, LoadedTemplates } from '../../src/render/page-props.ts';
import { availableParallelism } from 'node:os';
import { renderPage, renderPages, renderThreads, streamPages, type PageOutput } from '../../src/render/render-pages.ts';
import { brokenUrls } from '../../src/render/check-links.ts';
import { compressedForms } from '../../src/host/precompress.ts';
import { minimalRenderInputs } from '../helpers/render-inputs.ts';

let model: SiteModel;
let templates: LoadedTemplates;
let assets: AssetManifest;

beforeAll(async () => {
  ({ model, templates, assets } = await minimalRenderInputs());
  process.env.BROCHURE_ROUTES_PER_WORKER = LARGE_THRESHOLD;
});

// The unit thread runs other files after this one: the threshold goes with it.
afterAll(() => {
  delete process.env.BROCHURE_ROUTES_PER_WORKER;
});

/**
 * A large site: 250 routes, each a copy of the profile page, rendered with the threshold lowered to 30
 * routes per worker (BROCHURE_ROUTES_PER_WORKER, as parallel-build does), so a worker thread takes half
 * of them: more than RENDER_BATCH, and more than BATCHES_AHEAD batches of STREAM_BATCH, so batching and
 * the worker waiting for a slow reader both happen. At the default 250 per worker this took 600 routes,
 * rendered about 3,000 times across the file.
 */
const LARGE = 250;
const LARGE_THRESHOLD = '30';
const large = (): SiteModel => {
  const profile = model.routes.find((route) => route.kind === 'professional')!;
  return { ...model, routes: Array.from({ length: LARGE }, (_, index) => ({ ...profile, path: `/copia-${index}`, file: `copia-${index}.html` })) };
};

/**
 * `renderPages` of `large()`, made once for the file: the first test compares it with one page at a
 * time, the streaming tests compare their pages with it (rendering it again in each cost a large site apiece).
 */
let largePages: ReturnType<typeof renderPages> | undefined;
const renderedLarge = () => (largePages ??= renderPages(large(), assets, templates));

describe('renderPages', () => {
  it('renders one HTML document per route, in route order, with the doctype first', async () => {
    const pages = await renderPages(model, assets, templates);
    expect(pages.map((page) => page.route.file)).toEqual(model.routes.map((route) => route.file));
    for (const page of pages) {
      expect(page.html.startsWith('<!doctype html><html lang="it">')).toBe(true);
      expect(page.html).toContain('/static/css/site.x.css');
    }
  });

  it('renders no development markup: the watch server adds the reload script when it serves a page', async () => {
    const pages = await renderPages(model, assets, templates);
    expect(pages.some((page) => /__brochure|data-revision|EventSource/.test(page.html))).toBe(false);
  });

  it('gives the same bytes with worker threads on a large site as one page at a time', async () => {
    const site = large();
    const parallel = await renderedLarge();
    const sequential = site.routes.map((route) => renderPage(templates.pages, { model: site, route, assets }));
    expect(parallel.map((page) => page.route.file)).toEqual(sequential.map((page) => page.route.file));
    expect(parallel.map((page) => page.html)).toEqual(sequential.map((page) => page.html));
  });
});

describe('renderThreads', () => {
  it('shares the rendering from 2 × 250 routes, or from 2 × BROCHURE_ROUTES_PER_WORKER where a test sets it', () => {
    const both = Math.min(2, availableParallelism());
    try {
      delete process.env.BROCHURE_ROUTES_PER_WORKER;
      expect([renderThreads(499), renderThreads(500)]).toEqual([1, both]);
      process.env.BROCHURE_ROUTES_PER_WORKER = '30';
      expect([renderThreads(59), renderThreads(60)]).toEqual([1, both]);
      expect(renderThreads(LARGE)).toBe(both);
      for (const ignored of ['0', '-30', '2.5', 'trenta']) {
        process.env.BROCHURE_ROUTES_PER_WORKER = ignored;
        expect(renderThreads(60), ignored).toBe(0);
      }
    } finally {
      process.env.BROCHURE_ROUTES_PER_WORKER = LARGE_THRESHOLD;
    }
  });
});

describe('streamPages', () => {
  /** Links are checked against every page file and the assets the stand-in manifest names. */
  const outputOf = (site: SiteModel): PageOutput => ({ files: new Set([...site.routes.map((route) => route.file), 'static/css/site.x.css', 'static/js/islands.x.js', 'static/media/x.jpg']), base: '/' });
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

  it('hands out every page of renderPages once, with its own route, on a small site in route order', async () => {
    const pages = [];
    for await (const page of streamPages(model, assets, templates, outputOf(model))) pages.push({ route: page.route, html: text(page.bytes) });
    expect(pages).toEqual(await renderPages(model, assets, templates));
  });

  it('on a large site, hands out the workers\' pages too, even when the reader is slow (the worker waits for it)', async () => {
    const site = large();
    const streamed = new Map<string, string>();
    for await (const page of streamPages(site, assets, templates, outputOf(site))) {
      streamed.set(page.route.file, text(page.bytes));
      // A slow disk: the worker may run only a few batches ahead.
      if (streamed.size % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const full = await renderedLarge();
    expect(streamed.size).toBe(full.length);
    for (const page of full) expect(streamed.get(page.route.file), page.route.file).toBe(page.html);
  }, 60_000);

  it('lets its workers finish when the reader stops early', async () => {
    let taken = 0;
    for await (const _page of streamPages(large(), assets, templates, outputOf(large()))) if (++taken === 10) break;
    expect(taken).toBe(10);
    // A worker left blocked would keep this test file from ending; a second full run still completes.
    let again = 0;
    for await (const _page of streamPages(large(), assets, templates, outputOf(large()))) again++;
    expect(again).toBe(LARGE);
  }, 60_000);

  it('gives each page of a large site, whichever thread made it, the compressed forms and broken links the writer and checkLinks would find', async () => {
    const site = large();
    // One page file left out of the output: every page links to it from the menu or not, the same on every thread.
    const output = outputOf(site);
    const missing = [...output.files].find((file) => file.startsWith('copia-'))!;
    const files = new Set([...output.files].filter((file) => file !== 'static/js/islands.x.js' && file !== missing));
    const expected = await renderedLarge();
    const byFile = new Map(expected.map((page) => [page.route.file, page]));
    let seen = 0;
    for await (const page of streamPages(site, assets, templates, { files, base: '/' })) {
      const html = byFile.get(page.route.file)!.html;
      expect(text(page.bytes)).toBe(html);
      expect(page.brokenUrls).toEqual(brokenUrls(html, files, '/'));
      expect(page.brokenUrls).toContain('/static/js/islands.x.js');
      // Checked on a sample: brotli and gzip of every page would make this test slow.
      if (seen++ % 40 === 0) expect(page.forms).toEqual(await compressedForms(Buffer.from(html), 'large'));
    }
    expect(seen).toBe(LARGE);
  }, 60_000);
});
