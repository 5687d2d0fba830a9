// renderToStaticMarkup for every route: one HTML document per page.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { AssetManifest, PageTemplates } from './page-props.ts';

/** A rendered route: the file it goes to and its HTML. */
export interface Page {
  route: Route;
  html: string;
}

/** Renders each route with the template of its kind. */
export function renderPages(model: SiteModel, assets: AssetManifest, templates: PageTemplates, devScript?: string): Page[] {
  return model.routes.map((route) => ({
    route,
    html: `<!doctype html>${renderToStaticMarkup(createElement(templates[route.kind], { model, route, assets, devScript }))}`,
  }));
}
