// renderToStaticMarkup for every route: one HTML document per page, rendered one way on this thread.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { AssetManifest, LoadedTemplates, PageProps, PageTemplates } from './page-props.ts';

/** A rendered route: the file it goes to and its HTML. */
export interface Page {
  route: Route;
  html: string;
}

/** Renders each route with the template of its kind; each page is kept as its UTF-8 bytes (`asBytes`). */
export function renderPages(model: SiteModel, assets: AssetManifest, { pages: templates }: LoadedTemplates): Page[] {
  return model.routes.map((route) => asBytes(renderPage(templates, { model, route, assets })));
}

/** The UTF-8 bytes of the pages `asBytes` made. */
const encoded = new WeakMap<Page, Uint8Array>();

/**
 * A page kept as its UTF-8 bytes, its HTML decoded again only when read (the link check, the
 * compliance rules): a page with one accented letter is a two-byte string, so a site's pages as
 * strings take twice their bytes, and with the bytes beside them three times (620 MB at L).
 */
export function asBytes(page: Page): Page {
  const bytes = Buffer.from(page.html);
  const kept = {
    route: page.route,
    get html() {
      return bytes.toString('utf8');
    },
  };
  encoded.set(kept, bytes);
  return kept;
}

/** A page's HTML as bytes: the ones `asBytes` kept, else encoded now. */
export function bytesOf(page: Page): Uint8Array {
  return encoded.get(page) ?? Buffer.from(page.html);
}

/** Renders one route with the template of its kind. */
export type RenderPage = (templates: PageTemplates, props: PageProps) => Page;

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  return {
    route: props.route,
    html: `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}`,
  };
}
