#!/usr/bin/env node
// Entry point: runs the compiled CLI (lib/cli.cjs), compiling src/ with esbuild first when it is missing or stale.
import module from 'node:module';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Node 22.1 and later keep the compiled code of the modules they load (V8's code cache) between runs;
// Node 20 has no such cache and runs as it always did.
module.enableCompileCache?.();

// React's development build is several times larger and slower to load; pages never need it.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}lib/cli.cjs`;

// glibc keeps what sharp's encoder threads free, in one arena per thread: 100-300 MB of a build's peak
// (docs/performance.md). It reads MALLOC_ARENA_MAX only at start, so `watch` and a `build` with no photos
// in the cache yet (where src/options.ts puts it) start once more with it, execve keeping the process:
// ~40 ms of start-up. A read-only install keeps its cache elsewhere; its builds always start twice.
const [command] = process.argv.slice(2);
const encodes =
  command === 'watch' || (command === 'build' && !existsSync(`${root}node_modules/.cache/brochure/images`));
if (encodes && process.platform === 'linux' && process.execve && process.env.MALLOC_ARENA_MAX === undefined)
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '1',
  });

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestSource(file) : statSync(file).mtimeMs);
  }
  return newest;
}

function modified(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

// Where the package is read-only (a system-wide install without lib/), compiling cannot be saved:
// run src/ through tsx instead, slower to start but the same program.
const READ_ONLY = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/** The compiled CLI when it is fresh or could be made so; undefined where it cannot be written. */
async function compiledCli() {
  // These files are inputs too: they hold the settings the bundle is made with, and npm rewrites its
  // lock files on every install, so an upgraded dependency bundled inside lib/ is bundled again.
  const inputs = [
    newestSource(`${root}src`),
    ...[
      `${root}package.json`,
      fileURLToPath(import.meta.url),
      `${root}bin/compile-cli.js`,
      `${root}package-lock.json`,
      `${root}node_modules/.package-lock.json`,
    ].map(modified),
  ];
  if (modified(compiled) >= Math.max(...inputs)) return compiled;
  try {
    const { compileCli } = await import('./compile-cli.js');
    return await compileCli(root);
  } catch (error) {
    // esbuild reports a failed write inside its own error; look for the code in either place.
    const message = String(error?.message);
    const code = error?.code ?? /\b(E[A-Z]+)\b/.exec(message)?.[1];
    if (!READ_ONLY.has(code) && !/permission denied|read-only file system/i.test(message)) throw error;
    return undefined;
  }
}

const cli = await compiledCli();
let main;
if (cli) {
  ({ main } = module.createRequire(import.meta.url)(cli));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(`${root}src/cli.ts`));
}
process.exitCode = await main(process.argv.slice(2));
