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
  /**
   * For a streamed build: one Int32, the batches the main thread has handed on. The worker stays at
   * most BATCHES_AHEAD batches ahead of it, so a slow disk never makes pages pile up in memory.
   */
  consumed?: SharedArrayBuffer;
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
  const pending = others.map((routes) => {
    const html: string[] = [];
    return renderInWorker(file, { role: 'brochure-render', model, assets, routes }, (batch) => html.push(...batch)).then(() => html);
  });
  const html = [own.map((index) => renderPage(templates, { model, route: model.routes[index]!, assets }).html), ...(await Promise.all(pending))].flat();
  return model.routes.map((route, index) => ({ route, html: html[index]! }));
}

/** Renders one route with the template of its kind. */
export type RenderPage = (templates: PageTemplates, props: PageProps) => Page;

/**
 * The pages of `renderPages`, each handed on as soon as it is rendered (this thread's share first, then
 * the workers' batches as they arrive), so a build can write them out instead of holding the whole site.
 */
export async function* streamPages(model: SiteModel, assets: AssetManifest, { pages: templates, bundleFile: file }: LoadedTemplates): AsyncGenerator<Page> {
  const threads = file ? Math.min(availableParallelism(), Math.floor(model.routes.length / ROUTES_PER_WORKER)) : 1;
  if (!file || threads < 2) {
    for (const route of model.routes) yield renderPage(templates, { model, route, assets });
    return;
  }
  const share = Math.ceil(model.routes.length / threads);
  /** Workers' pages not yet handed on; the last of each batch carries its worker's `consumed` counter. */
  const arrived: { page: Page; consumed?: Int32Array }[] = [];
  const counters: Int32Array[] = [];
  let wake: (() => void) | undefined;
  const workers = Array.from({ length: threads - 1 }, (_, thread) => {
    const routes = model.routes.map((_route, index) => index).slice((thread + 1) * share, (thread + 2) * share);
    const consumed = new Int32Array(new SharedArrayBuffer(4));
    counters.push(consumed);
    let next = 0;
    return renderInWorker(file, { role: 'brochure-render', model, assets, routes, consumed: consumed.buffer as SharedArrayBuffer }, (batch) => {
      batch.forEach((html, index) => arrived.push({ page: { route: model.routes[routes[next++]!]!, html }, consumed: index === batch.length - 1 ? consumed : undefined }));
      wake?.();
    });
  });
  let failure: unknown;
  let done = false;
  void Promise.all(workers).then(
    () => {
      done = true;
      wake?.();
    },
    (error: unknown) => {
      failure = error;
      wake?.();
    },
  );
  function* handOn(): Generator<Page> {
    while (arrived.length > 0) {
      const { page, consumed } = arrived.shift()!;
      yield page;
      if (consumed) {
        Atomics.add(consumed, 0, 1);
        Atomics.notify(consumed, 0);
      }
    }
  }
  try {
    for (const route of model.routes.slice(0, share)) {
      yield renderPage(templates, { model, route, assets });
      // The workers' pages go out between this thread's, so they never wait long.
      yield* handOn();
    }
    for (;;) {
      yield* handOn();
      if (failure) throw failure;
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    // Stopped early (a failed write): let waiting workers run to their end instead of blocking forever.
    for (const consumed of counters) {
      Atomics.store(consumed, 0, 2 ** 30);
      Atomics.notify(consumed, 0);
    }
  }
}

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  return { route: props.route, html: `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}` };
}

/** Posts the HTML of its routes in batches of this many pages, so neither thread holds them all at once. */
export const RENDER_BATCH = 100;

/** How many batches a worker of a streamed build may post before the main thread has handed them on. */
export const BATCHES_AHEAD = 4;

/** Runs `task` in a worker; `onBatch` gets the HTML in route order, a batch at a time (an empty batch ends). */
function renderInWorker(file: string, task: RenderTask, onBatch: (html: string[]) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`file://${file}`), { workerData: task });
    worker.on('message', (html: string[]) => {
      if (html.length > 0) return onBatch(html);
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`render worker stopped with exit code ${code}`));
    });
  });
}
