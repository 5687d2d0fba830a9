// The BuildCache `watch` lends every build: what it keeps between builds (parsed files, Markdown HTML, asset stages, pages, link checks) and when to forget it; the stages do the work.
import path from 'node:path';
import type { AssetStage, BuildCache } from '../build.ts';
import { sourcesOfImagesKey } from '../bundle/image-uses.ts';
import type { ParsedFile } from '../content/load.ts';
import type { ContentError } from '../errors.ts';
import { loadRenderer, renderMarkdown, renderMarkdownBodies, type RenderedMarkdown } from '../model/markdown.ts';
import type { SiteModel } from '../model/site-model.ts';
import type { ResolvedOptions } from '../options.ts';
import type { AssetManifest, LoadedTemplates } from '../render/page-props.ts';
import { bytesOf, type Page, type RenderPage } from '../render/render-pages.ts';
import { PageCache } from './page-cache.ts';

interface Kept {
  key: string;
  value: unknown;
}

/**
 * Parsed files and asset stages are kept until the watcher reports a change to one of their input
 * paths (`invalidate`), so an unchanged file is neither read nor parsed again. Markdown and pages
 * are compared by value, so they cannot go stale whatever the watcher reports.
 */
export class WatchCache implements BuildCache {
  readonly #templatesDir: string;
  readonly #clientDir: string;
  readonly #imagesDir: string;
  readonly #cacheDir: string;
  readonly #packageRoot: string;
  /** `file:<absolute path>` or `stage:<name>` -> the value computed from it. */
  readonly #kept = new Map<string, Kept>();
  /** Bumped on each invalidation, so a value computed while its input changed is not kept. */
  readonly #generations = new Map<string, number>();
  /** The last parse of a content file that was changed since, until it is parsed again (see `previousParse`). */
  readonly #replaced = new Map<string, ParsedFile>();
  /** How loading parses each content file: called again, it reads the file as it is then. */
  readonly #parsers = new Map<string, () => Promise<ParsedFile>>();
  /** Every folder holding a parsed file, at any depth: only a change to one of them reaches files below. */
  readonly #folders = new Set<string>();
  #markdown = new Map<string, string>();
  readonly #pages = new PageCache();
  #linkedFiles: ReadonlySet<string> = new Set();
  #linksChecked = new WeakSet<Page>();

  constructor(options: ResolvedOptions) {
    this.#templatesDir = options.templatesDir;
    this.#clientDir = path.dirname(options.clientEntry);
    this.#imagesDir = path.join(options.content, 'images');
    this.#cacheDir = options.cacheDir;
    this.#packageRoot = options.packageRoot;
  }

  /** Pages the last build rendered; the others were reused. */
  get pagesRendered(): number {
    return this.#pages.rendered;
  }

  // An arrow function: loadContent calls it on its own, not as a method.
  readonly parsedFiles = (absolute: string, parse: () => Promise<ParsedFile>): Promise<ParsedFile> => {
    if (!this.#parsers.has(absolute)) {
      this.#parsers.set(absolute, parse);
      for (
        let folder = path.dirname(absolute);
        !this.#folders.has(folder) && folder !== path.dirname(folder);
        folder = path.dirname(folder)
      )
        this.#folders.add(folder);
    }
    this.#parsers.set(absolute, parse);
    return this.#keep(`file:${absolute}`, '', parse);
  };

  /** The kept parse of a content file that loading read and that has not changed since; undefined otherwise. */
  parsed(absolute: string): ParsedFile | undefined {
    return this.#kept.get(`file:${absolute}`)?.value as ParsedFile | undefined;
  }

  /** The parse an earlier build used of a file changed since (what a save replaced); undefined once unknown. */
  previousParse(absolute: string): ParsedFile | undefined {
    return this.#replaced.get(`file:${absolute}`);
  }

  /** Parses a file loading has read before, as loading would now (and keeps it); undefined for a file loading never read. */
  async reparse(absolute: string): Promise<ParsedFile | undefined> {
    const parse = this.#parsers.get(absolute);
    return parse && this.parsedFiles(absolute, parse);
  }

  /** The images the content referred to in the last build that encoded them (the images stage's key), sorted. */
  imageSources(): string[] | undefined {
    const kept = this.#kept.get('stage:images');
    return kept && sourcesOfImagesKey(kept.key);
  }

  /** The HTML of Markdown bodies, rendering only those no build has seen; `replaced` bodies are forgotten. */
  async markdownOf(bodies: readonly string[], replaced: readonly string[] = []): Promise<RenderedMarkdown> {
    for (const body of replaced) if (!bodies.includes(body)) this.#markdown.delete(body);
    const rendered = new Map<string, string>();
    for (const body of bodies) {
      let html = this.#markdown.get(body);
      if (html === undefined) this.#markdown.set(body, (html = await renderMarkdown(body)));
      rendered.set(body, html);
    }
    return rendered;
  }

  /** The pages of the last build with `model` in place of its model: assets and templates are the last build's. */
  renderChanged(model: SiteModel, renderPage: RenderPage): { pages: Page[]; rendered: readonly Page[] } {
    const pages = this.#pages.renderAgain(model, renderPage);
    return { pages, rendered: this.#pages.renderedPages };
  }

  /** Records pages whose links were checked against the last build's files and found good. */
  linksPassed(pages: Iterable<Page>): void {
    for (const page of pages) this.#linksChecked.add(page);
  }

  reuse<T>(stage: AssetStage, key: string, run: () => Promise<T>): Promise<T> {
    return this.#keep(`stage:${stage}`, key, run);
  }

  async renderMarkdown(bodies: string[]): Promise<RenderedMarkdown> {
    // The first build shares the on-disk cache with `build`; later ones render only new bodies,
    // without rewriting that cache with the handful of bodies they saw.
    if (this.#markdown.size === 0) {
      this.#markdown = new Map(await renderMarkdownBodies(bodies, this.#cacheDir, this.#packageRoot));
      // Loading the Markdown pipeline takes about 150 ms: pay it now, not on the first save. Should
      // it fail, the first save that needs it reports why.
      loadRenderer().catch(() => undefined);
    }
    const rendered = new Map<string, string>();
    for (const body of bodies) rendered.set(body, this.#markdown.get(body) ?? (await renderMarkdown(body)));
    // Only this build's bodies are kept, so 500 edits leave one version of each body behind.
    this.#markdown = rendered;
    return rendered;
  }

  renderPages(model: SiteModel, assets: AssetManifest, templates: LoadedTemplates, renderPage: RenderPage): Page[] {
    return this.#pages.render(model, assets, templates.pages, renderPage);
  }

  checkLinks(
    pages: readonly Page[],
    files: ReadonlySet<string>,
    check: (pages: readonly Page[]) => ContentError[],
  ): ContentError[] {
    // A page's links can only break when its HTML or the set of files changes: reused pages
    // (same object) that passed against the same files need no second look.
    if (!sameSet(files, this.#linkedFiles)) {
      this.#linkedFiles = new Set(files);
      this.#linksChecked = new WeakSet();
    }
    const problems: ContentError[] = [];
    for (const page of pages) {
      if (this.#linksChecked.has(page)) continue;
      const found = check([page]);
      if (found.length === 0) this.#linksChecked.add(page);
      problems.push(...found);
    }
    return problems;
  }

  pageBytes(page: Page): Uint8Array {
    return bytesOf(page);
  }

  /** Forgets what was computed from `changed`, a file or folder that was added, edited or removed. */
  invalidate(changed: string): void {
    const ids = [`file:${changed}`];
    const below = `file:${changed}${path.sep}`;
    // A scan of everything kept, only for a folder that holds some (a save names a file).
    if (this.#folders.has(changed)) for (const id of this.#kept.keys()) if (id.startsWith(below)) ids.push(id);
    if (isInside(changed, this.#templatesDir)) ids.push('stage:templates', 'stage:client', 'stage:styles');
    if (isInside(changed, this.#clientDir)) ids.push('stage:client');
    if (isInside(changed, this.#imagesDir)) ids.push('stage:images');
    for (const id of ids) {
      // A second event for the same save finds nothing kept: the first one's record stays.
      const kept = this.#kept.get(id);
      if (kept && id.startsWith('file:')) this.#replaced.set(id, kept.value as ParsedFile);
      this.#kept.delete(id);
      this.#generations.set(id, (this.#generations.get(id) ?? 0) + 1);
    }
  }

  async #keep<T>(id: string, key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.#kept.get(id);
    if (kept && kept.key === key) return kept.value as T;
    const generation = this.#generations.get(id);
    const value = await compute();
    // A change reported while computing may have been read half-way: recompute next time.
    if (this.#generations.get(id) === generation) this.#kept.set(id, { key, value });
    // Whatever it was, what the last build used of this input is no longer the parse a save replaced.
    this.#replaced.delete(id);
    return value;
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir + path.sep);
}
