// `node --import tsx bench/watch.ts`: save-to-reload latency of `brochure watch`, and its memory over 500 saves.
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RebuildTiming, WatchSession } from '../src/watch/watch.ts';
import type { ResolvedOptions } from '../src/options.ts';
import { benchFlags, generateScale, SCALES } from './scales.ts';

// Pages render with React's production build, as under bin/brochure.js: set before brochure's modules
// load (imported below, not statically: static imports run first, and React chose its development build).
process.env.NODE_ENV ??= 'production';
const { watchSite } = await import('../src/watch/watch.ts');
const { resolveOptions } = await import('../src/options.ts');
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const root = fileURLToPath(new URL('..', import.meta.url));
const work = await mkdtemp(path.join(tmpdir(), 'brochure-bench-watch-'));

/** A watch session plus the times its reload events reached a page, as a browser tab would see them. */
interface Bench {
  session: WatchSession;
  reloads: number[];
  /** The last rebuild line, which says how many pages were rendered. */
  lastLog: () => string;
  /** Where the last rebuild's time went. */
  lastTiming: () => RebuildTiming | undefined;
  close(): Promise<void>;
}

async function start(options: ResolvedOptions): Promise<Bench> {
  const logs: string[] = [];
  let timing: RebuildTiming | undefined;
  const session = await watchSite(options, {
    log: (line) => logs.splice(0, logs.length, line),
    error: (line) => console.error(line),
    timing: (last) => (timing = last),
  });
  const controller = new AbortController();
  const response = await fetch(`${session.url}/__brochure/events`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const reloads: number[] = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      for (const match of value.matchAll(/^event: reload$/gm)) if (match) reloads.push(performance.now());
    }
  })();
  return {
    session,
    reloads,
    lastLog: () => logs[0] ?? '',
    lastTiming: () => timing,
    close: async () => {
      controller.abort();
      await session.close();
    },
  };
}

async function until<T>(check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error('bench: timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  reload: number;
  served: number;
  rendered: string;
  /** Milliseconds per step, from the file written to the page served (see `steps`). */
  steps: Record<Step, number>;
  /** CPU milliseconds (user + system) of this process, the watch and the bench's requests, from the save to the page served. */
  cpu: number;
}

/** The steps of a save, in order; together they make up `served`. */
const STEPS = {
  event: 'watcher event',
  quiet: 'quiet spell',
  settle: 'settle',
  content: 'read+validate+model',
  assets: 'assets',
  render: 'render+assemble+links',
  reload: 'reload sent+received',
  fetch: 'page fetched',
} as const;
type Step = keyof typeof STEPS;

/**
 * Saves `file` with `edit(n)` and times: file written -> reload event received, and -> the page at
 * `route` served with `marker(n)` in it. Saves are spaced like a person's (not faster than 100 ms).
 */
async function measure(
  bench: Bench,
  count: number,
  file: string,
  route: string,
  edit: (n: number) => string,
  marker: (n: number) => string,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let n = 0; n < count; n++) {
    const seen = bench.reloads.length;
    const cpuBefore = process.cpuUsage();
    await writeFile(file, edit(n));
    const written = performance.now();
    const reloaded = await until(() => bench.reloads[seen]);
    const served = await until(async () =>
      (await (await fetch(bench.session.url + route)).text()).includes(marker(n)) ? performance.now() : undefined,
    );
    const cpuUsed = process.cpuUsage(cpuBefore);
    const timing = bench.lastTiming()!;
    const times = timing.times ?? { content: 0, assets: 0, render: 0, total: timing.built - timing.settled };
    const steps: Record<Step, number> = {
      event: timing.changed - written,
      quiet: timing.started - timing.changed,
      settle: timing.settled - timing.started,
      content: times.content,
      assets: times.assets,
      // What the build did besides its stages (for a full build: the Markdown, the asset files).
      render: timing.built - timing.settled - times.content - times.assets,
      reload: reloaded - timing.built,
      fetch: served - reloaded,
    };
    samples.push({
      reload: reloaded - written,
      served: served - written,
      rendered: /(\d+ of \d+) pages rendered/.exec(bench.lastLog())?.[1] ?? '?',
      steps,
      cpu: (cpuUsed.user + cpuUsed.system) / 1000,
    });
    await pause(100);
  }
  return samples;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function report(label: string, samples: Sample[], targetMs: number): void {
  const reload = samples.map((sample) => sample.reload);
  const served = samples.map((sample) => sample.served);
  const median = quantile(served, 0.5);
  console.log(
    `${label} (${samples.length} saves): written -> reload median ${quantile(reload, 0.5).toFixed(1)} ms, p90 ${quantile(reload, 0.9).toFixed(1)} ms; ` +
      `-> new page served median ${median.toFixed(1)} ms, p90 ${quantile(served, 0.9).toFixed(1)} ms; ` +
      `pages rendered per save: ${[...new Set(samples.map((sample) => sample.rendered))].join(', ')}  ` +
      `[target median < ${targetMs} ms: ${median < targetMs ? 'met' : 'MISSED'}]`,
  );
  const steps = (Object.keys(STEPS) as Step[]).map(
    (step) =>
      `${STEPS[step]} ${quantile(
        samples.map((sample) => sample.steps[step]),
        0.5,
      ).toFixed(1)}`,
  );
  console.log(`    median ms per step: ${steps.join(', ')}`);
  console.log(
    `    CPU per save (this process, steadier than wall time on a busy machine): median ${quantile(
      samples.map((sample) => sample.cpu),
      0.5,
    ).toFixed(1)} ms`,
  );
}

const service = (title: string, body: string) => `---\ntitle: ${title}\nduration: 50\n---\n\n${body}\n`;

/** Copies templates/ beside links to src/ and node_modules/, so a template can be edited without touching the repository. */
async function templatesCopy(dir: string): Promise<string> {
  await cp(path.join(root, 'templates'), path.join(dir, 'templates'), { recursive: true });
  await symlink(path.join(root, 'src'), path.join(dir, 'src'));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return path.join(dir, 'templates');
}

function heapMb(): { heap: number; rss: number } {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed / 1e6, rss: usage.rss / 1e6 };
}

try {
  // 1. One service Markdown edit on the sample site.
  const sample = path.join(work, 'sample');
  await cp(path.join(root, 'content'), path.join(sample, 'content'), { recursive: true });
  const templatesDir = await templatesCopy(sample);
  const options = { ...resolveOptions({ content: 'content', port: 0 }, sample), templatesDir };
  const bench = await start(options);
  const serviceFile = path.join(sample, 'content', 'services', '02-sessuologia.md');
  const edit = (n: number) => service(`Sessuologia ${n}`, `Modifica numero ${n}.`);
  await measure(bench, 5, serviceFile, '/percorsi', edit, (n) => `Sessuologia ${n}`);
  report(
    'S (sample site), service Markdown edit',
    await measure(bench, 40, serviceFile, '/percorsi', edit, (n) => `Sessuologia ${n}`),
    25,
  );

  // 2. A template edit (a copy of templates/, so the repository is never touched).
  const templateFile = path.join(templatesDir, 'pages', 'PercorsiPage.tsx');
  const template = await readFile(templateFile, 'utf8');
  const templateEdit = (n: number) => template.replace('<h1', `<h1 data-bench="${n}"`);
  report(
    'sample site, template edit',
    await measure(bench, 10, templateFile, '/percorsi', templateEdit, (n) => `data-bench="${n}"`),
    300,
  );
  await writeFile(templateFile, template);

  // 3. Memory: 500 consecutive saves, spread over five services so each is seen (a file's change events within 50 ms count as one save).
  const files = [
    '01-sostegno-psicologico',
    '03-valutazione-psicodiagnostica',
    '04-riabilitazione-cognitiva',
    '05-elaborazione-lutto',
    '06-genitorialita',
  ];
  let after10 = { heap: 0, rss: 0 };
  for (let n = 1; n <= 500; n++) {
    const seen = bench.reloads.length;
    await writeFile(
      path.join(sample, 'content', 'services', `${files[n % files.length]}.md`),
      service(`Servizio modificato ${n}`, `Salvataggio ${n}.`),
    );
    await until(() => bench.reloads[seen]);
    if (n === 10) after10 = heapMb();
  }
  const after500 = heapMb();
  const growth = (after500.heap / after10.heap - 1) * 100;
  console.log(
    `memory over 500 saves: heap after GC ${after10.heap.toFixed(1)} MB after 10, ${after500.heap.toFixed(1)} MB after 500 (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%); ` +
      `RSS ${after10.rss.toFixed(0)} -> ${after500.rss.toFixed(0)} MB  [target within 20%: ${Math.abs(growth) <= 20 ? 'met' : 'MISSED'}]`,
  );
  await bench.close();

  // 4. The same edits on the larger scales asked for (`--scales`).
  for (const scale of benchFlags().scales.filter((name) => name !== 'S')) {
    const big = path.join(work, scale);
    await generateScale(big, scale);
    const startedBig = performance.now();
    const bigBench = await start(resolveOptions({ content: 'content', port: 0 }, big));
    console.log(
      `${SCALES[scale].label}: first build and watch start ${((performance.now() - startedBig) / 1000).toFixed(2)} s`,
    );
    const bigFile = path.join(big, 'content', 'services', '02-sessuologia.md');
    await measure(bigBench, 3, bigFile, '/percorsi', edit, (n) => `Sessuologia ${n}`);
    report(
      `${scale}, service Markdown edit`,
      await measure(bigBench, 20, bigFile, '/percorsi', edit, (n) => `Sessuologia ${n}`),
      150,
    );

    // 5. The home page's text: every page reads home.hero, only the home page the introduction.
    const homeFile = path.join(big, 'content', 'home.md');
    const home = await readFile(homeFile, 'utf8');
    const homeEdit = (n: number) =>
      home.replace('Chiedere aiuto non è sempre facile.', `Chiedere aiuto non è sempre facile (salvataggio ${n}).`);
    await measure(bigBench, 3, homeFile, '/', homeEdit, (n) => `(salvataggio ${n})`);
    report(
      `${scale}, home.md body edit`,
      await measure(bigBench, 20, homeFile, '/', homeEdit, (n) => `(salvataggio ${n})`),
      150,
    );

    // 6. An unlisted professional's biography, in the folder that holds every professional.
    const personFile = path.join(big, 'content', 'professionals', 'professionista-500.md');
    const person = await readFile(personFile, 'utf8');
    const personEdit = (n: number) => person.replace('Ha lavorato', `Ha lavorato (salvataggio ${n})`);
    await measure(bigBench, 3, personFile, '/professionista-500', personEdit, (n) => `(salvataggio ${n})`);
    report(
      `${scale}, unlisted professional edit`,
      await measure(bigBench, 20, personFile, '/professionista-500', personEdit, (n) => `(salvataggio ${n})`),
      150,
    );
    await bigBench.close();
    await rm(big, { recursive: true, force: true });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
