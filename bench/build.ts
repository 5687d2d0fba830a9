// `npm run bench` (build part): start-up, cold build of the sample site, and a 2,000-entry site.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generateBigSite } from './big-site.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'bin', 'brochure.js');
const work = await mkdtemp(path.join(tmpdir(), 'brochure-bench-'));
const hasTime = existsSync('/usr/bin/time');

/** Runs the CLI once; returns wall milliseconds, peak RSS in MB (when /usr/bin/time exists) and stdout. */
function run(args: string[]): { ms: number; peakMb?: number; stdout: string } {
  const command = hasTime ? '/usr/bin/time' : process.execPath;
  const fullArgs = hasTime ? ['-f', '%M', process.execPath, bin, ...args] : [bin, ...args];
  const start = performance.now();
  const result = spawnSync(command, fullArgs, { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`brochure ${args.join(' ')} failed:\n${result.stderr}`);
  const peakKb = hasTime ? Number(result.stderr.trim().split('\n').at(-1)) : NaN;
  return { ms, peakMb: Number.isFinite(peakKb) ? peakKb / 1024 : undefined, stdout: result.stdout };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function repeat(times: number, args: string[]) {
  const runs = Array.from({ length: times }, () => run(args));
  return { median: median(runs.map((r) => r.ms)), runs };
}

try {
  // Warm-up: compiles lib/cli.js and fills the bundle and image caches, as any second build would find them.
  run(['build', '--quiet', '--out', path.join(work, 'warm')]);

  const version = repeat(5, ['--version']);
  console.log(`start-up (brochure --version), median of 5: ${version.median.toFixed(0)} ms`);

  const sample = repeat(5, ['build', '--out', path.join(work, 'sample')]);
  const stages = /\(content (\d+) ms, assets (\d+) ms, render (\d+) ms\)/.exec(sample.runs.at(-1)!.stdout);
  console.log(`sample site cold build (whole process), median of 5: ${sample.median.toFixed(0)} ms  [${sample.runs.map((r) => r.ms.toFixed(0)).join(', ')}]`);
  if (stages) console.log(`  in-process stages of the last run: content ${stages[1]} ms, assets ${stages[2]} ms, render ${stages[3]} ms; the rest is Node start-up and module loading`);

  const big = path.join(work, 'big');
  await generateBigSite(big, 1000, 1000);
  const scale = run(['build', '--content', path.join(big, 'content'), '--out', path.join(big, 'dist')]);
  const pages = (await readdir(path.join(big, 'dist'))).filter((name) => name.endsWith('.html')).length;
  console.log(
    `1,000 professionals + 1,000 services, cold: ${scale.ms.toFixed(0)} ms wall, ${pages} pages, ${(scale.ms / pages).toFixed(2)} ms per page` +
      (scale.peakMb ? `, peak memory ${scale.peakMb.toFixed(0)} MB` : ''),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
