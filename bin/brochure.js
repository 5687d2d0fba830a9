#!/usr/bin/env node
// Entry point: runs the compiled CLI, compiling src/ with esbuild first when lib/ is missing or stale.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// One compact file with the dependencies inside loads in about 70 ms; src/ through tsx takes about
// 280 ms on every command (see README, "Why compiled on demand").
// React's development build is several times larger and slower to load; pages never need it.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}lib/cli.js`;

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

async function compile() {
  const { buildSync } = await import('esbuild');
  const { outputFiles } = buildSync({
    entryPoints: { cli: `${root}src/cli.ts` },
    outdir: `${root}lib`,
    // Each command's modules (and Markdown, the watcher, the servers) go into chunks that the command
    // imports when it runs, so `--version` or `check` never parse the code of `watch`.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Whitespace and syntax only: stack traces of bugs keep readable names without a source map.
    minifyWhitespace: true,
    minifySyntax: true,
    // React must stay one shared copy with the templates' bundle; esbuild and sharp ship binaries.
    external: ['react', 'react-dom', 'esbuild', 'sharp'],
    // The project's TypeScript settings, whatever tsconfig.json may sit above an installed copy.
    tsconfig: `${root}tsconfig.json`,
    // Bundled CommonJS dependencies (gray-matter) still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  // Chunks first, the entry last, each written to a private name and renamed: concurrent runs
  // (parallel tests) never see half a file, and chunk names carry their content hash.
  const entry = outputFiles.find((file) => file.path === compiled);
  for (const file of [...outputFiles.filter((output) => output !== entry), entry]) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  removeStaleChunks(new Set(outputFiles.map((file) => file.path)));
  return compiled;
}

// Chunks of earlier sources pile up with each change; another process may still be importing
// them, so only those untouched for an hour go.
function removeStaleChunks(current) {
  const dir = `${root}lib/chunks`;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!current.has(file) && Date.now() - statSync(file).mtimeMs > 60 * 60 * 1000) rmSync(file, { force: true });
  }
}

async function entry() {
  if (compiledTime() >= Math.max(newestSource(`${root}src`), statSync(`${root}package.json`).mtimeMs)) return compiled;
  try {
    return await compile();
  } catch (error) {
    // esbuild reports a failed write inside its own error; look for the code in either place.
    const message = String(error?.message);
    const code = error?.code ?? /\b(E[A-Z]+)\b/.exec(message)?.[1];
    if (!READ_ONLY.has(code) && !/permission denied|read-only file system/i.test(message)) throw error;
    const { register } = await import('tsx/esm/api');
    register();
    return `${root}src/cli.ts`;
  }
}

const { main } = await import(await entry());
process.exitCode = await main(process.argv.slice(2));
