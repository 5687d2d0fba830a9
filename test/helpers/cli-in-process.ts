// Runs brochure's `main` inside the test process, as bin/brochure.js runs it, for tests about what a command says, returns and leaves on disk rather than about the process (start-up, signals, stdio wiring).
import { Console } from 'node:console';
import { inspect } from 'node:util';
import type { CliResult } from './cli.ts';

/**
 * Calls one at a time: a command reads the working folder, the environment and the console of the
 * whole process. A spawned CLI costs 0.1–0.3 s of CPU to start (Node, the 1.5 MB bundle, esbuild's
 * service, sharp); a call here a few milliseconds once the modules are loaded.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Like `runCli`: runs brochure with `args` in `cwd` (and `env` added), resolving to its exit code and output. */
export function runInProcess(
  args: string[],
  cwd: string,
  { env = {} }: { env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  const result = queue.then(() => runNow(args, cwd, env));
  queue = result.catch(() => undefined);
  return result;
}

async function runNow(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  const { main } = await import('../../src/cli.ts');
  const output = { stdout: '', stderr: '' };
  const saved = {
    cwd: process.cwd(),
    console: globalThis.console,
    env: { ...process.env },
    exitCode: process.exitCode,
  };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (stream: 'stdout' | 'stderr') =>
    ((
      chunk: string | Uint8Array,
      encoding?: BufferEncoding | ((error?: Error | null) => void),
      callback?: (error?: Error | null) => void,
    ) => {
      output[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = typeof encoding === 'function' ? encoding : callback;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  // As bin/brochure.js and `runCli` set them up: no colours, the caller's additions.
  Object.assign(process.env, { NO_COLOR: '1' }, env);
  process.chdir(cwd);
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  // Vitest's console reports to the runner; the command's console writes to the captured streams.
  globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr });
  let code: number | null;
  try {
    code = await main(args);
  } catch (error) {
    // What Node does with an error `main` lets through: the stack on stderr, exit code 1.
    output.stderr += `${inspect(error)}\n`;
    code = 1;
  } finally {
    globalThis.console = saved.console;
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    process.chdir(saved.cwd);
    for (const key of Object.keys(process.env)) if (!(key in saved.env)) delete process.env[key];
    Object.assign(process.env, saved.env);
    process.exitCode = saved.exitCode;
  }
  return { code, ...output };
}
