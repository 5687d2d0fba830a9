// buildSite(): runs and times the stages, from content/ to the output in memory.
import { performance } from 'node:perf_hooks';
import { bundleClient, bundleStyles } from './bundle/client.ts';
import { processImages } from './bundle/images.ts';
import { loadContent } from './content/load.ts';
import { validateContent, type Entries } from './content/validate.ts';
import { errorsOf, ProblemsError, type ContentError } from './errors.ts';
import { renderMarkdownBodies } from './model/markdown.ts';
import { buildModel, markdownBodies } from './model/site-model.ts';
import type { ResolvedOptions } from './options.ts';
import { checkLinks } from './render/check-links.ts';
import { loadTemplates } from './render/load-templates.ts';
import type { AssetManifest } from './render/page-props.ts';
import { renderPages, type Page } from './render/render-pages.ts';
import { renderRobots, renderSitemap } from './render/site-files.ts';

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

/** Extra inputs the watch server passes; `build` and `check` use none. */
export interface BuildHooks {
  /** Appended to every page (the live-reload client). */
  devScript?: string;
}

/** Loads, validates, models, renders and assembles the site; never writes to disk. */
export async function buildSite(options: ResolvedOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const start = performance.now();
  const checked = await checkContent(options);
  if (!checked.entries) return { ok: false, problems: checked.problems };
  const model = buildModel(checked.entries, await renderMarkdownBodies(markdownBodies(checked.entries), options.cacheDir));
  const contentDone = performance.now();

  let bundles;
  try {
    bundles = await Promise.all([
      loadTemplates(options),
      bundleClient(options),
      bundleStyles(options),
      processImages(imagesOf(checked.entries), options.content, options.cacheDir),
    ]);
  } catch (error) {
    if (error instanceof ProblemsError) return { ok: false, problems: [...checked.problems, ...error.problems] };
    throw error;
  }
  const [templates, script, stylesheet, images] = bundles;
  const assets: AssetManifest = { script: `/${script.path}`, stylesheet: `/${stylesheet.path}`, images: images.images };
  const assetsDone = performance.now();

  const pages = renderPages(model, assets, templates, hooks.devScript);
  const files = new Map<string, Uint8Array>();
  for (const page of pages) files.set(page.route.file, Buffer.from(page.html));
  files.set(script.path, script.contents);
  files.set(stylesheet.path, stylesheet.contents);
  for (const [file, contents] of images.files) files.set(file, contents);
  files.set('sitemap.xml', Buffer.from(renderSitemap(model)));
  files.set('robots.txt', Buffer.from(renderRobots(model)));

  const broken = checkLinks(pages, new Set(files.keys()));
  if (broken.length > 0) return { ok: false, problems: [...checked.problems, ...broken] };
  const end = performance.now();

  return {
    ok: true,
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))),
    pages,
    problems: checked.problems,
    times: { content: contentDone - start, assets: assetsDone - contentDone, render: end - assetsDone, total: end - start },
    imagesEncoded: images.encoded,
  };
}

/** Loads and validates only: what `brochure check` runs. */
export async function checkContent(options: ResolvedOptions): Promise<{ entries?: Entries; problems: ContentError[] }> {
  const loaded = await loadContent(options.content, options.cwd);
  const validated = validateContent(loaded);
  return errorsOf(validated.problems).length > 0 ? { problems: validated.problems } : validated;
}

/** Every `images/…` path the content refers to, once each, sorted. */
function imagesOf(entries: Entries): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string' && value.startsWith('images/')) found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit([entries.site.data, entries.home.data, entries.contacts.data, entries.servicesPage.data, entries.privacy.data]);
  for (const professional of entries.professionals) visit(professional.data);
  for (const service of entries.services) visit(service.data);
  return [...found].sort();
}
