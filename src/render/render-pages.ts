// renderToStaticMarkup for every route: one HTML document per page, each kept as its UTF-8 bytes.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { AssetManifest, LoadedTemplates, PageProps, PageTemplates } from './page-props.ts';

/** A rendered route: the file it goes to and its HTML, kept as the bytes written. */
export interface Page {
  route: Route;
  bytes: Uint8Array;
  /** Decoded again from `bytes` on each read (the link check, the compliance rules). */
  readonly html: string;
}

/** Renders each route with the template of its kind. */
export function renderPages(model: SiteModel, assets: AssetManifest, { pages: templates }: LoadedTemplates): Page[] {
  return model.routes.map((route) => renderPage(templates, { model, route, assets }));
}

/**
 * A page of these bytes. Kept as bytes, its HTML decoded only when read: a page with one accented
 * letter is a two-byte string, so a site's pages as strings take twice their bytes, and with the
 * bytes beside them three times (620 MB at L).
 */
export function pageOf(route: Route, bytes: Buffer): Page {
  return {
    route,
    bytes,
    get html() {
      return bytes.toString('utf8');
    },
  };
}

/** Renders one route with the template of its kind. */
export type RenderPage = (templates: PageTemplates, props: PageProps) => Page;

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  const html = `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}`;
  return pageOf(props.route, Buffer.from(html));
}
