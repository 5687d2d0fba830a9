// renderToStaticMarkup for every route: one HTML document per page.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { AssetManifest, PageProps, PageTemplates } from './page-props.ts';

/** A rendered route: the file it goes to and its HTML. */
export interface Page {
  route: Route;
  html: string;
}

/** Renders each route with the template of its kind. */
export function renderPages(model: SiteModel, assets: AssetManifest, templates: PageTemplates, devScript?: string): Page[] {
  return model.routes.map((route) => renderPage(templates, { model, route, assets, devScript }));
}

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  return { route: props.route, html: `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}` };
}
