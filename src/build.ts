// buildSite() and streamSite(): run and time the stages, from content/ to the output in memory or handed out page by page.
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { bundleClient, bundleStyles } from './bundle/client.ts';
import { processImages } from './bundle/images.ts';
import { imagesKey, imageWidthLimits } from './bundle/image-uses.ts';
import { checkContent } from './content/check.ts';
import { FrontMatterCache } from './content/front-matter-cache.ts';
import type { FindMention } from './content/mentions.ts';
import type { ParsedFileCache, ReadContent } from './content/load.ts';
import { adminBuild } from './cms/build-admin.ts';
import type { CmsBackend } from './cms/config.ts';
import { ProblemsError, type ContentError } from './errors.ts';
import { renderMarkdownBodies, type RenderedMarkdown } from './model/markdown.ts';
import type { ContentWorker, PrefetchedContent } from './model/markdown-worker.ts';
import { buildModel, markdownBodies, type Route, type SiteModel } from './model/site-model.ts';
import type { ResolvedOptions } from './options.ts';
import { HEADERS_FILE, renderHeadersFile } from './host/headers.ts';
import { packSettings } from './host/precompress.ts';
import { loadPack, savePack, type CompressedForms } from './host/compressed-pack.ts';
import { REDIRECTS_FILE, renderRedirectsFile } from './host/redirects.ts';
import { addPublicFiles, readPublicFiles } from './host/public-files.ts';
import { makeFavicons } from './bundle/favicon.ts';
import { checkLinks, linkProblems } from './render/check-links.ts';
import { loadTemplates } from './bundle/templates.ts';
import type { StartedBundles } from './bundle/start-bundles.ts';
import type { AssetManifest, LoadedTemplates } from './render/page-props.ts';
import { renderPage, renderPages, streamPages, type Page, type RenderPage } from './render/render-pages.ts';
import { startEarlyWorkers } from './render/early-workers.ts';
import type { PageFacts } from './compliance/page-facts.ts';
import { renderRobots, renderSitemap } from './render/site-files.ts';
import { basePath, rebaseMarkdown, sitePath } from './base-path.ts';

/** Milliseconds spent in each stage, for the summary and the benchmark. */
export interface StageTimes {
  content: number;
  assets: number;
  render: number;
  total: number;
}

/** A finished build: every output file in memory, plus what the summary needs. */
export interface BuildSuccess {
  ok: true;
  /** Output path (relative, POSIX) -> bytes, sorted by path. */
  files: Map<string, Uint8Array>;
  pages: Page[];
  /** The model the pages were rendered from (`check --compliance` reads its settings). */
  model: SiteModel;
  /** Warnings only. */
  problems: ContentError[];
  times: StageTimes;
  /** Source images that had to be encoded (not found in the cache). */
  imagesEncoded: number;
}

/** A build stopped by content problems; nothing was rendered or written. */
export interface BuildFailure {
  ok: false;
  problems: ContentError[];
}

export type BuildResult = BuildSuccess | BuildFailure;

/** What the watch server lends a build; `build` and `check` pass none. */
export interface BuildHooks {
  /** State kept between builds by `watch`, so work whose inputs did not change is reused. */
  cache?: BuildCache;
  /** The web editor's backend when not the one site.yaml names (`watch --edit`: the local proxy). */
  cmsBackend?: CmsBackend;
}

/** An asset stage whose result `watch` may reuse until one of its input files changes. */
export type AssetStage = 'templates' | 'client' | 'styles' | 'images';

/**
 * What `watch` lends each build (implemented in src/watch/build-cache.ts). Every method must return
 * what the uncached stage would: the cache only skips work, never changes the output.
 */
export interface BuildCache {
  /** Parsed content files, kept until the file changes. */
  parsedFiles: ParsedFileCache;
  /** Front matter parsed by earlier builds (on disk), for `build`; watch keeps whole parsed files instead. */
  frontMatter?: () => Promise<FrontMatterCache>;
  /** Reads a content file (`build`: the files its content worker already read); by default from disk. */
  readContent?: () => Promise<ReadContent | undefined>;
  /** Renders Markdown bodies, reusing the HTML of earlier builds. */
  renderMarkdown(bodies: string[]): Promise<RenderedMarkdown>;
  /** The last result of `stage` while none of its input files and not `key` changed. */
  reuse<T>(stage: AssetStage, key: string, run: () => Promise<T>): Promise<T>;
  /** What `renderPages` returns, calling `renderPage` only for the pages whose inputs changed. */
  renderPages(model: SiteModel, assets: AssetManifest, templates: LoadedTemplates, renderPage: RenderPage): Page[] | Promise<Page[]>;
  /** Runs `check` (the link check) on the pages not already checked against the same set of files. */
  checkLinks(pages: readonly Page[], files: ReadonlySet<string>, check: (pages: readonly Page[]) => ContentError[]): ContentError[];
  /** A page's HTML as bytes, encoded once per rendered page. */
  pageBytes(page: Page): Uint8Array;
}

/** Loads, validates, models, renders and assembles the site; never writes to disk. */
export async function buildSite(options: ResolvedOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const cache = hooks.cache ?? noCache(options);
  const prepared = await prepareSite(options, cache, hooks.cmsBackend);
  if (!prepared.ok) return prepared;
  const { model, assets, templates, base, findMention, checkedProblems, start, contentDone, assetsDone } = prepared;

  const pages = await cache.renderPages(model, assets, templates, renderPage);
  const files = new Map<string, Uint8Array>();
  for (const page of pages) files.set(page.route.file, cache.pageBytes(page));
  for (const [file, contents] of prepared.files) files.set(file, contents);

  const fileSet = new Set(files.keys());
  const broken = cache.checkLinks(pages, fileSet, (unchecked) => checkLinks(unchecked, fileSet, findMention, base));
  if (broken.length > 0) return { ok: false, problems: [...checkedProblems, ...broken] };
  const end = performance.now();

  return {
    ok: true,
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))),
    pages,
    model,
    problems: checkedProblems,
    times: { content: contentDone - start, assets: assetsDone - contentDone, render: end - assetsDone, total: end - start },
    imagesEncoded: prepared.imagesEncoded,
  };
}

/** A finished streamed build: what the summary and the compliance rules read, with file sizes instead of bytes. */
export interface StreamedBuild extends Omit<BuildSuccess, 'files'> {
  /** Output path -> size, in the order the files were handed out. */
  files: ReadonlyMap<string, { byteLength: number }>;
  /** What the compliance rules read in each page, found as it was rendered. */
  facts: ReadonlyMap<Route, PageFacts>;
}

/** An output file of a streamed build: its path, its bytes, and for a page of a large site its compressed forms, made as it was rendered. */
export type StreamedFile = readonly [file: string, bytes: Uint8Array, forms?: CompressedForms];

/** A build that hands its files out one by one (what `brochure build` writes), instead of holding the site. */
export interface SiteStream {
  ok: true;
  /**
   * Every output file, the non-page files first, then each page as soon as it is rendered and its links
   * checked. Rendering happens while this is iterated; once every page was checked, a broken link throws
   * a ProblemsError naming them all (with the content warnings), so the writer can discard its output.
   */
  files: AsyncIterable<StreamedFile>;
  /** The first segment of every output path (`index.html`, `static`, `admin`…): what the output guard checks against. */
  topLevel: ReadonlySet<string>;
  /** How many pages the stream will hand out (the compression effort depends on it). */
  pageCount: number;
  /** After `files` was iterated to the end: what `buildSite` would have returned, sizes instead of bytes. */
  result(): StreamedBuild;
  /**
   * After `files` was iterated to the end: writes the caches of the content stage (front matter,
   * Markdown), left until now so they are off the path to the pages, and resolves once those and the
   * cache of the pages' compressed forms are written (rejects as writing them did).
   */
  cacheSaved(): Promise<void>;
}

/**
 * `buildSite` for writing: the same checks and the same bytes, but pages go out as they are rendered, so
 * peak memory does not grow with the whole site's bytes (README, "Performance").
 */
export async function streamSite(
  options: ResolvedOptions,
  hooks: Pick<BuildHooks, 'cmsBackend'> & {
    /** The bundles `brochure build` started before reading the content. */
    started?: StartedBundles;
    /** The content worker `brochure build` started before loading the pipeline (`startColdContentWorker`). */
    contentWorker?: Promise<ContentWorker | undefined>;
  } = {},
): Promise<SiteStream | BuildFailure> {
  const early = startEarlyWorkers(options);
  // The content stage's cache writes, run by `cacheSaved` (or at once, when the build stops early).
  const cacheWrites: (() => Promise<void>)[] = [];
  const writeCaches = () => Promise.all(cacheWrites.splice(0).map((write) => write()));
  const prepared = await prepareSite(options, noCache(options, hooks.started, hooks.contentWorker, cacheWrites), hooks.cmsBackend).catch(async (error: unknown) => {
    early.release();
    await writeCaches().catch(() => undefined);
    throw error;
  });
  if (!prepared.ok) {
    early.release();
    await writeCaches();
    return prepared;
  }
  const { model, assets, templates, base, findMention, checkedProblems, start, contentDone, assetsDone, files: otherFiles, imagesEncoded } = prepared;
  // Known before rendering: every page's file and every other output file, which is all a link may point at.
  const fileSet = new Set([...model.routes.map((route) => route.file), ...otherFiles.keys()]);
  const sizes = new Map<string, { byteLength: number }>();
  const pages: Page[] = [];
  const pageFacts = new Map<Route, PageFacts>();
  let end: number | undefined;
  let cacheSaved: Promise<void> = Promise.resolve();
  // The compliance rules read a page's HTML several times in a row: the page decoded last is kept, not every page.
  let decoded: { bytes: Uint8Array; html: string } | undefined;
  const decode = (bytes: Uint8Array): string => {
    if (decoded?.bytes !== bytes) decoded = { bytes, html: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') };
    return decoded.html;
  };

  // Started now: the render workers take their first pages while the writer prepares and writes the other files.
  const pack = loadPack(options.cacheDir, packSettings());
  const pageStream = streamPages(model, assets, templates, { files: fileSet, base, pack }, early);

  async function* files(): AsyncGenerator<StreamedFile> {
    let handedOthers = false;
    try {
      for (const [file, contents] of otherFiles) {
        sizes.set(file, contents);
        yield [file, contents];
      }
      handedOthers = true;
    } finally {
      // Stopped before the pages (a failed write): end the render workers, which already have their task.
      if (!handedOthers) await pageStream.return(undefined);
    }
    // Pages come in the order their threads finish them; problems are reported in route order.
    const broken = new Map<Route, ContentError[]>();
    const packed = new Map<string, CompressedForms>();
    for await (const { route, bytes, forms, formsKey, brokenUrls, facts } of pageStream) {
      if (brokenUrls.length > 0) broken.set(route, linkProblems(route, brokenUrls, findMention));
      if (formsKey !== undefined && forms) packed.set(formsKey, forms);
      // Kept as UTF-8 bytes, decoded again only if read (the compliance rules): half the memory of
      // the string, which is two bytes a character on any page with a dash or curly quote.
      pages.push({ route, get html() { return decode(bytes); } });
      pageFacts.set(route, facts);
      sizes.set(route.file, { byteLength: bytes.byteLength });
      yield [route.file, bytes, forms];
    }
    if (broken.size > 0) throw new ProblemsError([...checkedProblems, ...model.routes.flatMap((route) => broken.get(route) ?? [])]);
    // Made and written on the next turn: while the writer finishes and swaps the output in, when this
    // thread would only wait for the file system.
    cacheSaved = setImmediate().then(() => savePack(options.cacheDir, packSettings(), pack, packed));
    cacheSaved.catch(() => undefined);
    end = performance.now();
  }

  return {
    ok: true,
    files: files(),
    topLevel: new Set([...fileSet].map((file) => file.split('/')[0]!)),
    pageCount: model.routes.length,
    result() {
      if (end === undefined) throw new Error('streamSite: result() before every file was handed out');
      const order = new Map(model.routes.map((route, index) => [route, index]));
      return {
        ok: true,
        files: sizes,
        pages: pages.sort((a, b) => order.get(a.route)! - order.get(b.route)!),
        facts: pageFacts,
        model,
        problems: checkedProblems,
        times: { content: contentDone - start, assets: assetsDone - contentDone, render: end - assetsDone, total: end - start },
        imagesEncoded,
      };
    },
    cacheSaved: async () => {
      await Promise.all([writeCaches(), cacheSaved]);
    },
  };
}

/** Content validated and modelled, templates and assets built, every non-page file made: all rendering needs. */
interface PreparedSite {
  ok: true;
  model: SiteModel;
  assets: AssetManifest;
  templates: LoadedTemplates;
  /** The site's base path (`/`, or `/sub/` for a site published in a sub-folder). */
  base: string;
  findMention: FindMention;
  /** Every output file but the pages: assets, favicons, host files, public files, the web editor. */
  files: Map<string, Uint8Array>;
  /** Warnings only. */
  checkedProblems: ContentError[];
  imagesEncoded: number;
  start: number;
  contentDone: number;
  assetsDone: number;
}

async function prepareSite(options: ResolvedOptions, cache: BuildCache, cmsBackend: CmsBackend | undefined): Promise<PreparedSite | BuildFailure> {
  const start = performance.now();
  const checked = await checkContent(options, cache.parsedFiles, await cache.frontMatter?.(), await cache.readContent?.());
  if (!checked.entries) return { ok: false, problems: checked.problems };
  const base = basePath(checked.entries.site.data.url);
  const markdown = await cache.renderMarkdown(markdownBodies(checked.entries));
  const model = buildModel(checked.entries, rebaseMarkdown(markdown, base));
  const contentDone = performance.now();

  let bundles;
  try {
    const imageSources = checked.entries.images;
    const imageWidths = imageWidthLimits(checked.entries);
    bundles = await Promise.all([
      cache.reuse('templates', '', () => loadTemplates(options)),
      cache.reuse('client', '', () => bundleClient(options)),
      cache.reuse('styles', '', () => bundleStyles(options)),
      cache.reuse('images', imagesKey(imageSources, imageWidths), () => processImages(imageSources, options.content, options.cacheDir, imageWidths)),
      makeFavicons(model.site.favicon ?? model.site.logo, options.content, options.cacheDir),
      readPublicFiles(options.content),
    ]);
  } catch (error) {
    if (error instanceof ProblemsError) return { ok: false, problems: [...checked.problems, ...error.problems] };
    throw error;
  }
  const [templates, client, stylesheet, images, favicons, publicFiles] = bundles;
  const assets: AssetManifest = {
    script: sitePath(base, client.entry.path),
    stylesheet: sitePath(base, stylesheet.path),
    images: base === '/' ? images.images : rebaseImages(images.images, base),
  };
  const assetsDone = performance.now();

  const files = new Map<string, Uint8Array>();
  for (const file of client.files) files.set(file.path, file.contents);
  files.set(stylesheet.path, stylesheet.contents);
  for (const [file, contents] of images.files) files.set(file, contents);
  files.set('sitemap.xml', Buffer.from(renderSitemap(model)));
  files.set('robots.txt', Buffer.from(renderRobots(model)));
  const pagePaths = model.routes.flatMap((route) => (route.path === null ? [] : [route.path]));
  files.set(REDIRECTS_FILE, Buffer.from(renderRedirectsFile(model.site.url, pagePaths)));
  for (const [file, contents] of favicons) files.set(file, contents);
  // GitHub Pages publishing from a branch runs Jekyll, which drops `_headers` and is not needed.
  if (new URL(model.site.url).hostname.endsWith('.github.io')) files.set('.nojekyll', new Uint8Array());
  // The pages are rendered later, but a public file may not take a page's name either.
  const pageFiles = new Set(model.routes.map((route) => route.file));
  const clashes = addPublicFiles(files, publicFiles, options.content, options.cwd, pageFiles);
  if (clashes.length > 0) return { ok: false, problems: [...checked.problems, ...clashes] };
  const admin = await adminBuild(model.site, cmsBackend, options, assets.stylesheet);
  for (const [file, contents] of admin.files) files.set(file, contents);
  files.set(HEADERS_FILE, Buffer.from(renderHeadersFile(model.site, admin.headers)));
  return { ok: true, model, assets, templates, base, findMention: checked.findMention, files, checkedProblems: checked.problems, imagesEncoded: images.encoded, start, contentDone, assetsDone };
}

/** What `build` and `check` use: every stage runs; only the on-disk caches of the stages apply. */
function noCache(options: ResolvedOptions, started?: StartedBundles, contentWorker?: Promise<ContentWorker | undefined>, cacheWrites?: (() => Promise<void>)[]): BuildCache {
  // On large sites a second thread reads, parses and renders half the Markdown files while this one does
  // the other half, before loading (src/model/markdown-worker.ts); loading then finds them done.
  // Imported, not bundled with this module: the compiled CLI then gives the worker a chunk of its own,
  // so it starts without the rest of the pipeline (zod and the schemas among it: README, "Performance").
  const worker = contentWorker ?? import('./model/markdown-worker.ts').then(({ startContentWorker }) => startContentWorker(options.content, options.cacheDir));
  // With `cacheWrites` (a streamed build), the caches are written when the caller runs those.
  const frontMatter = FrontMatterCache.load(options.cacheDir).then((cache) => {
    if (cacheWrites) cacheWrites.push(cache.deferSave());
    return cache;
  });
  let prefetched: Promise<PrefetchedContent | undefined> | undefined;
  const prefetch = () => (prefetched ??= Promise.all([worker, frontMatter]).then(([started, cache]) => started?.finish(cache)));
  return {
    parsedFiles: (_absolute, parse) => parse(),
    frontMatter: async () => {
      await prefetch();
      return frontMatter;
    },
    readContent: async () => (await prefetch())?.read,
    renderMarkdown: async (bodies) => {
      try {
        return await renderMarkdownBodies(bodies, options.cacheDir, async () => (await prefetch())?.markdown, cacheWrites && ((write) => void cacheWrites.push(write)));
      } finally {
        void worker.then((started) => started?.stop());
      }
    },
    // The bundles `brochure build` started before reading the content (the same calls as `run`'s).
    reuse: (stage, _key, run) => (started?.take(stage) as ReturnType<typeof run> | undefined) ?? run(),
    renderPages: (model, assets, templates) => renderPages(model, assets, templates),
    checkLinks: (pages, _files, check) => check(pages),
    pageBytes: (page) => Buffer.from(page.html),
  };
}

/** Image URLs (`src`, every `srcset` entry) under the base path. */
function rebaseImages(images: AssetManifest['images'], base: string): AssetManifest['images'] {
  const rebaseSet = (srcset: string) => srcset && srcset.split(', ').map((entry) => sitePath(base, entry)).join(', ');
  return Object.fromEntries(
    Object.entries(images).map(([source, image]) => [
      source,
      { ...image, src: sitePath(base, image.src), srcset: rebaseSet(image.srcset), sources: image.sources.map((s) => ({ ...s, srcset: rebaseSet(s.srcset) })) },
    ]),
  );
}
