// `brochure watch` as a child process on a copy of the sample's content/, as the editor tests and the guide's screenshots start it (no vitest here: the screenshots script runs outside it).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const REPOSITORY = new URL('../../', import.meta.url);

/** A running `brochure watch`: its output so far, the URL it serves, and how to stop it. */
export interface WatchProcess {
  child: ChildProcessWithoutNullStreams;
  output: { stdout: string; stderr: string };
  /** `http://localhost:<port>`, read from the line watch prints once it serves. */
  url: string;
  port: number;
  /** Ctrl-C, as a user stops it; SIGKILL if it has not exited `graceMs` later. Resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Copies the sample site's `content/` (the repository's) into `project`. */
export async function copySampleContent(project: string): Promise<void> {
  await cp(fileURLToPath(new URL('content', REPOSITORY)), `${project}/content`, { recursive: true });
}

/**
 * The local URL of the line `preview` and `watch` print once they serve, in either language
 * (`Serving http://localhost:4321 …`, `Anteprima su http://localhost:4321 …`): the line ends with
 * how to stop it, which no other line does.
 */
export function servedUrl(stdout: string): string | undefined {
  return /(http:\/\/localhost:\d+)[^\n]*Ctrl-C/.exec(stdout)?.[1];
}

/** Runs `brochure watch <args>` in `cwd` and resolves once it serves; rejects if it exits first. */
export function startWatch(args: readonly string[], cwd: string): Promise<WatchProcess> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('bin/brochure.js', REPOSITORY)), 'watch', ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = { stdout: '', stderr: '' };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const stop = async (graceMs = 30_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output.stdout += chunk;
      const url = servedUrl(output.stdout);
      if (url) resolve({ child, output, url, port: Number(new URL(url).port), stop });
    });
    child.once('exit', (code) => reject(new Error(`watch exited with ${code}:\n${output.stdout}${output.stderr}`)));
  });
}
