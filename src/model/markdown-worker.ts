// Markdown on a second thread for large sites: the worker reads the bodies itself while the main thread validates front matter.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { normaliseText, splitFrontMatter } from '../content/load.ts';
import { hashOf, loadRenderer, readMarkdownCache, type RenderedMarkdown } from './markdown.ts';

/** What the main thread hands the worker. */
interface MarkdownTask {
  role: 'brochure-markdown';
  /** Absolute paths of the content's Markdown files. */
  files: string[];
  cacheDir: string;
  /** One Int32: the index of the next file to take, shared by both threads (Atomics). */
  next: SharedArrayBuffer;
}

/** Markdown being rendered on two threads; `finish` makes the calling thread take the files left, then merges. */
export interface SharedMarkdown {
  finish(): Promise<RenderedMarkdown>;
  /** Ends the worker: every body was in the cache after all. */
  stop(): void;
}

// Below this many files the worker's start-up (loading the CLI bundle and unified on the other core)
// costs about what it takes over. Measured on the 2-core machine (README, "Performance").
const FILES_FOR_WORKER = 200;

const MARKDOWN = /\.(?:md|markdown)$/i;

/**
 * On large sites in the compiled CLI (a worker starts from the CLI bundle, not from TypeScript
 * sources), starts a worker that reads and renders the Markdown files under `contentDir` the cache
 * lacks, taking them one at a time from a shared counter; `finish()` has this thread take the rest, so
 * neither waits for the other. Bodies are keyed by the exact text loading produces: one the worker read
 * differently (a file saved in between) or lost (a failed worker) is rendered again by the caller, so
 * the output never depends on the worker.
 */
export async function renderMarkdownInWorker(contentDir: string, cacheDir: string): Promise<SharedMarkdown | undefined> {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const names = await readdir(contentDir, { recursive: true }).catch(() => [] as string[]);
  const files = names.filter((name) => MARKDOWN.test(name)).map((name) => path.join(contentDir, name));
  if (files.length < FILES_FOR_WORKER) return undefined;
  const task: MarkdownTask = { role: 'brochure-markdown', files, cacheDir, next: new SharedArrayBuffer(4) };
  const worker = new Worker(new URL(import.meta.url), { workerData: task });
  // Never keeps the process alive: a build stopped by content errors exits without waiting for it.
  worker.unref();
  const fromWorker = new Promise<[string, string][]>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', () => resolve([]));
    worker.once('exit', () => resolve([]));
  });
  return {
    async finish() {
      const own = await renderShare(task);
      const pairs = await fromWorker;
      void worker.terminate();
      return new Map([...pairs, ...own]);
    },
    stop: () => void worker.terminate(),
  };
}

/** Takes files from the shared counter until none is left; [body, HTML] for each body the cache lacks. */
async function renderShare(task: MarkdownTask): Promise<[string, string][]> {
  const next = new Int32Array(task.next);
  if (Atomics.load(next, 0) >= task.files.length) return [];
  const cached = await readMarkdownCache(task.cacheDir);
  let render: ((markdown: string) => string) | undefined;
  const pairs: [string, string][] = [];
  for (let index = Atomics.add(next, 0, 1); index < task.files.length; index = Atomics.add(next, 0, 1)) {
    const text = await readFile(task.files[index]!, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const body = splitFrontMatter(normaliseText(text)).content;
    if (cached[hashOf(body)] === undefined) pairs.push([body, (render ??= await loadRenderer())(body)]);
  }
  return pairs;
}

if (!isMainThread && (workerData as Partial<MarkdownTask> | undefined)?.role === 'brochure-markdown') {
  void renderShare(workerData as MarkdownTask).then((pairs) => parentPort!.postMessage(pairs));
}
