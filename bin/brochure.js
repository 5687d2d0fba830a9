#!/usr/bin/env node
// Entry point: runs the compiled CLI from V8's code cache, compiling src/ with esbuild first when lib/ is missing or stale.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

// One compact file with the dependencies inside, its compiled code cached: `--version` takes about
// 25 ms beyond Node's own start; src/ through tsx about 230 ms (see README, "Why compiled on demand").
// React's development build is several times larger and slower to load; pages never need it.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}lib/cli.cjs`;

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestSource(file) : statSync(file).mtimeMs);
  }
  return newest;
}

function compiledTime() {
  try {
    return statSync(compiled).mtimeMs;
  } catch {
    return -1;
  }
}

// Where the package is read-only (a system-wide install without lib/), compiling cannot be saved:
// run src/ through tsx instead, slower to start but the same program.
const READ_ONLY = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/** The compiled CLI when it is fresh or could be made so; undefined where it cannot be written. */
async function compiledCli() {
  // These files are inputs too: they hold the settings the bundle is made with.
  const inputs = [newestSource(`${root}src`), statSync(`${root}package.json`).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs, statSync(`${root}bin/compile-cli.js`).mtimeMs];
  if (compiledTime() >= Math.max(...inputs)) return compiled;
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

// Commands whose compiled code is worth keeping: short runs, where compiling is a large share. The
// cache is written after a successful run, so it holds every function that run compiled.
const CACHED_COMMANDS = new Set(['build', 'check', 'host-config', '--version', '-v']);

/**
 * Runs lib/cli.cjs as CommonJS through vm.Script, with the code V8 compiled for the same command of
 * the same bundle in an earlier run (lib/code-cache/, outside the sites' caches); Node 20 caches no
 * ES module's code. The bundle's first line names its hash, which keys the cache.
 */
async function runCompiled(argv) {
  const source = readFileSync(compiled, 'utf8');
  const id = /^\/\/ brochure-bundle (\w+)/.exec(source)?.[1];
  const command = CACHED_COMMANDS.has(argv[0]) ? argv[0].replace(/^-+/, '') : undefined;
  const cacheFile = id && command && `${root}lib/code-cache/${command === 'v' ? 'version' : command}-${id}.v8`;
  let cachedData;
  try {
    cachedData = cacheFile ? readFileSync(cacheFile) : undefined;
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: compiled, cachedData });
  const nodeRequire = createRequire(compiled);
  // The bundle's import() of the templates bundle, made a require() (bin/compile-cli.js), names it by URL.
  const require = Object.assign((specifier) => nodeRequire(specifier.startsWith('file:') ? fileURLToPath(specifier) : specifier), nodeRequire);
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, compiled, `${root}lib`);
  // The bundle's hash also tells `build` which CLI made an output (src/up-to-date.ts).
  const runtime = { bundle: id };
  const code = await module.exports.main(argv, runtime);
  // A build found up to date compiled only the check: its cache would lack the pipeline.
  if (code === 0 && !runtime.upToDate && cacheFile && (!cachedData || script.cachedDataRejected)) saveCodeCache(cacheFile, script.createCachedData());
  return code;
}

function saveCodeCache(file, data) {
  try {
    mkdirSync(`${root}lib/code-cache`, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    // A cache is only a shortcut: a read-only lib/ runs without one.
  }
}

const cli = await compiledCli();
if (cli) {
  process.exitCode = await runCompiled(process.argv.slice(2));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import(`${root}src/cli.ts`);
  process.exitCode = await main(process.argv.slice(2));
}
