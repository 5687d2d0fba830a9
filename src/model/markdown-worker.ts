// Content on both cores for large sites: each Markdown file read, its front matter parsed and validated and its body rendered once, by one of two threads.
import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { cacheableJson, frontMatterKey, FrontMatterCache } from '../content/front-matter-cache.ts';
import { cleanYamlData, lazySource, markdownKind, markdownParts, normaliseText, type CheckedFile, type EntryKind, type ReadContent } from '../content/load.ts';
import { cleanSchemaCheck } from '../content/validate.ts';
import { withinLimits } from '../content/limits.ts';
import { readContentFile, readContentFileSync, type ReadResult } from '../content/read-file.ts';
import { hashOf, hasMarkdownCache, readMarkdownCache, renderMarkdown, type RenderedMarkdown } from './markdown.ts';

/** What the main thread hands the worker. */
interface ContentTask {
  role: 'brochure-markdown';
  /** Absolute paths of the Markdown files loading reads. */
  files: string[];
  /** The kind loading reads each file as (`markdownKind`), by index into `files`; null for one it does not read. */
  kinds: (EntryKind | null)[];
  cacheDir: string;
  /**
   * Two Int32s shared by both threads (Atomics): the index of the next file to take, and the worker's
   * state (STATE_*), so a main thread that took every file before the worker started need not wait for it.
   */
  shared: SharedArrayBuffer;
}

/** What the worker is started with: its task (or, started ahead, only its role: the task comes as a message), and the CLI bundle it runs (`WORKER_START`). */
type WorkerData = (ContentTask | Pick<ContentTask, 'role'>) & { bundle: string };

/**
 * The worker's first code (CommonJS, run by `eval`): runs the CLI bundle in this thread as
 * bin/brochure.js runs it, through vm.Script with the code V8 compiled for `build` in an earlier run
 * (lib/code-cache/build-<bundle hash>.v8, which bin/brochure.js writes; the same source and wrapper, so
 * V8 takes it), instead of compiling the 1.3 MB bundle again: about 40 ms sooner at work on a cold L
 * build. Without that file (a first build, a read-only lib/) or with one V8 refuses, it compiles. The
 * bundle's entry then imports this module, whose code below takes the task.
 */
const WORKER_START = `
const { readFileSync } = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');
const { workerData } = require('node:worker_threads');
const bundle = workerData.bundle;
const source = readFileSync(bundle, 'utf8');
const id = /^\\/\\/ brochure-bundle (\\w+)/.exec(source)?.[1];
let cachedData;
try {
  cachedData = id ? readFileSync(path.join(path.dirname(bundle), 'code-cache', 'build-' + id + '.v8')) : undefined;
} catch {
  cachedData = undefined;
}
const script = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + source + '\\n})', { filename: bundle, cachedData });
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
`;

const NEXT = 0;
const STATE = 1;
const STATE_IDLE = 0;
const STATE_WORKING = 1;
const STATE_CLOSED = 2;

/** One file as a thread read it: what reading gave (or the file validated), the front matter it parsed cleanly, the body it rendered. */
interface ReadFile {
  file: string;
  /** What reading gave, when the file was not validated here with nothing to report. */
  read?: ReadResult;
  /** The file split and validated, when the schema found nothing to report: loading and validation take it as it is. */
  checked?: CheckedFile;
  /** The front matter's key in the front-matter cache (`frontMatterKey`), computed once, here. */
  key?: string;
  /** Its data as JSON, when the cache lacked it and it parsed with no problem. */
  json?: string;
  /** [body, HTML] when the Markdown cache lacked the body. */
  markdown?: [string, string];
}

/** The content the two threads read, for loading (`read`, and the front-matter cache they filled) and for rendering (`markdown`). */
export interface PrefetchedContent {
  /** Reads a content file: the text already read when it is one of the shared files, from disk otherwise. */
  read: ReadContent;
  /** The bodies the Markdown cache lacked, rendered. */
  markdown: RenderedMarkdown;
}

/** A content worker started on a large site; `finish` has the calling thread take its share, then merges. */
export interface ContentWorker {
  finish(frontMatter: FrontMatterCache): Promise<PrefetchedContent>;
  /** Ends the worker (content loading stopped early). */
  stop(): void;
}

// Below this many files the worker's start-up (loading the CLI bundle and unified on the other core)
// costs about what it takes over. Measured on the 2-core machine (README, "Performance").
const FILES_FOR_WORKER = 200;

const MARKDOWN = /\.(?:md|markdown)$/i;

/** Files the main thread takes between two turns of its event loop (each file is 0.1 to 0.3 ms of work). */
const YIELD_EVERY = 16;

/** Files the worker hands over per message: the main thread takes each batch between two of its own files. */
const HAND_EVERY = 32;

/**
 * On large sites in the compiled CLI (a worker starts from the CLI bundle, not from TypeScript
 * sources), starts a worker that takes the Markdown files loading will read one at a time from a shared
 * counter: it reads each (the same checks as loading), parses its front matter (where the cache lacks
 * it), validates it against its schema and renders its body (where the Markdown cache lacks it).
 * `finish()` has this thread take the rest the same way, so each file is read, parsed and validated
 * once. What the threads hand over is exactly what loading and validation would compute: a file the
 * schema accepts with nothing to report goes to loading split and validated (`CheckedFile`), any other
 * as its text, which loading parses and validation checks again to report its problems in order;
 * front matter is cached only when it parsed with no problem and JSON keeps it exactly, bodies keyed by
 * their text. Anything they did not hand over loading does itself, so output and messages never depend
 * on the worker (test/integration/parallel-build.test.ts compares bytes, and problems with `check`).
 */
export async function startContentWorker(contentDir: string, cacheDir: string, now = false): Promise<ContentWorker | undefined> {
  if (!/\.c?js$/.test(import.meta.url)) return undefined;
  const listed = await markdownFiles(contentDir);
  if (listed.length < FILES_FOR_WORKER) {
    releasePreloaded();
    return undefined;
  }
  const task: ContentTask = {
    role: 'brochure-markdown',
    files: listed.map(({ file }) => file),
    kinds: listed.map(({ kind }) => kind ?? null),
    cacheDir,
    shared: new SharedArrayBuffer(8),
  };
  let worker: Worker | undefined;
  // The worker's files, as its batches arrive (while this thread takes its own share).
  const theirs: ReadFile[] = [];
  let fromWorker: Promise<void> = Promise.resolve();
  // Started at this thread's first cache miss: on a site whose every file is cached, reading is all
  // that is left, which this thread finishes before a worker would have loaded its code.
  const start = () => {
    if (worker) return;
    worker = takePreloaded(task) ?? new Worker(WORKER_START, { eval: true, workerData: { ...task, bundle: fileURLToPath(import.meta.url) } satisfies WorkerData });
    // Never keeps the process alive: a build stopped by content errors exits without waiting for it.
    worker.unref();
    const started = worker;
    fromWorker = new Promise<void>((resolve) => {
      // Batches, then null once its share is done. Should it fail, the files it took and did not hand
      // over are read by loading itself: the output is the same, so the build goes on, but a failure
      // is a bug that would otherwise show only in a profile, so it is said on stderr (which
      // test/integration/parallel-build.test.ts expects empty).
      started.on('message', (batch: ReadFile[] | null) => (batch ? void theirs.push(...batch) : resolve()));
      started.once('error', (error) => {
        process.emitWarning(`the content worker failed (${error.message}); its files were read on the main thread`);
        resolve();
      });
      started.once('exit', () => resolve());
    });
  };
  if (now) start();
  return {
    async finish(frontMatter) {
      const own = await readShare(task, frontMatter, start);
      const state = new Int32Array(task.shared);
      // Every file taken before the worker began: it will not take any, so do not wait for its start-up.
      const idle = Atomics.compareExchange(state, STATE, STATE_IDLE, STATE_CLOSED) === STATE_IDLE;
      if (!idle) await fromWorker;
      void worker?.terminate();
      return merge([...theirs.splice(0), ...own], frontMatter);
    },
    stop: () => void worker?.terminate(),
  };
}

/**
 * `startContentWorker` for a cold build, called by `brochure build` as soon as it knows a build is
 * needed: with no Markdown cache every body misses, so the worker would start at the first file
 * anyway; started now, it loads its code and takes files while this thread starts esbuild, checks
 * the output folder and loads the pipeline (about 60 ms sooner on the L site). Undefined otherwise:
 * a rebuild starts it, if at all, at its first miss (`streamSite` does, when given none).
 */
export function startColdContentWorker(contentDir: string, cacheDir: string): Promise<ContentWorker | undefined> | undefined {
  if (hasMarkdownCache(cacheDir)) return undefined;
  return startContentWorker(contentDir, cacheDir, true);
}

/** A worker started ahead by `preloadContentWorker`, waiting for its task, while it is alive. */
let preloaded: Worker | undefined;

/**
 * For a build that is certain to run cold (`brochure build` with no record of a last build into its
 * output, and no Markdown cache): starts the content worker before the build has taken its inputs
 * (src/up-to-date.ts walks every input first, about 20 ms at L), so the worker loads its code meanwhile.
 * It reads nothing until `startColdContentWorker` hands it its files, after the inputs were taken; one
 * never handed any ends with the process (or `releasePreloaded`). Only on sites with the worker's
 * number of files (counted in the folders loading reads them from).
 */
export function preloadContentWorker(contentDir: string, cacheDir: string): void {
  if (preloaded || !/\.c?js$/.test(import.meta.url) || hasMarkdownCache(cacheDir)) return;
  const count = (folder: string) => {
    try {
      return readdirSync(path.join(contentDir, folder)).length;
    } catch {
      return 0;
    }
  };
  if (count('professionals') + count('services') < FILES_FOR_WORKER) return;
  const worker = new Worker(WORKER_START, { eval: true, workerData: { role: 'brochure-markdown', bundle: fileURLToPath(import.meta.url) } satisfies WorkerData });
  worker.unref();
  const gone = () => {
    if (preloaded === worker) preloaded = undefined;
  };
  // A failure before it has a task: the build starts its own, or loads without one.
  worker.once('error', gone);
  worker.once('exit', gone);
  preloaded = worker;
}

/** Ends a worker started ahead that got no task (the build found nothing to do). */
function releasePreloaded(): void {
  void preloaded?.terminate();
  preloaded = undefined;
}

/** The worker started ahead, handed `task`; undefined when there is none. */
function takePreloaded(task: ContentTask): Worker | undefined {
  const worker = preloaded;
  preloaded = undefined;
  worker?.postMessage(task);
  return worker;
}

/** The Markdown files `loadContent` reads (the pages at the top, the professionals and the services), each with the kind it reads it as. */
async function markdownFiles(contentDir: string): Promise<{ file: string; kind?: EntryKind }[]> {
  const lists = await Promise.all(
    ['', 'professionals', 'services'].map(async (folder) => {
      const names = await readdir(path.join(contentDir, folder)).catch(() => [] as string[]);
      return names.filter((name) => MARKDOWN.test(name) && !name.startsWith('.')).map((name) => ({ file: path.join(contentDir, folder, name), kind: markdownKind(folder, name) }));
    }),
  );
  return lists.flat();
}

/** Primes the front-matter cache with what the threads parsed; reads of shared files come from memory, once each. */
function merge(files: ReadFile[], frontMatter: FrontMatterCache): PrefetchedContent {
  const reads = new Map<string, ReadResult | { checked: CheckedFile }>();
  const markdown = new Map<string, string>();
  for (const { file, read, checked, key, json, markdown: rendered } of files) {
    if (key !== undefined && json !== undefined) frontMatter.add(key, json);
    // Loading does not parse a checked file's front matter: it is kept for the next build here.
    if (key !== undefined && checked) frontMatter.keep(key);
    const found = checked ? { checked } : read;
    if (found) reads.set(file, found);
    if (rendered) markdown.set(...rendered);
  }
  return {
    read: async (absolute) => {
      const read = reads.get(absolute);
      // Handed out once: loading reads each file once, and the text need not outlive it.
      reads.delete(absolute);
      return read ?? readContentFile(absolute);
    },
    markdown,
  };
}

/**
 * Takes files from the shared counter until none is left, reading, parsing, validating and rendering
 * what the caches lack. The worker hands its files over in batches (`hand`) as it goes, so the main
 * thread receives them between its own files rather than all at the end; this thread's come back at the end.
 */
async function readShare(task: ContentTask, known?: FrontMatterCache, onFirstMiss?: () => void, hand?: (files: ReadFile[]) => void): Promise<ReadFile[]> {
  const shared = new Int32Array(task.shared);
  if (Atomics.load(shared, NEXT) >= task.files.length) return [];
  const [cached, frontMatter] = await Promise.all([readMarkdownCache(task.cacheDir), known ?? FrontMatterCache.load(task.cacheDir)]);
  let missed = onFirstMiss === undefined;
  const miss = () => {
    if (!missed) onFirstMiss!();
    missed = true;
  };
  const out: ReadFile[] = [];
  for (let index = Atomics.add(shared, NEXT, 1), taken = 1; index < task.files.length; index = Atomics.add(shared, NEXT, 1), taken++) {
    // The main thread turns its event loop now and then: esbuild's plugin calls for the templates
    // bundle wait for it, and the render workers can start only once that bundle exists.
    if (isMainThread && taken % YIELD_EVERY === 0) await setImmediate();
    const file = task.files[index]!;
    const read = readContentFileSync(file);
    const done: ReadFile = { file, read };
    out.push(done);
    if (!('text' in read)) continue;
    const text = normaliseText(read.text);
    const parts = markdownParts(text);
    // Without front matter the body is the whole text, as gray-matter splits it.
    const { matter, body } = parts ?? { matter: '', body: text };
    done.key = frontMatterKey(matter);
    let data = frontMatter.get(matter, done.key);
    if (data === undefined) {
      miss();
      const clean = cleanYamlData(matter);
      done.json = clean && cacheableJson(clean.data);
      data = clean ? (clean.data ?? {}) : undefined;
    }
    const kind = task.kinds[index];
    // Validated here when loading would read it and its YAML parsed cleanly; a file with anything to
    // report is left to the main thread, which gathers every problem in order.
    if (parts && kind && data !== undefined) {
      const check = cleanSchemaCheck({ kind, file, source: lazySource(file, matter), data: data ?? {}, body, bodyLine: parts.bodyLine });
      if (check) {
        done.checked = { kind, matter, body, bodyLine: parts.bodyLine, check };
        delete done.read;
      }
    }
    // A body over the limits is reported by loading, never rendered: it could crash or stall the parser.
    if (cached[hashOf(body)] === undefined && withinLimits(body)) {
      miss();
      done.markdown = [body, await renderMarkdown(body)];
    }
    if (hand && out.length === HAND_EVERY) hand(out.splice(0));
  }
  if (hand && out.length > 0) hand(out.splice(0));
  return out;
}

if (!isMainThread && (workerData as Partial<ContentTask> | undefined)?.role === 'brochure-markdown') {
  const run = (task: ContentTask) => {
    const state = new Int32Array(task.shared);
    // The main thread may have closed the work already: then there is nothing to take.
    if (Atomics.compareExchange(state, STATE, STATE_IDLE, STATE_WORKING) === STATE_IDLE) {
      void readShare(task, undefined, undefined, (files) => parentPort!.postMessage(files)).then(() => parentPort!.postMessage(null));
    }
  };
  // Started ahead (`preloadContentWorker`), it waits for its task.
  if ('files' in (workerData as WorkerData)) run(workerData as ContentTask);
  else parentPort!.once('message', run);
}
