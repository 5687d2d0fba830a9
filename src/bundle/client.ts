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
    target: 'es2020',
    minify: true,
    jsx: 'automatic',
    alias: clientAliases(options.packageRoot),
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
  });
  if (!bundle) throw new Error('esbuild produced no client bundle');
  return { path: `static/js/islands.${hash(bundle.contents).slice(0, 10)}.js`, contents: bundle.contents };
}

/**
 * Components are written once against React; in the browser Preact stands in. `react` maps to a thin
 * re-export of Preact core rather than preact/compat, which would cost 2 KB gzip of emulation
 * (see src/browser/preact-react.ts for the subset islands may use).
 */
export function clientAliases(packageRoot: string): Record<string, string> {
  const preactReact = path.join(packageRoot, 'src', 'browser', 'preact-react.ts');
  return { react: preactReact, 'react-dom': preactReact, 'react/jsx-runtime': 'preact/jsx-runtime' };
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
