// The browser bundle: island hydration with React aliased to Preact, minified and content-hashed.
import path from 'node:path';
import type { ResolvedOptions } from '../options.ts';
import { cachedBuild, hash, type BuiltFile } from './esbuild-cache.ts';

/** Bundles `src/browser/hydrate.ts` to `static/js/islands.<hash>.js`. */
export async function bundleClient(options: ResolvedOptions): Promise<BuiltFile> {
  const [bundle] = await cachedBuild('client', options.cacheDir, {
    absWorkingDir: options.packageRoot,
    entryPoints: [options.clientEntry],
    outdir: path.join(options.cacheDir, 'client'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: ['es2020', 'chrome90', 'firefox90', 'safari14'],
    minify: true,
    jsx: 'automatic',
    // Components are written once against React; in the browser Preact (about 4 KB) stands in.
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
  });
  if (!bundle) throw new Error('esbuild produced no client bundle');
  return { path: `static/js/islands.${hash(bundle.contents).slice(0, 10)}.js`, contents: bundle.contents };
}

/** Bundles `templates/styles/site.css` (following its @imports) to `static/css/site.<hash>.css`. */
export async function bundleStyles(options: ResolvedOptions): Promise<BuiltFile> {
  const [bundle] = await cachedBuild('styles', options.cacheDir, {
    absWorkingDir: options.packageRoot,
    entryPoints: [path.join(options.templatesDir, 'styles', 'site.css')],
    outdir: path.join(options.cacheDir, 'styles'),
    bundle: true,
    minify: true,
    target: ['chrome90', 'firefox90', 'safari14'],
    legalComments: 'none',
  });
  if (!bundle) throw new Error('esbuild produced no stylesheet');
  return { path: `static/css/site.${hash(bundle.contents).slice(0, 10)}.css`, contents: bundle.contents };
}
