// buildSite(): the list of stages, from content/ to every output file in memory; `build`, `check` and `watch` all run it.
import { performance } from 'node:perf_hooks';
import { bundleClient, bundleStyles } from './bundle/client.ts';
import { processImages } from './bundle/images.ts';
import { imagesKey, imageWidthLimits } from './bundle/image-uses.ts';
import { checkContent } from './content/check.ts';
import type { FindMention } from './content/mentions.ts';
import type { ParsedFileCache } from './content/load.ts';
import { adminBuild } from './cms/build-admin.ts';
import { ProblemsError, type ContentError } from './errors.ts';
import { renderMarkdownBodies, type RenderedMarkdown } from './model/markdown.ts';
import { buildModel, markdownBodies, type SiteModel } from './model/site-model.ts';
import type { ResolvedOptions } from './options.ts';
import { HEADERS_FILE, renderHeadersFile } from './host/headers.ts';
import { REDIRECTS_FILE, renderRedirectsFile } from './host/redirects.ts';
import { addPublicFiles, readPublicFiles } from './host/public-files.ts';
import { makeFavicons } from './bundle/favicon.ts';
import { checkLinks } from './render/check-links.ts';
import { loadTemplates } from './bundle/templates.ts';
import type { AssetManifest, LoadedTemplates } from './render/page-props.ts';
import { renderPage, renderPages, type Page, type RenderPage } from './render/render-pages.ts';
import { NO_MEMO, type Memo } from './memo.ts';
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
  /** Serve the web editor even when site.yaml names no online one (`watch --edit`: Sveltia's local editing). */
  localEditor?: boolean;
}

/** An asset stage whose result `watch` may reuse until one of its input files changes. */
export type AssetStage = 'templates' | 'client' | 'styles' | 'images';

/**
 * What `watch` lends each build (implemented in src/watch/build-cache.ts): the one place state lives
 * between builds. Stages are functions of their inputs and keep nothing themselves; every method must
 * return what the stage alone would: the memo only skips work, never changes the output.
 */
export interface BuildCache {
  /** Parsed content files, kept until the file changes. */
  parsedFiles: ParsedFileCache;
  /** Renders Markdown bodies, reusing the HTML of earlier builds. */
  renderMarkdown(bodies: string[]): Promise<RenderedMarkdown>;
  /** The last result of `stage` while none of its input files and not `key` changed. */
  reuse<T>(stage: AssetStage, key: string, run: () => Promise<T>): Promise<T>;
  /** What the stages keep of one another's values, by key: schema checks, image verdicts, model objects, link checks. */
  memo: Memo;
  /** What `renderPages` returns, calling `renderPage` only for the pages whose inputs changed. */
  renderPages(
    model: SiteModel,
    assets: AssetManifest,
    templates: LoadedTemplates,
    renderPage: RenderPage,
  ): Page[] | Promise<Page[]>;
}

/** Loads, validates, models, renders and assembles the site; never writes to disk. */
export async function buildSite(options: ResolvedOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const cache = hooks.cache ?? everyStageRuns(options);
  const prepared = await prepareSite(options, cache, hooks.localEditor === true);
  if (!prepared.ok) return prepared;
  const { model, assets, templates, base, findMention, checkedProblems, start, contentDone, assetsDone } = prepared;

  const pages = await cache.renderPages(model, assets, templates, renderPage);
  const files = new Map<string, Uint8Array>();
  for (const page of pages) files.set(page.route.file, page.bytes);
  for (const [file, contents] of prepared.files) files.set(file, contents);

  const fileSet = new Set(files.keys());
  const broken = checkLinks(pages, fileSet, findMention, base, cache.memo);
  if (broken.length > 0) return { ok: false, problems: [...checkedProblems, ...broken] };
  const end = performance.now();

  return {
    ok: true,
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))),
    pages,
    model,
    problems: checkedProblems,
    times: {
      content: contentDone - start,
      assets: assetsDone - contentDone,
      render: end - assetsDone,
      total: end - start,
    },
    imagesEncoded: prepared.imagesEncoded,
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

async function prepareSite(
  options: ResolvedOptions,
  cache: BuildCache,
  localEditor: boolean,
): Promise<PreparedSite | BuildFailure> {
  const start = performance.now();
  // The code bundles read no content: esbuild makes them in its own process while this thread reads
  // and validates the content. Their failures are reported after the content's, as if run in turn.
  const code = Promise.all([
    cache.reuse('templates', '', () => loadTemplates(options)),
    cache.reuse('client', '', () => bundleClient(options)),
    cache.reuse('styles', '', () => bundleStyles(options)),
  ]);
  code.catch(() => undefined);
  const checked = await checkContent(options, cache);
  if (!checked.entries) return { ok: false, problems: checked.problems };
  // The photos encode on libuv's threads while this one renders the Markdown and builds the model.
  const imageSources = checked.entries.images;
  const imageWidths = imageWidthLimits(checked.entries);
  const base = basePath(checked.entries.site.data.url);
  const imagesStage = cache.reuse('images', `${base}\n${imagesKey(imageSources, imageWidths)}`, () =>
    processImages(imageSources, options.content, options.cacheDir, imageWidths, base),
  );
  imagesStage.catch(() => undefined);
  const markdown = await cache.renderMarkdown(markdownBodies(checked.entries));
  const model = buildModel(checked.entries, rebaseMarkdown(markdown, base), cache.memo);
  const contentDone = performance.now();

  let bundles;
  try {
    bundles = await Promise.all([
      code,
      imagesStage,
      makeFavicons(model.site.favicon ?? model.site.logo, options.content, options.cacheDir),
      readPublicFiles(options.content),
    ]);
  } catch (error) {
    if (error instanceof ProblemsError) return { ok: false, problems: [...checked.problems, ...error.problems] };
    throw error;
  }
  const [[templates, client, stylesheet], images, favicons, publicFiles] = bundles;
  const assets: AssetManifest = {
    script: sitePath(base, client.entry.path),
    stylesheet: sitePath(base, stylesheet.path),
    images: images.images,
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
  const admin = await adminBuild(model.site, localEditor, options, { entries: checked.entries, assets, base });
  for (const [file, contents] of admin.files) files.set(file, contents);
  files.set(HEADERS_FILE, Buffer.from(renderHeadersFile(model.site, admin.headers)));
  // Last, once every file brochure writes is known: the pages are rendered later, but a public file may not take or hide a page's name either.
  const pageFiles = new Set(model.routes.map((route) => route.file));
  const clashes = addPublicFiles(files, publicFiles, options.content, options.cwd, pageFiles);
  if (clashes.length > 0) return { ok: false, problems: [...checked.problems, ...clashes] };
  return {
    ok: true,
    model,
    assets,
    templates,
    base,
    findMention: checked.findMention,
    files,
    checkedProblems: checked.problems,
    imagesEncoded: images.encoded,
    start,
    contentDone,
    assetsDone,
  };
}

/** What `build` and `check` lend themselves: every stage runs and nothing is kept; only the stages' on-disk caches apply. */
function everyStageRuns(options: ResolvedOptions): BuildCache {
  return {
    parsedFiles: (_absolute, parse) => parse(),
    renderMarkdown: (bodies) => renderMarkdownBodies(bodies, options.cacheDir, options.packageRoot),
    reuse: (_stage, _key, run) => run(),
    memo: NO_MEMO,
    renderPages: (model, assets, templates) => renderPages(model, assets, templates),
  };
}
