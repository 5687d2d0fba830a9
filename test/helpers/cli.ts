// Runs `node bin/brochure.js` as a child process, as a user would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './fixtures.ts';

/** What a finished command left behind. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The brochure executable. */
export const BIN = path.join(ROOT, 'bin', 'brochure.js');

/** How to run brochure beyond its arguments and folder. */
export interface RunOptions {
  /** Killed after this many milliseconds. */
  timeout?: number;
  /** Added to the environment (e.g. a throw-away HOME). */
  env?: NodeJS.ProcessEnv;
  /** Another copy of bin/brochure.js (an install elsewhere). */
  bin?: string;
  /** A command that runs node in its place, with node's arguments after its own (e.g. `setpriv` taking away root's capabilities). */
  through?: string[];
}

/** Runs brochure with `args` in `cwd` and resolves when it exits (killed after `timeout` ms). */
export function runCli(
  args: string[],
  cwd: string,
  { timeout = 60_000, env = {}, bin = BIN, through = [] }: RunOptions = {},
): Promise<CliResult> {
  return runCommand([...through, process.execPath, bin, ...args], cwd, { timeout, env });
}

/** Runs `command` (an argv) in `cwd`, without colours, and resolves when it exits (killed after `timeout` ms if given). */
export function runCommand(
  [command, ...args]: readonly string[],
  cwd: string,
  { timeout, env = {} }: Pick<RunOptions, 'timeout' | 'env'> = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Non-empty lines of some output. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
