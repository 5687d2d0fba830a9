#!/usr/bin/env node
// Entry point: runs the compiled CLI, compiling src/ with esbuild first when lib/ is missing or stale.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
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

// Parts of dependencies the CLI never runs, left out so each command parses less (README, "Why
// compiled on demand"). gray-matter loads js-yaml (and tries esprima) for its default YAML engine,
// which src/content/load.ts replaces with its own; zod re-exports the messages of ~45 languages as
// `z.locales`, and brochure uses its English default only (297 kB of the CLI's largest chunk).
const unusedParts = {
  name: 'unused-parts',
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, () => ({ path: 'js-yaml', namespace: 'unused' }));
    build.onLoad({ filter: /.*/, namespace: 'unused' }, () => ({
      contents: "const unused = () => { throw new Error('js-yaml was left out of the compiled CLI (bin/brochure.js)'); }; module.exports = { safeLoad: unused, safeDump: unused };",
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

// Packages that stay outside the bundle: React (one shared copy with the templates' bundle, which
// imports it), esbuild and sharp (they ship binaries). The CLI loads them through require():
// imported as ES modules, Node first scans each CommonJS file for its exports (cjs-module-lexer),
// 10–25 ms for react-dom/server's two builds and esbuild's 100 kB; required, the same module (one
// cache) loads without the scan.
const REQUIRED = ['react', 'react-dom/server', 'esbuild', 'sharp'];
const requiredPackages = {
  name: 'required-packages',
  setup(build) {
    build.onResolve({ filter: /^(react|react-dom|esbuild|sharp)(\/.*)?$/ }, (args) =>
      REQUIRED.includes(args.path) ? { path: args.path, namespace: 'required' } : { external: true });
    build.onLoad({ filter: /.*/, namespace: 'required' }, (args) => {
      // sharp is used through its default export only, and requiring it here would load its binary.
      const exported = args.path === 'sharp' ? [] : Object.keys(createRequire(import.meta.url)(args.path));
      const names = exported.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
      return {
        contents: `import { createRequire } from 'node:module';\nconst m = createRequire(import.meta.url)(${JSON.stringify(args.path)});\n${names.length ? `export const { ${names.join(', ')} } = m;` : ''}\nexport default m;`,
        loader: 'js',
      };
    });
  },
};

async function compile() {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
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
    // The project's TypeScript settings, whatever tsconfig.json may sit above an installed copy.
    tsconfig: `${root}tsconfig.json`,
    // Bundled CommonJS dependencies (gray-matter) still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [unusedParts, requiredPackages],
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
  // This file is an input too: it holds the settings the bundle is made with.
  const inputs = [newestSource(`${root}src`), statSync(`${root}package.json`).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs];
  if (compiledTime() >= Math.max(...inputs)) return compiled;
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
