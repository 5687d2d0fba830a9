// `brochure preview` started as a user starts it, for a test that needs a site served; no vitest import, so the browser tests' global setup can use it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/brochure.js', import.meta.url));

/** A `brochure preview` that has printed its URL. */
export interface Preview {
  url: string;
  /** Stops it (Ctrl-C) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `brochure preview --port 0` with `args` in `cwd` and resolves with the URL it prints; rejects
 * with its output if it exits first.
 */
export async function startPreview(args: string[], cwd: string): Promise<Preview> {
  const server = spawn(process.execPath, [bin, 'preview', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.once('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      server.kill('SIGINT');
      await exited;
    },
  };
}
