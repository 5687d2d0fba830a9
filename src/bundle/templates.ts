// Bundles templates/ for Node with esbuild and imports the result, fresh whenever a template changed.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { cachedBuild } from './esbuild-cache.ts';
import { hash, writeFileAtomicSync } from '../cache-file.ts';
import type { ResolvedOptions } from '../options.ts';
import type { LoadedTemplates, PageTemplates } from '../render/page-props.ts';

/**
 * Imports `templates/pages/index.ts`, and says from which bundle file. Node's ESM cache cannot be
 * cleared, so each distinct bundle is written under a name made of its hash: an edited template
 * gets a new URL and is re-imported, an unchanged one is the module already loaded.
 */
export function loadTemplates(options: ResolvedOptions): Promise<LoadedTemplates> {
  // Asked for again while loading (two builds in one process): one load, one write of the bundle file.
  const key = `${options.cacheDir}\0${options.templatesDir}\0${options.packageRoot}`;
  const running = loading.get(key);
  if (running) return running;
  const started = bundleAndImport(options).finally(() => loading.delete(key));
  loading.set(key, started);
  return started;
}

const loading = new Map<string, Promise<LoadedTemplates>>();

async function bundleAndImport(options: ResolvedOptions): Promise<LoadedTemplates> {
  // A source map only where stack traces read it (watch turns them on, for a template that throws):
  // inline, it is three quarters of the bundle's bytes, to make, write, cache and load on every build.
  const sourcemap = process.sourceMapsEnabled;
  const [bundle] = await cachedBuild(sourcemap ? 'templates-mapped' : 'templates', options.cacheDir, {
    absWorkingDir: options.packageRoot,
    stdin: {
      contents: `export { pages } from ${JSON.stringify(path.join(options.templatesDir, 'pages', 'index.ts'))};`,
      resolveDir: options.packageRoot,
      sourcefile: 'templates-entry.ts',
      loader: 'ts',
    },
    outdir: path.join(options.cacheDir, 'templates'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    ...requiredPackages(options.packageRoot),
    sourcemap: sourcemap ? 'inline' : false,
  });
  if (!bundle) throw new Error('esbuild produced no templates bundle');
  const file = path.join(options.cacheDir, 'templates', `pages.${hash(bundle.contents).slice(0, 16)}.mjs`);
  // Written synchronously: on a cold build the thread pool is busy compressing the script and stylesheet,
  // and rendering waits for this module.
  writeFileAtomicSync(file, bundle.contents);
  const module = (await import(pathToFileURL(file).href)) as { pages?: PageTemplates };
  if (!module.pages) throw new Error(`templates/pages/index.ts must export "pages" (one component per route kind)`);
  await removeStaleBundles(path.dirname(file), file);
  return { pages: module.pages, bundleFile: file };
}

// Every template edit in watch mode leaves a bundle behind. Another process (a test, a watch beside a
// build) may still import an older one, so only bundles untouched for a while are removed; each
// build rewrites its own bundle, which keeps it fresh.
const STALE_AFTER_MS = 10 * 60 * 1000;

async function removeStaleBundles(dir: string, current: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (file === current || !/^pages\..+\.mjs$/.test(name)) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) await rm(file, { force: true });
  }
}

/**
 * Leaves React out of the bundle (React must stay the one copy react-dom renders with) and requires it
 * by absolute path: the bundle lives in the cache folder, which may be anywhere, and a bare `react`
 * there would resolve to another copy or to nothing. Required rather than imported: importing a
 * CommonJS package makes Node scan its source for the exports first (cjs-module-lexer, 5–10 ms for
 * React's files on each start); require() gives the same module, from the same cache. Each package is
 * aliased to a one-line module of its own (src/bundle/required/), which calls the `brochureRequire`
 * the banner defines, resolving from this package; esbuild's CommonJS interop gives the templates its
 * exports. Options rather than a plugin: a plugin's callbacks (one per import, about 60) run on this
 * thread, which is reading the content meanwhile, and held the bundle up by 30 ms on an idle thread and
 * up to 200 on a busy one.
 */
function requiredPackages(packageRoot: string): Pick<BuildOptions, 'alias' | 'banner'> {
  const module = (file: string) => path.join(packageRoot, 'src', 'bundle', 'required', file);
  return {
    alias: {
      react: module('react.cjs'),
      'react/jsx-runtime': module('react-jsx-runtime.cjs'),
      'react-dom/server': module('react-dom-server.cjs'),
    },
    banner: {
      js: `import { createRequire as brochureCreateRequire } from 'node:module';\nconst brochureRequire = brochureCreateRequire(${JSON.stringify(path.join(packageRoot, 'package.json'))});`,
    },
  };
}
