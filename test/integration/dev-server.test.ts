// preview and watch with the habits of Vite and Astro: the next free port after a busy default, --open (the browser stubbed), colour on a terminal only.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/options.ts';
import { BIN } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { tempDir } from '../helpers/files.ts';
import { projectWith } from '../helpers/fixtures.ts';

interface Started {
  child: ChildProcess;
  /** stdout up to and including the `Serving …` line. */
  stdout: string;
  stderr: () => string;
}

/** Spawns `command` (an argv) in `cwd` and resolves once it printed its `Serving …` line; killed by the caller. */
function startServing(command: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (/Serving[^\n]*\n/.test(stdout)) resolve({ child, stdout, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before serving: ${stdout}${stderr}`)));
  });
}

/** Stops what `startServing` started, its whole process group (`script` runs the CLI in a child of its own). */
function stop({ child }: Started): void {
  child.removeAllListeners('exit');
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** A built copy of `minimal`. */
async function builtProject(): Promise<string> {
  const project = await projectWith();
  expect((await runInProcess(['build', '--quiet'], project)).code).toBe(0);
  return project;
}

/** A stand-in for the browser opener: writes the URL it was given to `opened.txt` beside it. */
async function stubOpener(): Promise<{ opener: string; opened: () => Promise<string> }> {
  const dir = await tempDir('brochure-opener-');
  const opener = path.join(dir, 'opener');
  await writeFile(
    opener,
    `#!/bin/sh\nprintf '%s' "$1" > "${path.join(dir, 'opened.tmp')}" && mv "${path.join(dir, 'opened.tmp')}" "${path.join(dir, 'opened.txt')}"\n`,
  );
  await chmod(opener, 0o755);
  // The opener starts after the Serving line: up to 200 looks, 50 ms apart, for what it wrote.
  const opened = async () => {
    for (let look = 0; look < 200; look++) {
      const text = await readFile(path.join(dir, 'opened.txt'), 'utf8').catch(() => undefined);
      if (text !== undefined) return text;
      await sleep(50);
    }
    throw new Error('the opener was never run');
  };
  return { opener, opened };
}

describe('preview', () => {
  it('on a busy default port takes the next free one and says so; an explicit busy port stays an error', async () => {
    const project = await builtProject();
    // The default port held here (or by something else already: busy either way).
    const holder: Server = createServer();
    const held = await new Promise<boolean>((resolve) => {
      holder.once('error', () => resolve(false));
      holder.listen(DEFAULTS.port, '127.0.0.1', () => resolve(true));
    });
    try {
      const started = await startServing([process.execPath, BIN, 'preview'], project);
      try {
        const port = Number(/localhost:(\d+)/.exec(started.stdout)![1]);
        if (held) expect(port).toBeGreaterThan(DEFAULTS.port);
        if (port !== DEFAULTS.port)
          expect(started.stdout).toContain(`Port ${DEFAULTS.port} is in use, so the site is served on ${port}.`);
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      } finally {
        stop(started);
      }
      if (held) {
        const child = spawn(process.execPath, [BIN, 'preview', '--port', String(DEFAULTS.port)], {
          cwd: project,
          env: { ...process.env, NO_COLOR: '1' },
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
        expect(stderr).toContain(`Port ${DEFAULTS.port} is already in use.`);
      }
    } finally {
      holder.close();
    }
  });

  it('--open hands the site’s URL to the opener; a missing opener is said and the site stays served', async () => {
    const project = await builtProject();
    const { opener, opened } = await stubOpener();
    const started = await startServing([process.execPath, BIN, 'preview', '--port', '0', '--open'], project, {
      BROCHURE_OPENER: opener,
    });
    try {
      const url = /at (http:\/\/\S+)/.exec(started.stdout)![1]!;
      expect(await opened()).toBe(`${url}/`);
    } finally {
      stop(started);
    }
    const missing = await startServing([process.execPath, BIN, 'preview', '--port', '0', '--open'], project, {
      BROCHURE_OPENER: '/nonexistent/opener',
    });
    try {
      const url = /at (http:\/\/\S+)/.exec(missing.stdout)![1]!;
      for (let look = 0; look < 200 && !missing.stderr().includes('\n'); look++) await sleep(50);
      expect(missing.stderr()).toBe(
        `Could not open a browser (/nonexistent/opener not found); open ${url}/ yourself.\n`,
      );
      expect((await fetch(`${url}/`)).status).toBe(200);
    } finally {
      stop(missing);
    }
  });

  it('colours the URL on a terminal (a real pseudo-terminal through `script`), not on a pipe nor with NO_COLOR', async () => {
    const project = await builtProject();
    const command = `${process.execPath} ${BIN} preview --port 0`;
    // Node counts a CI variable as a terminal without colours (CI sets it): not this terminal's case.
    const onTerminal = await startServing(['script', '-qefc', command, '/dev/null'], project, {
      NO_COLOR: undefined,
      FORCE_COLOR: undefined,
      CI: undefined,
      TERM: 'xterm-256color',
    });
    stop(onTerminal);
    expect(onTerminal.stdout).toMatch(/at \u001b\[36m\u001b\[1mhttp:\/\/localhost:\d+\u001b\[22m\u001b\[39m/);
    const noColour = await startServing(['script', '-qefc', command, '/dev/null'], project, {
      NO_COLOR: '1',
      FORCE_COLOR: undefined,
      TERM: 'xterm-256color',
    });
    stop(noColour);
    expect(noColour.stdout).toMatch(/at http:\/\/localhost:\d+ \(Ctrl-C to stop\)/);
    const onPipe = await startServing([process.execPath, BIN, 'preview', '--port', '0'], project, {
      NO_COLOR: undefined,
      FORCE_COLOR: undefined,
    });
    stop(onPipe);
    expect(onPipe.stdout).not.toContain('\u001b[');
  });
});

describe('watch', () => {
  it('--open opens the home page once the first build is served', async () => {
    const project = await projectWith();
    const { opener, opened } = await stubOpener();
    const started = await startServing([process.execPath, BIN, 'watch', '--port', '0', '--open'], project, {
      BROCHURE_OPENER: opener,
    });
    try {
      const url = /Serving (http:\/\/\S+)/.exec(started.stdout)![1]!;
      expect(await opened()).toBe(`${url}/`);
    } finally {
      stop(started);
    }
  });
});
