// Compiles src/ into lib/cli.cjs, the one CommonJS file bin/brochure.js runs: one file to load instead of src/ through tsx.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Parts of dependencies the CLI never runs, left out so each command parses less (ARCHITECTURE.md, "How the
// CLI starts"). gray-matter loads its own js-yaml (and tries esprima) for its default YAML engine,
// which src/content/load.ts replaces with its own; zod re-exports the messages of ~45 languages as
// `z.locales`, and brochure uses its English default only (297 kB of the bundle).
const unusedParts = {
  name: 'unused-parts',
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, ({ importer }) =>
      /[\\/]gray-matter[\\/]/.test(importer) ? { path: 'js-yaml', namespace: 'unused' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'unused' }, () => ({
      contents:
        "const unused = () => { throw new Error('js-yaml was left out of the compiled CLI (bin/compile-cli.js)'); }; module.exports = { safeLoad: unused, safeDump: unused };",
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * Bundles src/ and its pure-JS dependencies into `lib/cli.cjs`; React, react-dom, esbuild and sharp
 * stay outside (one React shared with the templates bundle; binaries), required as CommonJS.
 */
export async function compileCli(root) {
  const { build } = await import('esbuild');
  const compiled = `${root}lib/cli.cjs`;
  const { outputFiles, warnings } = await build({
    entryPoints: [`${root}src/cli.ts`],
    outfile: compiled,
    write: false,
    bundle: true,
    platform: 'node',
    // CommonJS: esbuild's ES module output cannot require() the Node built-ins its bundled CommonJS
    // dependencies ask for, and a module the CLI imports when a command runs still runs only then
    // (esbuild wraps it in a function called on the first import).
    format: 'cjs',
    target: 'node20',
    // Whitespace and syntax only: stack traces of bugs keep readable names without a source map.
    minifyWhitespace: true,
    minifySyntax: true,
    // The project's TypeScript settings, whatever tsconfig.json may sit above an installed copy.
    tsconfig: `${root}tsconfig.json`,
    define: {
      'import.meta.url': '__brochureModuleUrl',
      'import.meta.dirname': '__dirname',
      'import.meta.filename': '__filename',
    },
    banner: { js: "var __brochureModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    external: ['react', 'react-dom', 'react-dom/*', 'esbuild', 'sharp'],
    plugins: [unusedParts],
    logLevel: 'silent',
  });
  // Any other part of import.meta would be empty in CommonJS, silently: refuse to make that bundle.
  const lost = warnings.find((warning) => warning.text.includes('import.meta'));
  if (lost)
    throw new Error(
      `bin/compile-cli.js: ${lost.location?.file ?? 'src'}:${lost.location?.line ?? 0}: ${lost.text} (the compiled CLI defines import.meta.url, dirname and filename only)`,
    );
  makeLib(path.dirname(compiled));
  // Written to a private name and renamed: concurrent runs (parallel tests) never see half a file.
  const temporary = `${compiled}.${process.pid}.tmp`;
  writeFileSync(temporary, outputFiles[0].contents);
  renameSync(temporary, compiled);
  // V8 code caches of the CLI before bin/brochure.js used Node's own (module.enableCompileCache).
  rmSync(`${root}lib/code-cache`, { recursive: true, force: true });
  return compiled;
}

// lib/ sits in the package folder, which exists: made alone, not with { recursive: true }, whose
// failure on a read-only disk says ENOENT where mkdir says EROFS (bin/brochure.js then runs src/).
function makeLib(lib) {
  try {
    mkdirSync(lib);
  } catch (error) {
    if (error?.code !== 'EEXIST') throw error;
  }
}
