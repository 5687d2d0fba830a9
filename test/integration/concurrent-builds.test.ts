// Two builds into one output folder: one paused inside its swap (strace holds its first rename's return), the other refused in one line; a build killed there leaves nothing the next one does not clear.
import { spawn, spawnSync } from 'node:child_process';
import { cp, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, type CliResult } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { fixture } from '../helpers/fixtures.ts';
import { hashTree, tempDir } from '../helpers/files.ts';

const STACK = /^\s+at .+:\d+:\d+\)?$/m;

// strace may be missing, or ptrace refused (some containers): the block then names itself skipped.
const strace = spawnSync('strace', ['-qq', 'true']);
const missing = strace.error ? 'strace is not installed' : strace.status !== 0 ? 'ptrace is not allowed here' : '';

/**
 * Starts `build` in `project` under strace, which holds the build's `rename(dist, dist.old-<pid>)`
 * for a minute after it is done: the build is then inside its swap, the output missing. Killing
 * strace lets the build go on.
 */
function pausedBuild(project: string): { tracer: ReturnType<typeof spawn>; done: Promise<CliResult> } {
  const dist = path.join(project, 'dist');
  const tracer = spawn(
    'strace',
    ['-f', '-qq', '-o', '/dev/null', '-P', dist, '-e', 'trace=rename', '-e', 'inject=rename:delay_exit=60s'].concat(
      process.execPath,
      BIN,
      'build',
      '--quiet',
    ),
    { cwd: project, env: { ...process.env, NO_COLOR: '1' } },
  );
  let stderr = '';
  tracer.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliResult>((resolve) => tracer.on('close', (code) => resolve({ code, stdout: '', stderr })));
  return { tracer, done };
}

/** Waits until the paused build is inside its swap; resolves to its process id (from the folder it moved aside). */
async function insideSwap(project: string): Promise<number> {
  return eventually(
    'the build to pause inside its swap',
    async () => {
      const names = await readdir(project);
      const aside = names.find((name) => name.startsWith('dist.old-'));
      return names.includes('dist') || !aside ? undefined : Number(aside.slice('dist.old-'.length));
    },
    { within: 60_000, every: 50 },
  );
}

async function builtProject(): Promise<{ project: string; site: Record<string, string> }> {
  const project = path.join(await tempDir('brochure-concurrent-'), 'project');
  await cp(fixture('minimal'), project, { recursive: true });
  expect((await runCli(['build', '--quiet'], project)).code).toBe(0);
  return { project, site: await hashTree(path.join(project, 'dist')) };
}

describe.skipIf(missing !== '')(missing ? `concurrent builds (skipped: ${missing})` : 'concurrent builds', () => {
  it('two builds into one output folder: the second, started while the first is inside its swap, refuses in one line; no stack, no leftovers', async () => {
    const { project, site } = await builtProject();
    const first = pausedBuild(project);
    const pid = await insideSwap(project);
    const second = await runCli(['build'], project);
    expect(second.code).toBe(2);
    expect(second.stderr).not.toMatch(STACK);
    expect(second.stderr.trim()).toBe(
      `dist/ is being written by another build (process ${pid}), so this one wrote nothing. Build again once it has finished, or remove dist.lock if no build is running.`,
    );
    first.tracer.kill('SIGKILL'); // strace gone, the build goes on
    const result = await first.done;
    expect(result.stderr).not.toMatch(STACK);
    await eventually(
      'the first build to finish',
      async () => ((await readdir(project)).length === 2 ? true : undefined),
      {
        within: 60_000,
        every: 50,
      },
    );
    expect((await readdir(project)).sort()).toEqual(['content', 'dist']);
    expect(await hashTree(path.join(project, 'dist'))).toEqual(site);
  });

  it('a build killed inside its swap: the next build puts the site back and leaves no folder or lock behind', async () => {
    const { project, site } = await builtProject();
    const first = pausedBuild(project);
    const pid = await insideSwap(project);
    process.kill(pid, 'SIGKILL');
    first.tracer.kill('SIGKILL'); // strace would notice only once its delay is over
    await first.done;
    const gone = () => {
      try {
        return void process.kill(pid, 0); // still there (not yet reaped)
      } catch {
        return true;
      }
    };
    await eventually('the killed build to be gone', gone, { within: 30_000, every: 50 });
    // What a kill there leaves (docs/refusals.md): no dist/ until the next build.
    expect(await stat(path.join(project, 'dist')).catch(() => undefined)).toBeUndefined();
    const next = await runCli(['build', '--quiet'], project);
    expect(next).toMatchObject({ code: 0, stderr: '' });
    expect((await readdir(project)).sort()).toEqual(['content', 'dist']);
    expect(await hashTree(path.join(project, 'dist'))).toEqual(site);
  });
});
