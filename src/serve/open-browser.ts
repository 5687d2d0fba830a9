// `--open`: the served URL in the default browser, through the platform's own opener (open, start, xdg-open).
import { spawn } from 'node:child_process';
import { say, type Param } from '../messages/text.ts';

/**
 * The command that opens `url`: `BROCHURE_OPENER` when set (a program given the URL as its one
 * argument; the tests stub the browser so), else macOS's `open`, Windows' `start` (a command of
 * cmd.exe; its first quoted argument is a window title, hence the empty one), or the desktop's `xdg-open`.
 */
export function openerFor(
  url: string,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): [command: string, args: string[]] {
  if (env.BROCHURE_OPENER) return [env.BROCHURE_OPENER, [url]];
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/**
 * Starts the opener and lets it run on its own (a browser opened from it outlives the server).
 * Resolves to undefined once it started, or to the reason it could not (no such program, in the catalogue's words).
 */
export function openBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Param | undefined> {
  const [command, args] = openerFor(url, platform, env);
  // xdg-open without a desktop starts, fails on its own and says nothing we could pass on.
  const headless = platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY && !env.WAYLAND_DISPLAY;
  if (headless && !env.BROCHURE_OPENER) return Promise.resolve(say('openerNoDisplay'));
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'ignore',
      detached: platform !== 'win32',
      windowsVerbatimArguments: platform === 'win32',
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? say('openerMissing', { command }) : error.message),
    );
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}
