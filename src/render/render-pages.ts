// renderToStaticMarkup for every route: one HTML document per page, on both cores for large sites.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { CompressedPack } from '../host/compressed-pack.ts';
import { pageFormsSync } from '../host/precompress.ts';
import type { CompressedForms } from '../host/compressed-pack.ts';
import { brokenUrls, type KnownAttributes } from './check-links.ts';
import { pageFacts, type PageFacts } from '../compliance/page-facts.ts';
import type { AssetManifest, LoadedTemplates, PageProps, PageTemplates } from './page-props.ts';

/** A rendered route: the file it goes to and its HTML. */
export interface Page {
  route: Route;
  html: string;
}

/** What the main thread hands a render worker. */
export type RenderTask = WholeRenderTask | StreamRenderTask;

/** `renderPages`: render a fixed slice of routes and post their HTML. */
interface WholeRenderTask {
  role: 'brochure-render';
  model: SiteModel;
  assets: AssetManifest;
  /** Indexes into `model.routes`. */
  routes: number[];
}

/** `streamPages`: take routes from a counter shared with the other threads, and post each page ready to write. */
export interface StreamRenderTask {
  role: 'brochure-render-stream';
  model: SiteModel;
  assets: AssetManifest;
  /** What the links are checked against. */
  output: PageOutput;
  /** One Int32: the index of the next route to render, shared by every thread (Atomics). */
  next: SharedArrayBuffer;
  /**
   * One Int32: the batches the main thread has handed on. The worker stays at most BATCHES_AHEAD
   * batches ahead of it, so a slow disk never makes pages pile up in memory.
   */
  consumed: SharedArrayBuffer;
}

/** What a streamed build's links are checked against: every output file (known before rendering), under the site's base path. */
export interface PageOutput {
  files: ReadonlySet<string>;
  base: string;
  /** The forms of the last build's pages, so an unchanged page is not compressed again. */
  pack?: CompressedPack;
}

/** A page as `build` writes it: its bytes, their `.br`/`.gz` forms when made with it, and the URLs it links to that resolve to no file. */
export interface OutputPage {
  route: Route;
  bytes: Uint8Array;
  forms?: CompressedForms;
  /** The page's key in the pack of compressed pages (`PageOutput.pack`). */
  formsKey?: string;
  brokenUrls: string[];
  /** What the compliance rules read in the HTML. */
  facts: PageFacts;
}

/** A streamed page as a worker posts it (the route by index); its buffers are transferred, not copied. */
export type PostedPage = Omit<OutputPage, 'route'> & { index: number };

// Below this many routes a worker's start-up (importing React and the templates, copying the model)
// costs more than the rendering it takes over; measured on the 2-core machine in README.
const ROUTES_PER_WORKER = 250;

/** How many threads (this one included) render a site of `routes` routes. */
export function renderThreads(routes: number): number {
  return Math.min(availableParallelism(), Math.floor(routes / routesPerWorker()));
}

/**
 * ROUTES_PER_WORKER, or the positive whole number in BROCHURE_ROUTES_PER_WORKER. Only tests set it:
 * test/integration/parallel-build.test.ts lowers it so a site of a few dozen pages takes the parallel
 * path a site of hundreds does, at a fraction of the cost.
 */
function routesPerWorker(): number {
  const value = Number(process.env.BROCHURE_ROUTES_PER_WORKER);
  return Number.isInteger(value) && value > 0 ? value : ROUTES_PER_WORKER;
}

/** The role of a worker started before its task is known (early-workers.ts): it waits for the task as its first message. */
export const WAITING_ROLE = 'brochure-render-waiting';

/** Renders each route with the template of its kind; large sites share the work with worker threads. */
export async function renderPages(model: SiteModel, assets: AssetManifest, { pages: templates, bundleFile: file }: LoadedTemplates): Promise<Page[]> {
  const threads = renderThreads(model.routes.length);
  if (!file || threads < 2) return model.routes.map((route) => renderPage(templates, { model, route, assets }));

  const indexes = model.routes.map((_, index) => index);
  const share = Math.ceil(indexes.length / threads);
  const slices = Array.from({ length: threads }, (_, thread) => indexes.slice(thread * share, (thread + 1) * share));
  const [own = [], ...others] = slices;
  // Workers start first so they load while this thread renders its own slice.
  const pending = others.map((routes) => {
    const html: string[] = [];
    return runWorker<string[]>(file, { role: 'brochure-render', model, assets, routes }, undefined, (batch) => html.push(...batch)).done.then(() => html);
  });
  const html = [own.map((index) => renderPage(templates, { model, route: model.routes[index]!, assets }).html), ...(await Promise.all(pending))].flat();
  return model.routes.map((route, index) => ({ route, html: html[index]! }));
}

/** Renders one route with the template of its kind. */
export type RenderPage = (templates: PageTemplates, props: PageProps) => Page;

/**
 * Every page ready to write, each handed on as soon as it is done, so a build writes them out instead
 * of holding the whole site. On large sites, worker threads and this one take routes from a shared
 * counter: this thread hands on the pages the workers finished and renders one itself only when none is
 * waiting, so the threads stay busy whatever the share of writing. Each page is rendered, link-checked,
 * encoded and (large sites) compressed by the thread that took it (`outputPage`): the same bytes
 * wherever it ran. Pages come in the order they are done.
 *
 * The workers get their task at this call, not at the first page asked for, so they render while the
 * caller writes what comes before the pages; they keep the process alive only once the pages are asked
 * for (a stream never read lets it exit).
 */
export function streamPages(
  model: SiteModel,
  assets: AssetManifest,
  { pages: templates, bundleFile: file }: LoadedTemplates,
  output: PageOutput,
  early?: { take(file: string): Worker | undefined; release(): void },
): AsyncGenerator<OutputPage> {
  const routes = model.routes;
  const threads = file ? renderThreads(routes.length) : 1;
  const own = (index: number) => outputPage(templates, { model, route: routes[index]!, assets }, output);
  if (!file || threads < 2) {
    early?.release();
    return (async function* () {
      for (let index = 0; index < routes.length; index++) yield own(index);
    })();
  }
  const next = new Int32Array(new SharedArrayBuffer(4));
  /** Workers' pages not yet handed on; the last of each batch carries its worker's `consumed` counter. */
  const arrived: { page: OutputPage; consumed?: Int32Array }[] = [];
  const counters: Int32Array[] = [];
  let wake: (() => void) | undefined;
  const workers = Array.from({ length: threads - 1 }, () => {
    const consumed = new Int32Array(new SharedArrayBuffer(4));
    counters.push(consumed);
    const task: StreamRenderTask = { role: 'brochure-render-stream', model, assets, output, next: next.buffer as SharedArrayBuffer, consumed: consumed.buffer as SharedArrayBuffer };
    const running = runWorker<PostedPage[]>(file, task, early?.take(file), (batch) => {
      batch.forEach(({ index, ...page }, at) => arrived.push({ page: { route: routes[index]!, ...page }, consumed: at === batch.length - 1 ? consumed : undefined }));
      wake?.();
    });
    running.worker.unref();
    return running;
  });
  let failure: unknown;
  let finished = false;
  void Promise.all(workers.map(({ done }) => done)).then(
    () => {
      finished = true;
      wake?.();
    },
    (error: unknown) => {
      failure = error;
      wake?.();
    },
  );
  const stop = () => {
    early?.release();
    // Stopped early (a failed write): no route is left to take, and no worker waits for this thread.
    Atomics.store(next, 0, routes.length);
    for (const consumed of counters) {
      Atomics.store(consumed, 0, 2 ** 30);
      Atomics.notify(consumed, 0);
    }
  };
  const pages = (async function* () {
    for (const { worker } of workers) worker.ref();
    try {
      for (let handed = 0; handed < routes.length; ) {
        const waiting = arrived.shift();
        if (waiting) {
          yield waiting.page;
          handed++;
          if (waiting.consumed) {
            Atomics.add(waiting.consumed, 0, 1);
            Atomics.notify(waiting.consumed, 0);
          }
          continue;
        }
        if (failure) throw failure;
        // The workers' batches are delivered by the event loop, which a writer that needs no I/O (files
        // linked from the previous output) never returns to: turn it once before rendering here instead.
        await new Promise((resolve) => setImmediate(resolve));
        if (arrived.length > 0) continue;
        const index = Atomics.add(next, 0, 1);
        if (index < routes.length) {
          yield own(index);
          handed++;
          continue;
        }
        if (finished) throw new Error('streamPages: the render workers ended without posting every page they took');
        // Every route is taken: wait for the workers' last batches.
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      stop();
    }
  })();
  // Returned before its first page was asked for, a generator runs no `finally`: stop the workers here too.
  const close = pages.return.bind(pages);
  pages.return = (value) => {
    stop();
    return close(value);
  };
  return pages;
}

/** Renders one route and makes it ready to write (`streamPages`): its broken links, its bytes, what the compliance rules read, and on a large site its compressed forms. */
export function outputPage(templates: PageTemplates, props: PageProps, output: PageOutput): OutputPage {
  const { html } = renderPage(templates, props);
  const bytes = Buffer.from(html);
  const made = pageFormsSync(props.route.file, bytes, props.model.routes.length, output.pack);
  return { route: props.route, bytes, forms: made?.forms, formsKey: made?.key, brokenUrls: brokenUrls(html, output.files, output.base, knownAttributes(output)), facts: pageFacts(html) };
}

// Per thread: a worker's task carries its own copy of the build's `PageOutput`, whose files do not change while its pages are rendered.
const known = new WeakMap<PageOutput, KnownAttributes>();

function knownAttributes(output: PageOutput): KnownAttributes {
  let attributes = known.get(output);
  if (!attributes) known.set(output, (attributes = new Map()));
  return attributes;
}

/** Renders one route; `watch` calls it for just the pages whose inputs changed. */
export function renderPage(templates: PageTemplates, props: PageProps): Page {
  return { route: props.route, html: `<!doctype html>${renderToStaticMarkup(createElement(templates[props.route.kind], props))}` };
}

/** Posts the HTML of its routes in batches of this many pages, so neither thread holds them all at once. */
export const RENDER_BATCH = 100;

/** A streaming worker takes this many routes at a time: enough to post few messages, few enough that the last batch ends soon. */
export const STREAM_BATCH = 16;

/** How many batches a worker of a streamed build may post before the main thread has handed them on. */
export const BATCHES_AHEAD = 4;

/** Runs `task` in a worker (`started` early, waiting for it, or a new one); `onBatch` gets each batch it posts (an empty batch ends). */
function runWorker<T extends unknown[]>(file: string, task: RenderTask, started: Worker | undefined, onBatch: (batch: T) => void): { worker: Worker; done: Promise<void> } {
  const worker = started ?? new Worker(new URL(`file://${file}`), { workerData: task });
  if (started) {
    started.postMessage(task);
  }
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (batch: T) => {
      if (batch.length > 0) return onBatch(batch);
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`render worker stopped with exit code ${code}`));
    });
  });
  return { worker, done };
}
