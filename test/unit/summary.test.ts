// formatSummary: one line per route with its HTML size, the totals, and the time taken.
import { describe, expect, it } from 'vitest';
import type { BuildSuccess } from '../../src/build.ts';
import type { Route } from '../../src/model/site-model.ts';
import { formatSummary } from '../../src/cli/summary.ts';
import { pageOf } from '../../src/render/render-pages.ts';

function route(path: string | null, file: string): Route {
  return {
    kind: path === null ? 'not-found' : 'home',
    path,
    file,
    source: 'content/home.md',
    sources: ['content/home.md'],
    title: 't',
    description: 'd',
  };
}

/** A finished build with pages of the given sizes plus assets. */
function result(
  pages: [string | null, string, number][],
  assets: Record<string, number>,
  imagesEncoded = 0,
): Omit<BuildSuccess, 'model'> {
  const rendered = pages.map(([path, file, size]) => pageOf(route(path, file), Buffer.from('x'.repeat(size))));
  const files = new Map<string, Uint8Array>();
  for (const page of rendered) files.set(page.route.file, Buffer.from(page.html));
  for (const [file, size] of Object.entries(assets)) files.set(file, new Uint8Array(size));
  return {
    ok: true,
    files,
    pages: rendered,
    problems: [],
    times: { content: 12.4, assets: 30.6, render: 8, total: 51 },
    imagesEncoded,
  };
}

describe('formatSummary', () => {
  it('prints each route with its HTML size, the HTML and asset totals, and the time per stage', () => {
    const summary = formatSummary(
      result(
        [
          ['/', 'index.html', 16_049],
          ['/contatti', 'contatti.html', 980],
          ['/chiara-de-santis', 'chiara-de-santis.html', 17_700],
          [null, '404.html', 7_900],
        ],
        { 'static/js/islands.abc.js': 12_000, 'static/css/site.abc.css': 9_000, 'sitemap.xml': 400, 'robots.txt': 71 },
      ),
      'dist',
      'en',
    );
    expect(summary.split('\n')).toEqual([
      '  /                   16.0 kB',
      '  /contatti             980 B',
      '  /chiara-de-santis   17.7 kB',
      '  (404) 404.html       7.9 kB',
      '  HTML                42.6 kB',
      '  assets              21.5 kB  (4 files)',
      'Built 4 pages, 64.1 kB in 0.05 s into dist/ (content 12 ms, assets 31 ms, render 8 ms).',
    ]);
  });

  it('mentions images encoded in this build (cache misses)', () => {
    const summary = formatSummary(
      result(
        [
          ['/', 'index.html', 100],
          ['/contatti', 'contatti.html', 100],
        ],
        { 'static/media/a.jpg': 2_000, 'static/media/b.jpg': 1_000 },
        2,
      ),
      'out',
      'en',
    );
    expect(summary).toContain('  assets       3.0 kB  (2 files, 2 images encoded)');
    expect(summary.split('\n').at(-1)).toMatch(/^Built 2 pages, 3\.2 kB in 0\.05 s into out\/ /);
  });

  it('speaks the site’s language, one and many alike', () => {
    const summary = formatSummary(result([['/', 'index.html', 100]], { 'static/media/a.jpg': 2_000 }, 1), 'dist', 'it');
    expect(summary.split('\n')).toEqual([
      '  /              100 B',
      '  HTML           100 B',
      '  altri file    2.0 kB  (1 file, 1 immagine convertita)',
      'Sito pronto in dist/: 1 pagina, 2.1 kB in 0.05 s (contenuti 12 ms, altri file 31 ms, pagine 8 ms).',
    ]);
  });
});
