// Watch mode's incremental render: a page is rendered again only when something it read has changed.
import type { SiteModel } from '../model/site-model.ts';
import type { AssetManifest, PageTemplates } from '../render/page-props.ts';
import { renderPage, type Page } from '../render/render-pages.ts';

/** The top-level model keys a page read while rendering, or `everything` when it listed them. */
type Reads = ReadonlySet<PropertyKey> | 'everything';

interface Rendered {
  page: Page;
  reads: Reads;
}

interface Generation {
  model: SiteModel;
  assets: AssetManifest;
  templates: PageTemplates;
  devScript: string | undefined;
  /** By output file. */
  pages: Map<string, Rendered>;
}

/**
 * Renders like `renderPages`, but reuses the previous HTML of a page when its route, the assets,
 * the templates bundle, the dev script and every part of the model it read are unchanged.
 * Reads are recorded by a proxy over the model rather than declared per template, so a template
 * that starts showing the services is re-rendered when they change without anyone updating a list.
 */
export class PageCache {
  #previous: Generation | undefined;
  /** How many pages the last `render` call rendered; the others were reused. */
  rendered = 0;

  /** Same arguments and result as `renderPages`. */
  render(model: SiteModel, assets: AssetManifest, templates: PageTemplates, devScript?: string): Page[] {
    const previous = this.#previous;
    const reusable =
      previous !== undefined && previous.templates === templates && previous.devScript === devScript && sameValue(previous.assets, assets);
    const unchanged = new Map<PropertyKey, boolean>();
    const sectionUnchanged = (key: PropertyKey): boolean => {
      let same = unchanged.get(key);
      if (same === undefined) {
        same = sameValue(Reflect.get(previous!.model, key), Reflect.get(model, key));
        unchanged.set(key, same);
      }
      return same;
    };

    const pages = new Map<string, Rendered>();
    let rendered = 0;
    for (const route of model.routes) {
      const before = reusable ? previous.pages.get(route.file) : undefined;
      if (before && before.reads !== 'everything' && sameValue(before.page.route, route) && [...before.reads].every(sectionUnchanged)) {
        pages.set(route.file, before);
        continue;
      }
      const tracker = trackReads(model);
      const page = renderPage(templates, { model: tracker.model, route, assets, devScript });
      pages.set(route.file, { page, reads: tracker.reads() });
      rendered++;
    }
    // Committed only once every page rendered: a template that throws leaves the last state intact.
    this.#previous = { model, assets, templates, devScript, pages };
    this.rendered = rendered;
    return [...pages.values()].map(({ page }) => page);
  }
}

function trackReads(model: SiteModel): { model: SiteModel; reads: () => Reads } {
  const keys = new Set<PropertyKey>();
  let listed = false;
  const proxy = new Proxy(model, {
    get: (target, key, receiver) => (keys.add(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (keys.add(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (keys.add(key), Reflect.getOwnPropertyDescriptor(target, key)),
    // Spreading, Object.keys or JSON.stringify may depend on any key, present or not.
    ownKeys: (target) => ((listed = true), Reflect.ownKeys(target)),
  });
  return { model: proxy, reads: () => (listed ? 'everything' : keys) };
}

/**
 * Deep equality for the plain data the model is made of, key order included (a template may list
 * an object's entries). Anything that is not a plain object or array counts as changed.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key, index) => key === keysB[index] && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
