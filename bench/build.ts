// `npm run bench` (build part): start-up, then per scale whole-process builds without and with the cache, and peak memory.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchFlags, generateScale, SCALES } from './scales.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'bin', 'brochure.js');
const cacheDir = path.join(root, 'node_modules', '.cache', 'brochure');
const work = await mkdtemp(path.join(tmpdir(), 'brochure-bench-'));
const hasTime = existsSync('/usr/bin/time');
const { scales, runs } = benchFlags();

interface Run {
  ms: number;
  /** User + system CPU seconds of the whole process (steadier than wall time on a loaded machine). */
  cpuMs?: number;
  peakMb?: number;
  stdout: string;
}

/** Runs the CLI once; wall time always, CPU time and peak RSS when /usr/bin/time exists. */
function run(args: string[]): Run {
  const command = hasTime ? '/usr/bin/time' : process.execPath;
  const fullArgs = hasTime ? ['-f', '%U %S %M', process.execPath, bin, ...args] : [bin, ...args];
  const start = performance.now();
  const result = spawnSync(command, fullArgs, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`brochure ${args.join(' ')} failed:\n${result.stderr}`);
  const [user, system, peakKb] = hasTime ? result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) : [];
  return {
    ms,
    cpuMs: user !== undefined && system !== undefined ? (user + system) * 1000 : undefined,
    peakMb: peakKb ? peakKb / 1024 : undefined,
    stdout: result.stdout,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Removes every cache but the encoded images (whose first build has its own figure below). */
async function dropCaches(): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name !== 'images').map((name) => rm(path.join(cacheDir, name), { recursive: true, force: true })));
}

function describe(label: string, series: Run[]): string {
  const wall = series.map((r) => r.ms);
  const cpu = series.map((r) => r.cpuMs).filter((value) => value !== undefined);
  const peak = series.map((r) => r.peakMb).filter((value) => value !== undefined);
  return (
    `  ${label.padEnd(7)} median ${(median(wall) / 1000).toFixed(3)} s wall` +
    (cpu.length ? `, ${(median(cpu) / 1000).toFixed(3)} s CPU` : '') +
    (peak.length ? `, peak RSS ${Math.max(...peak).toFixed(0)} MB` : '') +
    `  [${wall.map((ms) => (ms / 1000).toFixed(2)).join(', ')}]`
  );
}

function stagesOf(stdout: string): string {
  const stages = /\(content (\d+) ms, assets (\d+) ms, render (\d+) ms\)/.exec(stdout);
  return stages ? `content ${stages[1]} ms, assets ${stages[2]} ms, render ${stages[3]} ms` : '?';
}

try {
  // Warm-up: compiles lib/cli.js and fills the image cache.
  run(['build', '--quiet', '--out', path.join(work, 'warm')]);
  console.log(`load: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (1, 5, 15 min) on ${(await import('node:os')).availableParallelism()} cores`);

  const version = Array.from({ length: runs }, () => run(['--version']));
  console.log(`start-up (brochure --version), median of ${runs}: ${median(version.map((r) => r.ms)).toFixed(0)} ms`);

  // The first build anyone makes (`npm ci && npm start`): nothing cached, every photo encoded.
  const photos = Array.from({ length: Math.min(runs, 3) }, () => {
    rmCacheSync();
    return run(['build', '--out', path.join(work, 'photos')]);
  });
  console.log(describe('sample site, first build with photos (no cache at all):', photos).replace(/^ {2}/, ''));
  const media = await readdir(path.join(work, 'photos', 'static', 'media'));
  const bytesOf = (ext: string) => media.filter((name) => name.endsWith(ext)).reduce((sum, name) => sum + statSync(path.join(work, 'photos', 'static', 'media', name)).size, 0);
  console.log(`  photos' variants: ${['.avif', '.webp', '.jpg'].map((ext) => `${ext.slice(1)} ${(bytesOf(ext) / 1000).toFixed(1)} kB`).join(', ')}`);

  // The floor of a cold build: the smallest complete site (test/fixtures/minimal: one professional, one
  // service, plain text), so the fixed costs (Node, the code, esbuild's three bundles, writing) show
  // apart from what the content adds. Its tiny images encoded once first, like the others'.
  const minimal = ['build', '--content', path.join(root, 'test', 'fixtures', 'minimal', 'content'), '--out', path.join(work, 'minimal')];
  run(minimal);
  const floor: Run[] = [];
  for (let i = 0; i < runs; i++) {
    await dropCaches();
    floor.push(run(minimal));
  }
  console.log(describe('smallest site (test/fixtures/minimal), cold:', floor).replace(/^ {2}/, ''));

  for (const scale of scales) {
    const dir = path.join(work, scale);
    await generateScale(dir, scale);
    const args = ['build', '--content', path.join(dir, 'content'), '--out', path.join(dir, 'dist')];
    // "Cold" keeps the previous output (below): a first build makes one, so the first cold run is
    // measured as the others are, not as a build into an empty folder (the last row of each scale).
    run(args);
    const cold: Run[] = [];
    for (let i = 0; i < runs; i++) {
      await dropCaches();
      cold.push(run(args));
    }
    const cached = Array.from({ length: runs }, () => run(args));
    // The same build with one content file touched (same bytes): not up to date (src/up-to-date.ts), so
    // every stage runs, with every cache kept.
    const touched = Array.from({ length: runs }, () => {
      const now = new Date();
      utimesSync(path.join(dir, 'content', 'home.md'), now, now);
      return run(args);
    });
    // "cold" keeps the CLI's own code cache (lib/code-cache, README "Why compiled on demand"); the first
    // build after brochure is installed or changed has none either.
    const noCodeCache: Run[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      await dropCaches();
      await rm(path.join(root, 'lib', 'code-cache'), { recursive: true, force: true });
      noCodeCache.push(run(args));
    }
    // Without a previous output nothing can be linked from it (src/output/reuse-previous.ts): every file is created.
    const empty: Run[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      await dropCaches();
      await rm(path.join(dir, 'dist'), { recursive: true, force: true });
      empty.push(run(args));
    }
    const pages = (await readdir(path.join(dir, 'dist'))).filter((name) => name.endsWith('.html')).length;
    const percorsi = readFileSync(path.join(dir, 'dist', 'percorsi.html'));
    console.log(`${SCALES[scale].label}: ${pages} pages; /percorsi ${(percorsi.byteLength / 1000).toFixed(1)} kB raw, ${(gzipSync(percorsi).byteLength / 1000).toFixed(1)} kB gzip`);
    console.log(describe('cold', cold) + `\n          stages of the last cold run: ${stagesOf(cold.at(-1)!.stdout)}`);
    console.log(describe('cached', cached) + ' (up to date: the report of the last build, nothing rebuilt)');
    console.log(describe('cached, a content file touched', touched) + `\n          stages of the last run: ${stagesOf(touched.at(-1)!.stdout)}`);
    console.log(describe('cold, no code cache of the CLI either', noCodeCache));
    console.log(describe('cold, no previous output', empty) + `\n          stages of the last run: ${stagesOf(empty.at(-1)!.stdout)}`);
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

function rmCacheSync(): void {
  spawnSync('rm', ['-rf', cacheDir]);
}
