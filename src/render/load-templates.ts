// Bundles templates/ for Node with esbuild and imports the result, fresh whenever a template changed.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cachedBuild, hash } from '../bundle/esbuild-cache.ts';
import type { ResolvedOptions } from '../options.ts';
import type { PageTemplates } from './page-props.ts';

/**
 * Imports `templates/pages/index.ts`. Node's ESM cache cannot be cleared, so each distinct bundle
 * is written under a name made of its hash: an edited template gets a new URL and is re-imported,
 * an unchanged one is the module already loaded.
 */
export async function loadTemplates(options: ResolvedOptions): Promise<PageTemplates> {
  const [bundle] = await cachedBuild('templates', options.cacheDir, {
    absWorkingDir: options.packageRoot,
    entryPoints: [path.join(options.templatesDir, 'pages', 'index.ts')],
    outdir: path.join(options.cacheDir, 'templates'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // React stays a real dependency so the server renders with the same copy everywhere.
    packages: 'external',
    sourcemap: 'inline',
  });
  if (!bundle) throw new Error('esbuild produced no templates bundle');
  const file = path.join(options.cacheDir, 'templates', `pages.${hash(bundle.contents).slice(0, 16)}.mjs`);
  await mkdir(path.dirname(file), { recursive: true });
  // Parallel builds (test workers, a build beside watch) may import this name: never expose half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bundle.contents);
  await rename(temporary, file);
  const module = (await import(pathToFileURL(file).href)) as { pages?: PageTemplates };
  if (!module.pages) throw new Error(`templates/pages/index.ts must export "pages" (one component per route kind)`);
  return module.pages;
}
