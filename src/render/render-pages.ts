// renderToStaticMarkup for every route: one HTML document per page, on both cores for large sites.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { AssetManifest, LoadedTemplates, PageProps, PageTemplates } from './page-props.ts';

/** A rendered route: the file it goes to and its HTML. */
export interface Page {
  route: Route;
  html: string;
}

/** What the main thread hands a render worker. */
export interface RenderTask {
  role: 'brochure-render';
  model: SiteModel;
  assets: AssetManifest;
  /** Indexes into `model.routes`. */
  routes: number[];
}

// Below this many routes a worker's start-up (importing React and the templates, copying the model)
// costs more than the rendering it takes over; measured on the 2-core machine in README.
const ROUTES_PER_WORKER = 250;

/** Renders each route with the template of its kind; large sites share the work with worker threads. */
export async function renderPages(model: SiteModel, assets: AssetManifest, { pages: templates, bundleFile: file }: LoadedTemplates): Promise<Page[]> {
  const threads = Math.min(availableParallelism(), Math.floor(model.routes.length / ROUTES_PER_WORKER));
  if (!file || threads < 2) return model.routes.map((route) => renderPage(templates, { model, route, assets }));

  const indexes = model.routes.map((_, index) => index);
  const share = Math.ceil(indexes.length / threads);
  const slices = Array.from({ length: threads }, (_, thread) => indexes.slice(thread * share, (thread + 1) * share));
  const [own = [], ...others] = slices;
  // Workers start first so they load while this thread renders its own slice.
  const pending = others.map((routes) => renderInWorker(file, { role: 'brochure-render', model, assets, routes }));
  const html = [own.map((index) => renderPage(templates, { model, route: model.routes[index]!, assets }).html), ...(await Promise.all(pending))].flat();
  return model.routes.map((route, index) => ({ route, html: html[index]! }));
}

/** Renders one route with the template of its kind. */
export type RenderPage = (templates: PageTemplates, props: PageProps) => Page;

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  return { route: props.route, html: `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}` };
}

function renderInWorker(file: string, task: RenderTask): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`file://${file}`), { workerData: task });
    worker.once('message', (html: string[]) => {
      resolve(html);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`render worker stopped with exit code ${code}`));
    });
  });
}
