// The browser bundle: island hydration with React aliased to Preact, minified and content-hashed, lazy chunks split off.
import { readFileSync } from 'node:fs';
import { TYPESCRIPT_SETTINGS } from './typescript.ts';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import type { ResolvedOptions } from '../options.ts';
import { hash } from '../cache-file.ts';
import { cachedBuild, type BuiltFile } from './esbuild-cache.ts';

/** esbuild's name for the entry output, before it gets its content hash. */
const ENTRY_NAME = 'islands';

/** The client script: the entry every page loads, and the chunks it may import later. */
export interface ClientBundle {
  /** `static/js/islands.<hash>.js`, the one script in every page. */
  entry: BuiltFile;
  /** The entry and every `static/js/chunk.<hash>.js` it imports on demand (the metrics chunk). */
  files: BuiltFile[];
}

/**
 * Bundles `src/browser/hydrate.ts` to `static/js/islands.<hash>.js`, with each dynamic `import()` split
 * into `static/js/chunk.<hash>.js` (esbuild's hash, already in the entry's import). The entry imports
 * its chunks relative to itself, so all of them live in the same folder.
 */
export async function bundleClient(options: ResolvedOptions): Promise<ClientBundle> {
  const outputs = await cachedBuild('client', options.cacheDir, {
    absWorkingDir: options.packageRoot,
    entryPoints: [options.clientEntry],
    outdir: path.join(options.cacheDir, 'client'),
    entryNames: ENTRY_NAME,
    chunkNames: 'chunk.[hash]',
    bundle: true,
    splitting: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2020',
    minify: true,
    ...CLIENT_JSX,
    alias: clientAliases(options.packageRoot),
    define: { ...CLIENT_JSX.define, 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
  });
  const bundle = outputs.find((output) => output.path === `${ENTRY_NAME}.js`);
  if (!bundle) throw new Error('esbuild produced no client bundle');
  // Nothing imports the entry, so it can take the content hash the other assets use.
  const entry = { path: `static/js/${ENTRY_NAME}.${hash(bundle.contents).slice(0, 10)}.js`, contents: bundle.contents };
  const chunks = outputs
    .filter((output) => output !== bundle)
    .map((chunk) => ({ path: `static/js/${chunk.path}`, contents: chunk.contents }));
  return { entry, files: [entry, ...chunks] };
}

/**
 * Islands compile to Preact's own `createElement(type, props, ...children)` (the classic transform)
 * rather than the automatic runtime's `jsx(type, { children: [...] })`: shorter calls and no runtime
 * module, 160 B gzip of the 10 KB budget. tsconfig.json keeps `react-jsx` for the server and the type
 * check, so it is overridden here, and every .tsx gets the factory imported (esbuild drops it where unused).
 * `globalThis.BROCHURE_CLIENT` is true here only, so markup islands render on the server alone drops out
 * (templates/islands/kept.ts).
 */
export const CLIENT_JSX = {
  define: { 'globalThis.BROCHURE_CLIENT': 'true' },
  jsx: 'transform',
  jsxFactory: 'createElement$',
  jsxFragment: 'Fragment$',
  tsconfigRaw: {
    compilerOptions: {
      ...TYPESCRIPT_SETTINGS.compilerOptions,
      jsx: 'react',
      jsxFactory: 'createElement$',
      jsxFragmentFactory: 'Fragment$',
    },
  },
  plugins: [
    {
      name: 'classic-jsx-factory',
      setup(build) {
        // Read synchronously: the callback runs on the main thread, busy reading the content meanwhile, and
        // one turn of its event loop per file is enough wait (no second one for the thread pool's read).
        build.onLoad({ filter: /\.tsx$/ }, (args) => ({
          // On the file's first line, so esbuild's messages keep their line numbers.
          contents: `import { createElement as createElement$, Fragment as Fragment$ } from 'preact';${readFileSync(args.path, 'utf8')}`,
          loader: 'tsx',
        }));
      },
    },
  ],
} satisfies BuildOptions;

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
