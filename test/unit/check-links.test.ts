// checkLinks: every internal href/src must resolve to an output file; a broken one names its page and content file.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadContent } from '../../src/content/load.ts';
import { mentionFinder } from '../../src/content/mentions.ts';
import { formatProblem } from '../../src/errors.ts';
import type { Route } from '../../src/model/site-model.ts';
import { checkLinks } from '../../src/render/check-links.ts';
import { pageOf, type Page } from '../../src/render/render-pages.ts';
import { tempDir, writeTree } from '../helpers/files.ts';

const FILES = new Set([
  'index.html',
  'contatti.html',
  'percorsi.html',
  'rossi.html',
  '404.html',
  'sitemap.xml',
  'static/css/site.0123456789.css',
  'static/media/hero-400.abcdef01.jpg',
  'static/media/hero-800.abcdef01.jpg',
]);

function page(path: string | null, body: string, sources: string[] = ['content/home.md']): Page {
  const route: Route = {
    kind: path === null ? 'not-found' : 'home',
    path,
    file: 'x.html',
    source: sources[0]!,
    sources,
    title: 't',
    description: 'd',
  };
  return pageOf(
    route,
    Buffer.from(
      `<!doctype html><html><head><link rel="stylesheet" href="/static/css/site.0123456789.css"></head><body>${body}</body></html>`,
    ),
  );
}

/** Problems for `pages`, with source files written from `files` into a temp project folder and loaded as a build loads them. */
async function check(pages: Page[], files: Record<string, string> = {}): Promise<string[]> {
  const cwd = await tempDir();
  await writeTree(cwd, files);
  const { entries } = await loadContent(path.join(cwd, 'content'), cwd);
  return checkLinks(pages, FILES, mentionFinder(entries)).map(formatProblem);
}

const NOWHERE = () => undefined;

describe('checkLinks', () => {
  it('accepts clean URLs, the home page, files as they are, and external or in-page links', async () => {
    const body = [
      '<a href="/">home</a>',
      '<a href="/contatti">contatti</a>',
      '<a href="/rossi#percorso">bio</a>',
      '<a href="/percorsi?x=1">percorsi</a>',
      '<a href="/sitemap.xml">sitemap</a>',
      '<a href="#main">skip</a>',
      '<a href="https://example.com/x">fuori</a>',
      '<a href="//cdn.example.com/x.js">cdn</a>',
      '<a href="mailto:a@example.com">mail</a>',
      '<a href="tel:+39333">tel</a>',
      '<img src="/static/media/hero-800.abcdef01.jpg" srcset="/static/media/hero-400.abcdef01.jpg 400w, /static/media/hero-800.abcdef01.jpg 800w">',
    ].join('');
    expect(await check([page('/', body)])).toEqual([]);
  });

  it('reports a Markdown link to a missing page at the line of the content file that holds it', async () => {
    const problems = await check([page('/', '<p>Vedi <a href="/non-esiste">x</a></p>')], {
      'content/home.md': '---\ntitle: Home\n---\n\nIntro.\nVedi [x](/non-esiste).\n',
    });
    expect(problems).toEqual([
      'content/home.md:6: link: / links to /non-esiste, which is not a page or file of the site',
    ]);
  });

  it('names the service file, not the Percorsi page file, for a link in a service body', async () => {
    const sources = ['content/percorsi.md', 'content/services/01-colloquio.md', 'content/services/02-lutto.md'];
    const problems = await check([page('/percorsi', '<p><a href="/non-esiste">x</a></p>', sources)], {
      'content/percorsi.md': '---\ntitle: Percorsi\n---\nIntro.\n',
      'content/services/01-colloquio.md': '---\ntitle: Colloquio\n---\nTesto.\n',
      'content/services/02-lutto.md': '---\ntitle: Lutto\n---\n\nLeggi [le domande](/non-esiste).\n',
    });
    expect(problems).toEqual([
      'content/services/02-lutto.md:5: link: /percorsi links to /non-esiste, which is not a page or file of the site',
    ]);
  });

  it('falls back to the page source without a line when no content file mentions the URL (a template link)', async () => {
    const problems = await check([page(null, '<a href="/contatto">contatti</a>', ['content/site.yaml'])], {
      'content/site.yaml': 'name: x\n',
    });
    expect(problems).toEqual([
      'content/site.yaml: link: the 404 page links to /contatto, which is not a page or file of the site',
    ]);
  });

  it('checks asset references: src, srcset candidates and stylesheet links', async () => {
    const body = [
      '<img src="/static/media/hero-999.abcdef01.jpg">',
      '<img srcset="/static/media/hero-400.abcdef01.jpg 400w, /static/media/hero-1200.abcdef01.jpg 1200w">',
      '<link rel="stylesheet" href="/static/css/site.old.css">',
    ].join('');
    const problems = await check([page('/', body)]);
    expect(problems).toEqual([
      'content/home.md: link: / links to /static/media/hero-999.abcdef01.jpg, which is not a page or file of the site',
      'content/home.md: link: / links to /static/media/hero-1200.abcdef01.jpg, which is not a page or file of the site',
      'content/home.md: link: / links to /static/css/site.old.css, which is not a page or file of the site',
    ]);
  });

  it('reports a broken URL once per page, but on every page it appears on', async () => {
    const link = '<a href="/vecchia">x</a>';
    const problems = await check([page('/', link + link), page('/contatti', link, ['content/contatti.md'])]);
    expect(problems).toEqual([
      'content/home.md: link: / links to /vecchia, which is not a page or file of the site',
      'content/contatti.md: link: /contatti links to /vecchia, which is not a page or file of the site',
    ]);
  });

  it('decodes HTML entities and percent escapes before resolving', async () => {
    const files = new Set(['index.html', 'static/css/site.0123456789.css', 'static/media/foto uno.jpg']);
    const pages = [page('/', '<img src="/static/media/foto%20uno.jpg"><a href="/?a=1&amp;b=2">x</a>')];
    expect(checkLinks(pages, files, NOWHERE)).toEqual([]);
  });

  it('reports, rather than crashes on, a malformed percent escape', async () => {
    const problems = await check([page('/', '<a href="/sconto-50%e">x</a>')]);
    expect(problems).toEqual([
      'content/home.md: link: / links to /sconto-50%e, which is not a page or file of the site',
    ]);
  });

  it('accepts a folder URL with a trailing slash when the folder has an index.html', async () => {
    const files = new Set(['index.html', 'static/css/site.0123456789.css', 'guida/index.html']);
    expect(checkLinks([page('/', '<a href="/guida/">g</a><a href="/guida">g</a>')], files, NOWHERE)).toEqual([]);
  });
});
