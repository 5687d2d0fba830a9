// A save that only edits content files of the last good build (a page, a professional, a service): that build patched, not every stage run again.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { basePath, rebaseMarkdown } from '../base-path.ts';
import type { BuildResult, BuildSuccess } from '../build.ts';
import type { EntryKind, RawEntry } from '../content/load.ts';
import { imageReferences, validateContent } from '../content/validate.ts';
import { displayPath } from '../display-path.ts';
import { errorsOf, type ContentError } from '../errors.ts';
import { buildModel, markdownBodies, type Route, type SiteModel } from '../model/site-model.ts';
import type { ResolvedOptions } from '../options.ts';
import { checkLinks } from '../render/check-links.ts';
import { renderPage } from '../render/render-pages.ts';
import type { RouteKind } from '../routes.ts';
import type { WatchCache } from './build-cache.ts';
import { sameValue } from './page-cache.ts';

/** The single pages: their route kind, the kind of their content file and their section of the model. */
const PAGES = [
  { route: 'home', entry: 'home', section: 'home' },
  { route: 'contacts', entry: 'contacts', section: 'contacts' },
  { route: 'services', entry: 'services-page', section: 'servicesPage' },
  { route: 'privacy', entry: 'privacy', section: 'privacy' },
] as const satisfies readonly { route: RouteKind; entry: EntryKind; section: keyof SiteModel }[];

type Page = (typeof PAGES)[number];

/**
 * The model's keys this patching knows how to keep up to date, in buildModel's order. Should the
 * model gain one, every save takes the full way (slower, never wrong) until it is added here.
 */
const MODEL_KEYS = ['site', 'siteFile', 'home', 'contacts', 'servicesPage', 'privacy', 'professionals', 'team', 'services', 'routes'];

/** What a content file of the last build is, by the path messages show. */
type Known = { kind: 'professional'; slug: string } | { kind: 'service'; slug: string; position: number } | { kind: 'page'; page: Page };

/** One changed file: what it was in the last build and what it is now. */
interface Edit {
  absolute: string;
  shown: string;
  known: Known;
  before: RawEntry;
  after: RawEntry;
  /** Problems of reading it (warnings only, or the edit is not patched). */
  loadProblems: readonly ContentError[];
}

/**
 * Patches the last good build for saves that edit existing pages, professionals or services: only
 * the changed files are read and validated (against the other single pages, the only files their
 * checks read), only the model parts they make are rebuilt, only the pages that read those parts
 * are rendered and link-checked, and the other output files are the last build's. Anything else
 * (site.yaml, a file added, removed or renamed, images, templates, a new error, a broken link, a
 * professional's `order` or `listed`, a change to the images a file names) returns undefined, and the
 * caller runs the full build, whose report locates every problem.
 *
 * Why this is the same as a full build: a file's own checks depend on it alone; the checks across
 * files are slugs (from file names, unchanged by an edit) and images (a file's must not change);
 * the model parts are made by buildModel itself from the edited entries; routes keep their paths,
 * so sitemap, redirects and every other file but the pages stay the same.
 */
export class ContentEdits {
  readonly #options: ResolvedOptions;
  readonly #cache: WatchCache;
  #last: BuildSuccess | undefined;
  /** Per model: its content files (built once per full build, then handed on by each patch). */
  readonly #known = new WeakMap<SiteModel, Map<string, Known>>();
  /** Per output: its file names, the set links are checked against. */
  readonly #fileSets = new WeakMap<ReadonlyMap<string, Uint8Array>, ReadonlySet<string>>();

  constructor(options: ResolvedOptions, cache: WatchCache) {
    this.#options = options;
    this.#cache = cache;
  }

  /**
   * The build after `changed` were saved: the last one patched when it can be, else `full()`. Patching
   * starts only from a good build that is the latest (not from one before a failure or a crash).
   */
  async build(changed: ReadonlySet<string>, full: () => Promise<BuildResult>): Promise<{ result: BuildResult; patched: boolean }> {
    try {
      const patched = await this.#patch(changed);
      const result = patched ?? (await full());
      this.#last = result.ok ? result : undefined;
      return { result, patched: patched !== undefined };
    } catch (error) {
      this.#last = undefined;
      throw error;
    }
  }

  /** The build after `changed` were saved, or undefined when the change needs the full build. */
  async #patch(changed: ReadonlySet<string>): Promise<BuildSuccess | undefined> {
    const last = this.#last;
    if (!last || changed.size === 0 || !hasKeys(last.model, MODEL_KEYS)) return undefined;
    const start = performance.now();
    const known = this.#knownFiles(last.model);
    const pending: Omit<Edit, 'after' | 'loadProblems'>[] = [];
    for (const absolute of changed) {
      const shown = displayPath(absolute, this.#options.cwd);
      const what = known.get(shown);
      // Read before parsing again, which forgets it.
      const before = this.#cache.previousParse(absolute)?.entry;
      if (!what || !before) return undefined;
      pending.push({ absolute, shown, known: what, before: named(before, what) });
    }
    // Every changed file is read before any is checked, so each check sees the single pages as saved now.
    const edits: Edit[] = [];
    for (const edit of pending) {
      const parsed = await this.#cache.reparse(edit.absolute);
      if (!parsed?.entry || errorsOf(parsed.problems).length > 0) return undefined;
      edits.push({ ...edit, after: named(parsed.entry, edit.known), loadProblems: parsed.problems });
    }
    const singles = [last.model.siteFile, ...PAGES.map((page) => routeOf(last.model, page.route).source)].map((shown) => this.#cache.parsed(path.resolve(this.#options.cwd, shown))?.entry);
    const used = this.#cache.imageSources();
    if (singles.some((entry) => entry === undefined) || !used) return undefined;
    const images = new Set(used);

    let model = last.model;
    const problems = new Map<string, ContentError[]>();
    const base = basePath(last.model.site.url);
    for (const edit of edits) {
      const others = (singles as RawEntry[]).filter((entry) => entry.file !== edit.shown);
      const now = validateContent({ entries: [...others, edit.after], images, problems: [] });
      if (!now.entries || errorsOf(now.problems).length > 0) return undefined;
      // The images a file uses, and in which fields, must stay the same: which files the image stage
      // writes depends on them (and which widths may one day depend on the fields).
      if (imageUses(edit.before.data).join('\n') !== imageUses(edit.after.data).join('\n')) return undefined;
      problems.set(edit.shown, [...edit.loadProblems, ...now.problems.filter((problem) => problem.file === edit.shown)]);

      const markdown = await this.#cache.markdownOf(markdownBodies(now.entries), [edit.before.body]);
      const made = buildModel(now.entries, rebaseMarkdown(markdown, base));
      if (!hasKeys(made, MODEL_KEYS)) return undefined;
      const next = patchModel(model, made, edit);
      if (!next) return undefined;
      model = next;
    }
    const contentDone = performance.now();

    const { pages, rendered } = this.#cache.renderChanged(model, renderPage);
    const files = new Map(last.files);
    for (const page of rendered) {
      if (!files.has(page.route.file)) return undefined;
      files.set(page.route.file, this.#cache.pageBytes(page));
    }
    const fileSet = this.#fileSet(last.files);
    // The other pages and the set of files are unchanged, so their links still resolve. A broken
    // link takes the full build, which says where the content holds it.
    if (checkLinks(rendered, fileSet, () => undefined, base).length > 0) return undefined;
    this.#cache.linksPassed(rendered);
    this.#fileSets.set(files, fileSet);
    this.#known.set(model, known);
    const end = performance.now();
    return {
      ok: true,
      files,
      pages,
      model,
      problems: replaceProblems(last.problems, problems),
      times: { content: contentDone - start, assets: 0, render: end - contentDone, total: end - start },
      imagesEncoded: 0,
    };
  }

  #knownFiles(model: SiteModel): Map<string, Known> {
    let known = this.#known.get(model);
    if (known) return known;
    known = new Map();
    for (const page of PAGES) known.set(routeOf(model, page.route).source, { kind: 'page', page });
    for (const { source, slug } of model.professionals) known.set(source, { kind: 'professional', slug });
    for (const { source, slug, position } of model.services) known.set(source, { kind: 'service', slug, position });
    this.#known.set(model, known);
    return known;
  }

  #fileSet(files: ReadonlyMap<string, Uint8Array>): ReadonlySet<string> {
    let set = this.#fileSets.get(files);
    if (!set) this.#fileSets.set(files, (set = new Set(files.keys())));
    return set;
  }
}

/** `model` with the parts `made` (buildModel over the edited entry and the single pages) holds for the edit; undefined when the edit moves things. */
function patchModel(model: SiteModel, made: SiteModel, edit: Edit): SiteModel | undefined {
  const { known } = edit;
  if (known.kind === 'service') {
    const index = model.services.findIndex((service) => service.source === edit.shown);
    const fresh = made.services[0];
    if (index === -1 || !fresh) return undefined;
    // The services page's route lists the services' files, which an edit does not change.
    return sameValue(fresh, model.services[index]) ? model : { ...model, services: replaced(model.services, index, fresh) };
  }
  if (known.kind === 'professional') {
    const index = model.professionals.findIndex((professional) => professional.source === edit.shown);
    const old = model.professionals[index];
    const fresh = made.professionals[0];
    const route = made.routes.find((candidate) => candidate.kind === 'professional');
    // `order` and `listed` move a professional in the lists and menus: the full build sorts them.
    if (!old || !fresh || !route || fresh.order !== old.order || fresh.listed !== old.listed) return undefined;
    if (sameValue(fresh, old)) return model;
    const team = old.listed ? replaced(model.team, model.team.indexOf(old), fresh) : model.team;
    const routes = withRoute(model.routes, (candidate) => candidate.professional === old, route);
    return routes && { ...model, professionals: replaced(model.professionals, index, fresh), team, routes };
  }
  const { page } = known;
  const old = routeOf(model, page.route);
  // made has no services, so its services page lists none of their files: keep the model's list.
  const route = { ...routeOf(made, page.route), sources: old.sources };
  const routes = sameValue(route, old) ? model.routes : withRoute(model.routes, (candidate) => candidate === old, route);
  if (!routes) return undefined;
  const section = sameValue(made[page.section], model[page.section]) ? model[page.section] : made[page.section];
  return { ...model, [page.section]: section, routes };
}

/** `routes` with the one matching `match` replaced by `route`, which must keep its URL and file. */
function withRoute(routes: Route[], match: (route: Route) => boolean, route: Route): Route[] | undefined {
  const index = routes.findIndex(match);
  const old = routes[index];
  if (!old || old.path !== route.path || old.file !== route.file) return undefined;
  return replaced(routes, index, route);
}

function routeOf(model: SiteModel, kind: RouteKind): Route {
  const route = model.routes.find((candidate) => candidate.kind === kind);
  if (!route) throw new Error(`ContentEdits: the model has no ${kind} route`);
  return route;
}

/** A raw entry as loading names it: professionals and services get the slug (and position) of their file name. */
function named(entry: RawEntry, known: Known): RawEntry {
  if (known.kind === 'professional') return { ...entry, slug: known.slug };
  if (known.kind === 'service') return { ...entry, position: known.position, slug: known.slug };
  return entry;
}

/** `problems` with those of each file in `fresh` replaced, in the place the file's first one had (the overlay lists them in this order). */
function replaceProblems(problems: readonly ContentError[], fresh: ReadonlyMap<string, ContentError[]>): ContentError[] {
  const placed = new Set<string>();
  const result: ContentError[] = [];
  for (const problem of problems) {
    const replacement = fresh.get(problem.file);
    if (!replacement) result.push(problem);
    else if (!placed.has(problem.file)) {
      placed.add(problem.file);
      result.push(...replacement);
    }
  }
  for (const [file, replacement] of fresh) if (!placed.has(file)) result.push(...replacement);
  return result;
}

function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = [...items];
  copy[index] = item;
  return copy;
}

function hasKeys(object: object, keys: readonly string[]): boolean {
  const own = Object.keys(object);
  return own.length === keys.length && own.every((key, index) => key === keys[index]);
}

/** Every `images/…` text in a file's data with the field that holds it, as validation finds them (unknown fields too). */
function imageUses(data: unknown): string[] {
  return [...imageReferences(data)].map(({ path, image }) => `${path.map(String).join('.')}=${image}`);
}
