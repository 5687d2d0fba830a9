// WatchCache: what `watch` keeps between builds (parsed files, asset stages, Markdown, the stages' memo, pages) and what a change throws away.
import path from 'node:path';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetStage } from '../../src/build.ts';
import { loadContent, type ParsedFile } from '../../src/content/load.ts';
import { mentionFinder } from '../../src/content/mentions.ts';
import { WatchCache } from '../../src/watch/build-cache.ts';
import { formatProblem, type ContentError } from '../../src/errors.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import type { Route, SiteModel } from '../../src/model/site-model.ts';
import { resolveOptions, type ResolvedOptions } from '../../src/options.ts';
import type { AssetManifest, PageProps, PageTemplates } from '../../src/render/page-props.ts';
import { checkLinks } from '../../src/render/check-links.ts';
import { pageOf, renderPage, type Page } from '../../src/render/render-pages.ts';
import { tempDir, writeTree } from '../helpers/files.ts';

/** The bodies WatchCache rendered itself, one by one. */
const rendered = vi.hoisted((): string[] => []);

// The real renderers, watched: WatchCache must call them only for bodies it has not seen.
vi.mock('../../src/model/markdown.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/model/markdown.ts')>();
  return {
    ...real,
    makeUnifiedRenderer: async () => {
      const render = await real.makeUnifiedRenderer();
      return (body: string) => (rendered.push(body), render(body));
    },
    renderMarkdownBodies: vi.fn(real.renderMarkdownBodies),
  };
});

beforeEach(() => {
  rendered.length = 0;
  vi.mocked(renderMarkdownBodies).mockClear();
});

/** Options for a project in a temp folder: its own content, templates, client folder and cache. */
async function project(): Promise<ResolvedOptions> {
  const dir = await tempDir();
  await writeTree(dir, {
    'content/home.md': '---\ntitle: Home\n---\n\nVedi [la pagina](/sparita).\n',
  });
  return {
    ...resolveOptions({ content: 'content' }, dir),
    templatesDir: path.join(dir, 'templates'),
    clientEntry: path.join(dir, 'client', 'entry.ts'),
    cacheDir: path.join(dir, 'cache'),
  };
}

/** A stand-in for a parsed file, told apart by `n`. */
function parsed(n: number): ParsedFile {
  return { n } as unknown as ParsedFile;
}

/** A compute function that counts its runs and returns the run number. */
function counter() {
  let runs = 0;
  return { run: vi.fn(async () => ++runs), runs: () => runs };
}

/** A route for `file`, rendered from `source`. */
function route(file: string, source: string): Route {
  return {
    kind: 'home',
    path: `/${file.replace(/\.html$/, '')}`,
    file,
    source,
    sources: [source],
    title: file,
    description: file,
  };
}

describe('WatchCache.parsedFiles', () => {
  it('parses a file once and hands back the kept result until the file changes', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    const file = path.join(options.content, 'home.md');
    const parse = vi.fn(async () => parsed(parse.mock.calls.length));
    expect(await cache.parsedFiles(file, parse)).toEqual(parsed(1));
    expect(await cache.parsedFiles(file, parse)).toEqual(parsed(1));
    expect(parse).toHaveBeenCalledTimes(1);

    cache.invalidate(file);
    expect(await cache.parsedFiles(file, parse)).toEqual(parsed(2));
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('forgets every file below a changed folder, and only those', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    const folder = path.join(options.content, 'professionals');
    const files = [
      path.join(folder, 'rossi.md'),
      path.join(folder, 'team', 'bianchi.md'),
      path.join(options.content, 'professionals-old.md'),
      path.join(options.content, 'home.md'),
    ];
    const parse = vi.fn(async () => parsed(0));
    for (const file of files) await cache.parsedFiles(file, parse);

    // A folder renamed or removed: everything under it may be different, a sibling with a similar name is not.
    cache.invalidate(folder);
    parse.mockClear();
    for (const file of files) await cache.parsedFiles(file, parse);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('does not keep a result when its file changed while it was being parsed', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    const file = path.join(options.content, 'home.md');
    // The save lands half-way through reading: what was read may be the old text.
    const first = await cache.parsedFiles(file, async () => {
      cache.invalidate(file);
      return parsed(1);
    });
    expect(first).toEqual(parsed(1));
    expect(await cache.parsedFiles(file, async () => parsed(2))).toEqual(parsed(2));
    expect(await cache.parsedFiles(file, async () => parsed(3))).toEqual(parsed(2));
  });

  it('is a plain function, as loadContent calls it', async () => {
    const options = await project();
    const { parsedFiles } = new WatchCache(options);
    expect(await parsedFiles(path.join(options.content, 'home.md'), async () => parsed(7))).toEqual(parsed(7));
  });
});

describe('WatchCache.reuse and invalidate', () => {
  /** Runs every stage once more and returns which of them computed again. */
  async function recomputed(
    cache: WatchCache,
    stages: Record<AssetStage, ReturnType<typeof counter>>,
  ): Promise<AssetStage[]> {
    const before = Object.fromEntries(Object.entries(stages).map(([stage, count]) => [stage, count.runs()]));
    for (const [stage, count] of Object.entries(stages)) await cache.reuse(stage as AssetStage, '', count.run);
    return (Object.keys(stages) as AssetStage[]).filter((stage) => stages[stage].runs() !== before[stage]);
  }

  async function primed(options: ResolvedOptions) {
    const cache = new WatchCache(options);
    const stages = { templates: counter(), client: counter(), styles: counter(), images: counter() };
    for (const [stage, count] of Object.entries(stages)) await cache.reuse(stage as AssetStage, '', count.run);
    return { cache, stages };
  }

  it('returns the kept result of a stage while nothing it depends on changed', async () => {
    const options = await project();
    const { cache, stages } = await primed(options);
    expect(await recomputed(cache, stages)).toEqual([]);
    expect(await cache.reuse('templates', '', stages.templates.run)).toBe(1);
  });

  it.each([
    ['a template', ['templates', 'pages', 'HomePage.tsx'], ['templates', 'client', 'styles']],
    ['a stylesheet', ['templates', 'styles', 'base.css'], ['templates', 'client', 'styles']],
    ['the templates folder itself', ['templates'], ['templates', 'client', 'styles']],
    ['a client source', ['client', 'hydrate-islands.ts'], ['client']],
    ['an image', ['content', 'images', 'hero.jpg'], ['images']],
    ['a content file', ['content', 'home.md'], []],
    ['a file whose name only starts like the templates folder', ['templates-old', 'x.tsx'], []],
  ])('after a change to %s, computes again exactly the stages built from it', async (_, parts, stages) => {
    const options = await project();
    const { cache, stages: counters } = await primed(options);
    cache.invalidate(path.join(path.dirname(options.content), ...parts));
    expect(await recomputed(cache, counters)).toEqual(stages);
    // And keeps the new results.
    expect(await recomputed(cache, counters)).toEqual([]);
  });

  it('computes a stage again when its key changes (a different list of images)', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    const images = counter();
    await cache.reuse('images', 'images/a.jpg', images.run);
    await cache.reuse('images', 'images/a.jpg', images.run);
    await cache.reuse('images', 'images/a.jpg\nimages/b.jpg', images.run);
    expect(images.runs()).toBe(2);
  });

  it('does not keep a stage result when one of its inputs changed while it ran', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    await cache.reuse('styles', '', async () => {
      cache.invalidate(path.join(options.templatesDir, 'styles', 'site.css'));
      return 'old';
    });
    expect(await cache.reuse('styles', '', async () => 'new')).toBe('new');
    expect(await cache.reuse('styles', '', async () => 'newer')).toBe('new');
  });
});

describe('WatchCache.renderMarkdown', () => {
  it('renders every body the first time, through the on-disk cache, as build does', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    const rendered = await cache.renderMarkdown(['# Uno', 'Due *corsivo*']);
    expect([...rendered]).toEqual([
      ['# Uno', '<h1>Uno</h1>'],
      ['Due *corsivo*', '<p>Due <em>corsivo</em></p>'],
    ]);
    expect(renderMarkdownBodies).toHaveBeenCalledExactlyOnceWith(
      ['# Uno', 'Due *corsivo*'],
      options.cacheDir,
      options.packageRoot,
    );
  });

  it('later renders only the new bodies, one by one, and keeps only the bodies of the last build', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    await cache.renderMarkdown(['# Uno', 'Due']);
    rendered.length = 0;

    const second = await cache.renderMarkdown(['# Uno', 'Tre']);
    expect([...second]).toEqual([
      ['# Uno', '<h1>Uno</h1>'],
      ['Tre', '<p>Tre</p>'],
    ]);
    expect(rendered).toEqual(['Tre']);

    // "Due" was not part of the last build: it is rendered again, not served from a growing map.
    await cache.renderMarkdown(['Due', 'Tre']);
    expect(rendered).toEqual(['Tre', 'Due']);
    expect(renderMarkdownBodies).toHaveBeenCalledTimes(1);
  });

  it('shows an edited body as edited: the HTML is keyed by the text, never by the file', async () => {
    const options = await project();
    const cache = new WatchCache(options);
    await cache.renderMarkdown(['Prima versione']);
    expect([...(await cache.renderMarkdown(['Seconda versione'])).values()]).toEqual(['<p>Seconda versione</p>']);
  });
});

describe('the link check with WatchCache.memo', () => {
  const FILES = new Set(['index.html', 'contatti.html']);

  /** The real link check against `files`, with lines from the loaded content, lent the cache's memo as buildSite lends it. */
  async function linkCheck(
    options: ResolvedOptions,
    cache: WatchCache,
  ): Promise<(pages: readonly Page[], files: ReadonlySet<string>) => ContentError[]> {
    const findMention = mentionFinder((await loadContent(options.content, options.cwd)).entries);
    return (pages, files) => checkLinks(pages, files, findMention, '/', cache.memo);
  }

  const page = (html: string): Page => pageOf(route('index.html', 'content/home.md'), Buffer.from(html));

  it('reports a broken link at the line of the content file that holds it, as without the memo', async () => {
    const options = await project();
    const check = await linkCheck(options, new WatchCache(options));
    const broken = page('<a href="/sparita">x</a>');
    expect(check([broken], FILES).map(formatProblem)).toEqual([
      'content/home.md:5: link: /index links to /sparita, which is not a page or file of the site',
    ]);
    // A page with a broken link is looked at again on every build.
    expect(check([broken], FILES)).toHaveLength(1);
  });

  it('skips a page (the same object) that already passed against the same files, and checks it again when the files change', async () => {
    const options = await project();
    const check = await linkCheck(options, new WatchCache(options));
    let html = '<a href="/contatti">x</a>';
    // The memo goes by identity: a reused page is the very object that passed. A page whose HTML
    // changes behind it proves it is not looked at again (real pages never change, a new render is a new object).
    const changing: Page = {
      route: route('index.html', 'content/home.md'),
      bytes: new Uint8Array(),
      get html() {
        return html;
      },
    };
    expect(check([changing], FILES)).toEqual([]);
    html = '<a href="/sparita">x</a>';
    expect(check([changing], new Set(FILES))).toEqual([]);

    // A file gone: links that resolved may not any more.
    expect(check([changing], new Set(['index.html']))).toHaveLength(1);
  });

  it('checks a newly rendered page even when the files are the same', async () => {
    const options = await project();
    const check = await linkCheck(options, new WatchCache(options));
    check([page('<a href="/contatti">x</a>')], FILES);
    expect(check([page('<a href="/sparita">x</a>')], FILES)).toHaveLength(1);
  });
});

describe('WatchCache.renderPages and pagesRendered', () => {
  it('renders pages through its page cache and reports how many the last build rendered', async () => {
    const cache = new WatchCache(await project());
    expect(cache.pagesRendered).toBe(0);
    const show = ({ route }: PageProps) => createElement('h1', null, route.title);
    const templates = {
      home: show,
      contacts: show,
      services: show,
      privacy: show,
      professional: show,
      'not-found': show,
    } satisfies PageTemplates;
    const site = {
      routes: [route('index.html', 'content/home.md'), route('contatti.html', 'content/contatti.md')],
    } as SiteModel;
    const assets: AssetManifest = { script: '/s.js', stylesheet: '/s.css', images: {} };

    const first = cache.renderPages(site, assets, { pages: templates }, renderPage);
    expect(first.map((page) => page.html)).toEqual([
      '<!doctype html><h1>index.html</h1>',
      '<!doctype html><h1>contatti.html</h1>',
    ]);
    expect(cache.pagesRendered).toBe(2);

    const again = cache.renderPages(structuredClone(site), assets, { pages: templates }, renderPage);
    expect(cache.pagesRendered).toBe(0);
    expect(again[0]).toBe(first[0]);
  });
});
