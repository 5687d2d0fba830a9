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

/** Renders each route with the template of its kind. */
export function renderPages(model: SiteModel, assets: AssetManifest, { pages: templates }: LoadedTemplates): Page[] {
  return model.routes.map((route) => renderPage(templates, { model, route, assets }));
}

/** Renders one route with the template of its kind. */
export type RenderPage = (templates: PageTemplates, props: PageProps) => Page;

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  return { route: props.route, html: `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}` };
}
