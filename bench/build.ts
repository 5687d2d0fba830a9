// `npm run bench` (build part): start-up, then per scale whole-process builds truly cold (against Eleventy), images kept, cached, with peak memory.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { installEleventy, writeEleventyPeer } from './eleventy.ts';
import { benchFlags, generateScale, SCALES } from './scales.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'bin', 'brochure.js');
const cacheDir = path.join(root, 'node_modules', '.cache', 'brochure');
const work = await mkdtemp(path.join(tmpdir(), 'brochure-bench-'));
const hasTime = existsSync('/usr/bin/time');
const { scales, runs, host } = benchFlags();

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
  await Promise.all(
    names
      .filter((name) => name !== 'images')
      .map((name) => rm(path.join(cacheDir, name), { recursive: true, force: true })),
  );
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
  const stages = /\((\D+) (\d+) ms, (\D+) (\d+) ms, (\D+) (\d+) ms\)\./.exec(stdout);
  // The summary's own words (site.yaml's language): content, other files, pages.
  return stages ? `${stages[1]} ${stages[2]} ms, ${stages[3]} ${stages[4]} ms, ${stages[5]} ${stages[6]} ms` : '?';
}

/*
 * Every cold run writes to an output folder never used before, and no folder is deleted until the
 * scale is done. Deleting a site and writing one again at once measures the file system, not the
 * tool: ext4 without a journal (the root file system of the machines this project is measured on)
 * passes over every inode freed in the last one to six minutes before it hands out a new one (`find_inode_bit`
 * in the kernel's fs/ext4/ialloc.c), so each file created costs more the more were just deleted.
 * After `rm -rf` of L's 3,078 files, writing them again took brochure 1.9 to 3.1 s instead of
 * 0.75 s; Eleventy (a third as many files, each in a folder of its own) lost under 0.1 s.
 */
let folders = 0;
const freshFolder = (dir: string, name: string) => path.join(dir, `${name}-${++folders}`);

/** One brochure build and one Eleventy build of the same pages, alternated `runs` times: truly cold both (no cache folder, no output folder). */
function pairedTrulyCold(
  argsFor: (out: string) => string[],
  dir: string,
  peer: string | undefined,
): { brochure: Run[]; eleventy: Run[] } {
  const brochure: Run[] = [];
  const eleventy: Run[] = [];
  for (let i = 0; i < runs; i++) {
    rmCacheSync();
    brochure.push(run(argsFor(freshFolder(dir, 'dist-cold'))));
    if (peer) eleventy.push(runEleventy(peer, freshFolder(peer, '_site')));
  }
  return { brochure, eleventy };
}

/** Runs Eleventy once in `peer` (bench/eleventy.ts) into `out`, measured as `run` measures brochure. */
function runEleventy(peer: string, out: string): Run {
  const args = [eleventy!, '--quiet', `--output=${out}`];
  const command = hasTime ? '/usr/bin/time' : process.execPath;
  const start = performance.now();
  const result = spawnSync(command, hasTime ? ['-f', '%U %S %M', process.execPath, ...args] : args, {
    cwd: peer,
    encoding: 'utf8',
  });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`eleventy failed:\n${result.stderr}`);
  const [user, system, peakKb] = hasTime ? result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) : [];
  return {
    ms,
    cpuMs: user !== undefined && system !== undefined ? (user + system) * 1000 : undefined,
    peakMb: peakKb ? peakKb / 1024 : undefined,
    stdout: result.stdout,
  };
}

function ratio(label: string, ours: Run[], theirs: Run[]): string {
  const cpu = (series: Run[]) => median(series.map((r) => r.cpuMs ?? r.ms));
  return `  ${label}: brochure / Eleventy ${(median(ours.map((r) => r.ms)) / median(theirs.map((r) => r.ms))).toFixed(2)}× wall, ${(cpu(ours) / cpu(theirs)).toFixed(2)}× CPU`;
}

// Eleventy (the peer measured against, bench/eleventy.ts), installed on the first run into the bench's own cache folder.
let eleventy: string | undefined;
try {
  eleventy = installEleventy(path.join(root, 'node_modules', '.cache', 'brochure-bench'));
} catch (error) {
  console.log(`Eleventy not available, its figures left out: ${(error as Error).message}`);
}

try {
  // Warm-up: compiles lib/cli.cjs once, which an install does too.
  run(['build', '--quiet', '--out', path.join(work, 'warm')]);
  console.log(
    `load: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (1, 5, 15 min) on ${(await import('node:os')).availableParallelism()} cores`,
  );

  const version = Array.from({ length: runs }, () => run(['--version']));
  console.log(`start-up (brochure --version), median of ${runs}: ${median(version.map((r) => r.ms)).toFixed(0)} ms`);

  for (const scale of scales) {
    const dir = path.join(work, scale);
    await generateScale(dir, scale, host);
    const content = path.join(dir, 'content');
    const argsFor = (out: string) => ['build', '--content', content, '--out', out];
    // The peer at S and L; XL is brochure's alone (its memory figure).
    const peer = eleventy && scale !== 'XL' ? await writeEleventyPeer(content, path.join(dir, 'eleventy')) : undefined;
    // Truly cold: no cache folder at all (the photos encoded too), no output folder; alternated with Eleventy's build of the same pages.
    const cold = pairedTrulyCold(argsFor, dir, peer);
    // The encoded images kept (the one cache that earns its place: sharp is slow), everything else cold.
    const imagesKept: Run[] = [];
    for (let i = 0; i < runs; i++) {
      await dropCaches();
      imagesKept.push(run(argsFor(freshFolder(dir, 'dist-kept'))));
    }
    // Cached: the same build again, with its caches and its previous output (which each build replaces).
    const out = path.join(dir, 'dist');
    const cached = Array.from({ length: runs }, () => run(argsFor(out)));
    const pages = (await readdir(out)).filter((name) => name.endsWith('.html')).length;
    const percorsi = readFileSync(path.join(out, 'percorsi.html'));
    console.log(
      `${SCALES[scale].label}: ${pages} pages; /percorsi ${(percorsi.byteLength / 1000).toFixed(1)} kB raw, ${(gzipSync(percorsi).byteLength / 1000).toFixed(1)} kB gzip`,
    );
    console.log(
      describe('TRULY COLD (no cache folder, no output folder)', cold.brochure) +
        `\n          stages of the last run: ${stagesOf(cold.brochure.at(-1)!.stdout)}`,
    );
    if (peer)
      console.log(
        describe('Eleventy, same pages, truly cold', cold.eleventy) +
          `\n${ratio('truly cold', cold.brochure, cold.eleventy)}`,
      );
    console.log(
      describe('cold, encoded images kept', imagesKept) +
        (peer ? `\n${ratio('images kept (Eleventy has no images)', imagesKept, cold.eleventy)}` : ''),
    );
    console.log(describe('cached (caches and previous output kept)', cached));
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

function rmCacheSync(): void {
  spawnSync('rm', ['-rf', cacheDir]);
}
