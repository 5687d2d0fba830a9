// Compiles src/ into lib/cli.cjs, the one CommonJS file bin/brochure.js runs with V8's code cache.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

// Parts of dependencies the CLI never runs, left out so each command parses less (README, "Why
// compiled on demand"). gray-matter loads js-yaml (and tries esprima) for its default YAML engine,
// which src/content/load.ts replaces with its own; zod re-exports the messages of ~45 languages as
// `z.locales`, and brochure uses its English default only (297 kB of the bundle).
const unusedParts = {
  name: 'unused-parts',
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, () => ({ path: 'js-yaml', namespace: 'unused' }));
    build.onLoad({ filter: /.*/, namespace: 'unused' }, () => ({
      contents: "const unused = () => { throw new Error('js-yaml was left out of the compiled CLI (bin/compile-cli.js)'); }; module.exports = { safeLoad: unused, safeDump: unused };",
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

// The bundle's entry: the CLI, and in a thread started from this file (the Markdown worker of a large
// site, src/model/markdown-worker.ts, starts one from its own module's file) that worker's part.
const ENTRY = [
  "export { main } from './src/cli.ts';",
  "import { isMainThread } from 'node:worker_threads';",
  "if (!isMainThread) void import('./src/model/markdown-worker.ts');",
].join('\n');

/**
 * Bundles src/ and its pure-JS dependencies into `lib/cli.cjs`; React, react-dom, esbuild and sharp
 * stay outside (one React shared with the templates bundle; binaries), required as CommonJS. Its
 * first line names the hash of its contents, which keys its code caches (V8 checks only a cache's
 * source length, so a cache of another bundle of the same length would otherwise be taken).
 */
export async function compileCli(root) {
  const { build } = await import('esbuild');
  const compiled = `${root}lib/cli.cjs`;
  const { outputFiles, warnings } = await build({
    stdin: { contents: ENTRY, resolveDir: root, sourcefile: 'cli-entry.ts', loader: 'ts' },
    outfile: compiled,
    write: false,
    bundle: true,
    platform: 'node',
    // One CommonJS script rather than ES module chunks: V8 can cache its compiled code (vm.Script's
    // cachedData), which Node 20 offers for no ES module, and a module the CLI imports when a command
    // runs still runs only then (esbuild wraps it in a function called on the first import).
    format: 'cjs',
    target: 'node20',
    // import() of the templates bundle becomes require(): ES modules load through require() on Node
    // 20.19 and later, and a script compiled from a code cache cannot call import() on Node 20.
    supported: { 'dynamic-import': false },
    // Whitespace and syntax only: stack traces of bugs keep readable names without a source map.
    minifyWhitespace: true,
    minifySyntax: true,
    // The project's TypeScript settings, whatever tsconfig.json may sit above an installed copy.
    tsconfig: `${root}tsconfig.json`,
    define: { 'import.meta.url': '__brochureModuleUrl', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
    banner: { js: "var __brochureModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    external: ['react', 'react-dom', 'react-dom/*', 'esbuild', 'sharp'],
    plugins: [unusedParts],
    logLevel: 'silent',
  });
  // Any other part of import.meta would be empty in CommonJS, silently: refuse to make that bundle.
  const lost = warnings.find((warning) => warning.text.includes('import.meta'));
  if (lost) throw new Error(`bin/compile-cli.js: ${lost.location?.file ?? 'src'}:${lost.location?.line ?? 0}: ${lost.text} (the compiled CLI defines import.meta.url, dirname and filename only)`);
  const [bundle] = outputFiles;
  const id = createHash('sha256').update(bundle.contents).digest('hex').slice(0, 16);
  mkdirSync(path.dirname(compiled), { recursive: true });
  // Written to a private name and renamed: concurrent runs (parallel tests) never see half a file.
  const temporary = `${compiled}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([Buffer.from(`// brochure-bundle ${id}\n`), bundle.contents]));
  renameSync(temporary, compiled);
  removeOlderOutputs(root, id);
  return compiled;
}

// Code caches of earlier bundles are never taken again; the ES module chunks of brochure before
// lib/cli.cjs (lib/cli.js, lib/chunks/) are not run any more.
function removeOlderOutputs(root, id) {
  const caches = `${root}lib/code-cache`;
  mkdirSync(caches, { recursive: true });
  for (const name of readdirSync(caches, { withFileTypes: true }).filter((entry) => entry.isFile())) {
    if (!name.name.includes(id)) rmSync(path.join(caches, name.name), { force: true });
  }
  rmSync(`${root}lib/cli.js`, { force: true });
  rmSync(`${root}lib/chunks`, { recursive: true, force: true });
}
