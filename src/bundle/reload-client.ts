// The browser script of `brochure watch` (src/browser/reload-client.ts), bundled like the other client code.
import path from 'node:path';
import type { ResolvedOptions } from '../options.ts';
import { cachedBuild } from './esbuild-cache.ts';

/** Bundles src/browser/reload-client.ts for the browser (cached like the other bundles). */
export async function bundleReloadClient(options: ResolvedOptions): Promise<Uint8Array> {
  const [bundle] = await cachedBuild('reload-client', options.cacheDir, {
    absWorkingDir: options.packageRoot,
    entryPoints: [path.join(options.packageRoot, 'src', 'browser', 'reload-client.ts')],
    outdir: path.join(options.cacheDir, 'reload-client'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  if (!bundle) throw new Error('esbuild produced no reload client');
  return bundle.contents;
}
