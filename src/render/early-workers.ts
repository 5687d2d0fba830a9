// Render workers started while the content is still read, so they have loaded React and the templates by the time rendering begins.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadTemplates } from '../bundle/templates.ts';
import type { ResolvedOptions } from '../options.ts';
import { renderThreads, WAITING_ROLE } from './render-pages.ts';

/** Workers started early, handed to `streamPages` (which gives them their task) or ended. */
export interface EarlyWorkers {
  /** A started worker of the templates bundle `file` that is still alive, or undefined. */
  take(file: string): Worker | undefined;
  /** Ends the workers not taken. */
  release(): void;
  /** How many workers were started, once that is decided (tests wait for it instead of for time). */
  started: Promise<number>;
}

/** Pages a site has besides its professionals' (home, contacts, Percorsi, privacy, 404…): a lower bound is enough. */
const OTHER_PAGES = 5;

/**
 * On a site with enough professionals for render workers (`renderThreads`), starts them as soon as the
 * templates bundle exists (`build` starts bundling first, src/bundle/start-bundles.ts). Loading React and
 * the templates takes a worker 100–200 ms; started here, that happens on the core the content stage
 * leaves idle instead of at the start of rendering. Each waits for its task (render-worker.ts); the
 * process never waits for one that gets none. Rendering gives the same bytes with or without them.
 */
export function startEarlyWorkers(options: ResolvedOptions): EarlyWorkers {
  const started: { file: string; worker: Worker; alive: boolean }[] = [];
  let released = false;
  const starting = (async () => {
    const names = await readdir(path.join(options.content, 'professionals')).catch(() => [] as string[]);
    const count = renderThreads(names.length + OTHER_PAGES) - 1;
    if (count < 1) return 0;
    const { bundleFile: file } = await loadTemplates(options);
    if (!file || released) return 0;
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL(`file://${file}`), { workerData: { role: WAITING_ROLE } });
      worker.unref();
      const entry = { file, worker, alive: true };
      const dead = () => (entry.alive = false);
      worker.once('error', dead);
      worker.once('exit', dead);
      started.push(entry);
    }
    return count;
  })().catch(() => 0);
  return {
    started: starting,
    take(file) {
      const index = started.findIndex((entry) => entry.alive && entry.file === file);
      return index === -1 ? undefined : started.splice(index, 1)[0]!.worker;
    },
    release() {
      released = true;
      for (const { worker } of started.splice(0)) void worker.terminate();
    },
  };
}
