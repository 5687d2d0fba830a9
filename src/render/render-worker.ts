// Worker side of parallel rendering: bundled with the templates, renders the routes it is given or takes from a shared counter.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { PageTemplates } from './page-props.ts';
import { BATCHES_AHEAD, outputPage, RENDER_BATCH, renderPage, STREAM_BATCH, type PostedPage, type RenderTask, type StreamRenderTask, WAITING_ROLE } from './render-pages.ts';

/** In a render worker, renders its routes and posts them back in batches, then an empty batch; elsewhere does nothing. */
export function answerRenderTask(templates: PageTemplates): void {
  const task = workerData as RenderTask | undefined;
  if (isMainThread || !parentPort) return;
  // Started before the model existed (early-workers.ts): the task comes as the first message.
  if ((task?.role as string | undefined) === WAITING_ROLE) return void parentPort.once('message', (posted: StreamRenderTask) => answerStream(templates, posted));
  if (task?.role === 'brochure-render-stream') return answerStream(templates, task);
  if (task?.role !== 'brochure-render') return;
  const { model, assets } = task;
  for (let start = 0; start < task.routes.length; start += RENDER_BATCH) {
    const batch = task.routes.slice(start, start + RENDER_BATCH);
    parentPort.postMessage(batch.map((index) => renderPage(templates, { model, route: model.routes[index]!, assets }).html));
  }
  parentPort.postMessage([]);
}

/**
 * Takes STREAM_BATCH routes at a time from the shared counter until none is left, and posts each batch
 * ready to write, its buffers transferred. HTML becomes bytes here, right after rendering, so the
 * strings die young instead of being copied by every garbage collection until the batch is posted.
 */
function answerStream(templates: PageTemplates, task: StreamRenderTask): void {
  const { model, assets, output } = task;
  const next = new Int32Array(task.next);
  const consumed = new Int32Array(task.consumed);
  for (let sent = 0; ; sent++) {
    // Wait (blocking this thread only) while the main thread is BATCHES_AHEAD batches behind.
    for (let seen = Atomics.load(consumed, 0); sent - seen >= BATCHES_AHEAD; seen = Atomics.load(consumed, 0)) Atomics.wait(consumed, 0, seen);
    const start = Atomics.add(next, 0, STREAM_BATCH);
    if (start >= model.routes.length) break;
    const batch: PostedPage[] = [];
    for (let index = start; index < Math.min(start + STREAM_BATCH, model.routes.length); index++) {
      const { route: _route, ...page } = outputPage(templates, { model, route: model.routes[index]!, assets }, output);
      batch.push({ index, ...page });
    }
    parentPort!.postMessage(batch, batch.flatMap(({ bytes, forms }) => [bytes, forms?.br, forms?.gz].flatMap(ownBuffer)));
  }
  parentPort!.postMessage([]);
}

/**
 * The memory of a view when the view is all of it, so it can be transferred; otherwise none (a small
 * Buffer lives in a pool other Buffers share, which a transfer would take from them), and it is copied.
 */
function ownBuffer(view: Uint8Array | undefined): ArrayBuffer[] {
  return view && view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? [view.buffer] : [];
}
