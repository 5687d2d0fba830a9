#!/usr/bin/env node
// Entry point: runs the compiled CLI, compiling src/ with esbuild first when lib/ is missing or stale.
import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
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

if (compiledTime() < Math.max(newestSource(`${root}src`), statSync(`${root}package.json`).mtimeMs)) {
  const { buildSync } = await import('esbuild');
  mkdirSync(`${root}lib`, { recursive: true });
  // Build to a private name, then rename: concurrent runs (parallel tests) never see half a file.
  const temporary = `${root}lib/cli.${process.pid}.js`;
  buildSync({
    entryPoints: [`${root}src/cli.ts`],
    outfile: temporary,
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
    logLevel: 'error',
  });
  renameSync(temporary, compiled);
}

const { main } = await import(compiled);
process.exitCode = await main(process.argv.slice(2));
