// Watch mode's incremental render: a page is rendered again only when something it read has changed.
import type { SiteModel } from '../model/site-model.ts';
import type { AssetManifest, PageTemplates } from '../render/page-props.ts';
import type { Page, RenderPage } from '../render/render-pages.ts';

/**
 * What a page read of one top-level model key: all of it, or only these own keys of it (the key holds
 * a plain object, such as `home`, and the page read `home.hero` and `home.introHtml`).
 */
type SectionReads = 'whole' | ReadonlySet<PropertyKey>;

/** What a page read of the model, by top-level key; `everything` when it listed the model's keys. */
type Reads = ReadonlyMap<PropertyKey, SectionReads> | 'everything';

interface Rendered {
  page: Page;
  reads: Reads;
}

interface Generation {
  model: SiteModel;
  assets: AssetManifest;
  templates: PageTemplates;
  /** By output file. */
  pages: Map<string, Rendered>;
}

/**
 * Renders like `renderPages`, but reuses the previous HTML of a page when its route, the assets,
 * the templates bundle and every part of the model it read are unchanged.
 * Reads are recorded by a proxy over the model rather than declared per template, so a template
 * that starts showing the services is re-rendered when they change without anyone updating a list.
 *
 * Reads go two levels deep into plain-object sections: every page shows `home.hero` (og:image,
 * JSON-LD) but only the home page shows `home.introHtml`, so an edit to the home text renders one
 * page, not all of them. Anything below the second level, and arrays (`team`, `services`, `routes`),
 * is compared whole.
 */
export class PageCache {
  #previous: Generation | undefined;
  /** How many pages the last `render` call rendered; the others were reused. */
  rendered = 0;

  /** Same result as `renderPages`; `renderPage` (the render stage's) is called for the pages that changed. */
  render(model: SiteModel, assets: AssetManifest, templates: PageTemplates, renderPage: RenderPage): Page[] {
    const previous = this.#previous;
    const reusable = previous !== undefined && previous.templates === templates && sameValue(previous.assets, assets);
    const unchanged = reusable ? changes(previous.model, model) : undefined;
    // The model's keys holding another value than last time: a page that read none of them is
    // reused without comparing what it read (a save usually changes one key, a site has thousands of pages).
    const replaced = reusable ? replacedKeys(previous.model, model) : undefined;

    const pages = new Map<string, Rendered>();
    const rendered: Page[] = [];
    for (const route of model.routes) {
      const before = unchanged && previous!.pages.get(route.file);
      if (
        before &&
        sameValue(before.page.route, route) &&
        (readsNone(before.reads, replaced!) || unchanged(before.reads))
      ) {
        pages.set(route.file, before);
        continue;
      }
      const tracker = trackReads(model);
      const page = renderPage(templates, { model: tracker.model, route, assets });
      pages.set(route.file, { page, reads: tracker.reads() });
      rendered.push(page);
    }
    // Committed only once every page rendered: a template that throws leaves the last state intact.
    this.#previous = { model, assets, templates, pages };
    this.rendered = rendered.length;
    return [...pages.values()].map(({ page }) => page);
  }
}

/**
 * Whether everything in `reads` is the same in `before` and `after`. Each section and each field is
 * compared once per build, however many pages read it.
 */
function changes(before: SiteModel, after: SiteModel): (reads: Reads) => boolean {
  const wholes = new Map<PropertyKey, boolean>();
  const fields = new Map<PropertyKey, Map<PropertyKey, boolean>>();
  const memo = <K>(map: Map<K, boolean>, key: K, compute: () => boolean): boolean => {
    let same = map.get(key);
    if (same === undefined) map.set(key, (same = compute()));
    return same;
  };
  const wholeUnchanged = (key: PropertyKey): boolean =>
    memo(wholes, key, () => sameValue(Reflect.get(before, key), Reflect.get(after, key)));
  const fieldUnchanged = (key: PropertyKey, field: PropertyKey): boolean => {
    let memos = fields.get(key);
    if (!memos) fields.set(key, (memos = new Map()));
    return memo(memos, field, () => {
      const a: unknown = Reflect.get(before, key);
      const b: unknown = Reflect.get(after, key);
      // A section that is no longer a plain object, or whose keys were added, removed or reordered,
      // counts as changed as a whole: only a changed value is looked at field by field.
      if (!isPlainObject(a) || !isPlainObject(b) || !sameKeys(a, b)) return wholeUnchanged(key);
      return (
        Object.hasOwn(a, field) === Object.hasOwn(b, field) && sameValue(Reflect.get(a, field), Reflect.get(b, field))
      );
    });
  };
  // Plain loops: this runs for every page of the site on every save.
  const sectionUnchanged = (key: PropertyKey, read: SectionReads): boolean => {
    if (read === 'whole') return wholeUnchanged(key);
    for (const field of read) if (!fieldUnchanged(key, field)) return false;
    return true;
  };
  return (reads) => {
    if (reads === 'everything') return false;
    for (const [key, read] of reads) if (!sectionUnchanged(key, read)) return false;
    return true;
  };
}

/** The top-level keys of either model whose values are not the same object in both. */
function replacedKeys(before: SiteModel, after: SiteModel): PropertyKey[] {
  const keys = new Set([...Reflect.ownKeys(before), ...Reflect.ownKeys(after)]);
  return [...keys].filter((key) => Reflect.get(before, key) !== Reflect.get(after, key));
}

/** Whether a page read none of `keys`. */
function readsNone(reads: Reads, keys: readonly PropertyKey[]): boolean {
  if (reads === 'everything') return false;
  for (const key of keys) if (reads.has(key)) return false;
  return true;
}

/**
 * The model as a page is given it, recording what the page reads. A top-level key that holds a plain
 * object is handed out as a proxy of its own that records the page's reads of its keys; anything
 * else read at the top level (arrays, strings, an `in` test, a property descriptor) counts as a read
 * of the whole key, and listing the keys of a section as a read of all of it.
 */
function trackReads(model: SiteModel): { model: SiteModel; reads: () => Reads } {
  const reads = new Map<PropertyKey, Set<PropertyKey> | 'whole'>();
  let listed = false;
  const readWhole = (key: PropertyKey): void => void reads.set(key, 'whole');
  const readField = (key: PropertyKey, field: PropertyKey): void => {
    const read = reads.get(key);
    if (read === undefined) reads.set(key, new Set([field]));
    else if (read !== 'whole') read.add(field);
  };

  // One proxy per section, so `model.home === model.home` holds within a page.
  const sections = new Map<PropertyKey, object>();
  const section = (target: SiteModel, key: PropertyKey, value: object): object => {
    const known = sections.get(key);
    if (known) return known;
    // A proxy must not stand in for the value of a frozen property: such a section is read whole.
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
    if (descriptor && !descriptor.configurable && !descriptor.writable) {
      readWhole(key);
      return value;
    }
    if (!reads.has(key)) reads.set(key, new Set());
    const proxy = new Proxy(value, {
      get: (object, field, receiver) => (readField(key, field), Reflect.get(object, field, receiver)),
      has: (object, field) => (readField(key, field), Reflect.has(object, field)),
      getOwnPropertyDescriptor: (object, field) => (
        readField(key, field),
        Reflect.getOwnPropertyDescriptor(object, field)
      ),
      ownKeys: (object) => (readWhole(key), Reflect.ownKeys(object)),
    });
    sections.set(key, proxy);
    return proxy;
  };

  const proxy = new Proxy(model, {
    get: (target, key, receiver) => {
      const value: unknown = Reflect.get(target, key, receiver);
      if (isPlainObject(value)) return section(target, key, value);
      readWhole(key);
      return value;
    },
    has: (target, key) => (readWhole(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (readWhole(key), Reflect.getOwnPropertyDescriptor(target, key)),
    // Spreading, Object.keys or JSON.stringify may depend on any key, present or not.
    ownKeys: (target) => ((listed = true), Reflect.ownKeys(target)),
  });
  return { model: proxy, reads: () => (listed ? 'everything' : reads) };
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Same own enumerable keys, in the same order. */
function sameKeys(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key, index) => key === keysB[index]);
}

/**
 * Deep equality for the plain data the model is made of, key order included (a template may list
 * an object's entries). Anything that is not a plain object or array counts as changed.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key, index) =>
        key === keysB[index] && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}
