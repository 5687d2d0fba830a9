// Worker side of parallel rendering: bundled with the templates, renders the slice of routes it is given.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { PageTemplates } from './page-props.ts';
import { BATCHES_AHEAD, RENDER_BATCH, renderPage, type RenderTask } from './render-pages.ts';

/** In a render worker, renders its routes and posts their HTML back in order, in batches, then an empty batch; elsewhere does nothing. */
export function answerRenderTask(templates: PageTemplates): void {
  const task = workerData as RenderTask | undefined;
  if (isMainThread || task?.role !== 'brochure-render' || !parentPort) return;
  const { model, assets } = task;
  const consumed = task.consumed && new Int32Array(task.consumed);
  for (let start = 0, sent = 0; start < task.routes.length; start += RENDER_BATCH, sent++) {
    // Streaming: wait (blocking this thread only) while the main thread is BATCHES_AHEAD batches behind.
    for (let seen = consumed ? Atomics.load(consumed, 0) : sent; sent - seen >= BATCHES_AHEAD; seen = Atomics.load(consumed!, 0)) Atomics.wait(consumed!, 0, seen);
    const batch = task.routes.slice(start, start + RENDER_BATCH);
    parentPort.postMessage(batch.map((index) => renderPage(templates, { model, route: model.routes[index]!, assets }).html));
  }
  parentPort.postMessage([]);
}
