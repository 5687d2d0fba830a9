// The BuildCache `watch` lends every build, the one room where state lives between builds (parsed files, Markdown HTML, asset stages, the stages' keyed memo, pages) and when to forget it; the stages do the work.
import path from 'node:path';
import type { AssetStage, BuildCache } from '../build.ts';
import type { ParsedFile } from '../content/load.ts';
import type { Memo, MemoRoom } from '../memo.ts';
import { makeUnifiedRenderer, renderMarkdownBodies, type RenderedMarkdown } from '../model/markdown.ts';
import type { SiteModel } from '../model/site-model.ts';
import type { ResolvedOptions } from '../options.ts';
import type { AssetManifest, LoadedTemplates } from '../render/page-props.ts';
import type { Page, RenderPage } from '../render/render-pages.ts';
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
  /** Every folder holding a parsed file, at any depth: only a change to one of them reaches files below. */
  readonly #folders = new Set<string>();
  #markdown = new Map<string, string>();
  #renderer: Promise<(markdown: string) => string> | undefined;
  /** The stages' memo, by room: weak for object keys (a value goes with what it was made from), bounded for string keys. */
  readonly #rooms = new Map<MemoRoom, { weak: WeakMap<object, unknown>; strong: Map<string, unknown> }>();
  readonly #pages = new PageCache();

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
    for (
      let folder = path.dirname(absolute);
      !this.#folders.has(folder) && folder !== path.dirname(folder);
      folder = path.dirname(folder)
    )
      this.#folders.add(folder);
    return this.#keep(`file:${absolute}`, '', parse);
  };

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
      this.#renderer = makeUnifiedRenderer();
      this.#renderer.catch(() => undefined);
    }
    const rendered = new Map<string, string>();
    for (const body of bodies)
      rendered.set(body, this.#markdown.get(body) ?? (await (this.#renderer ??= makeUnifiedRenderer()))(body));
    // Only this build's bodies are kept, so 500 edits leave one version of each body behind.
    this.#markdown = rendered;
    return rendered;
  }

  renderPages(model: SiteModel, assets: AssetManifest, templates: LoadedTemplates, renderPage: RenderPage): Page[] {
    return this.#pages.render(model, assets, templates.pages, renderPage);
  }

  readonly memo: Memo = {
    keep: <V>(room: MemoRoom, key: object | string, make: () => V, fresh?: (kept: V) => boolean): V => {
      let kept = this.#rooms.get(room);
      if (!kept) this.#rooms.set(room, (kept = { weak: new WeakMap(), strong: new Map() }));
      const value = (typeof key === 'string' ? kept.strong.get(key) : kept.weak.get(key)) as V | undefined;
      if (value !== undefined && fresh?.(value) !== false) return value;
      const made = make();
      if (typeof key !== 'string') kept.weak.set(key, made);
      // A long session sees each edited image under a new signature: forget the old ones now and then.
      else if (kept.strong.set(key, made).size > MAX_KEPT) kept.strong.clear();
      return made;
    },
  };

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
    return value;
  }
}

const MAX_KEPT = 10_000;

function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir + path.sep);
}
