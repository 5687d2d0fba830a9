// Bundles our editor script (src/cms/browser/editor.ts: the checks before a save, the page previews, the Italian strings' route) for /admin alone.
import path from 'node:path';
import { cachedBuild } from '../bundle/esbuild-cache.ts';

/**
 * admin/editor.js: one classic script (the page loads it before Sveltia's), minified. Built with
 * brochure's own schemas and checks, so the editor refuses exactly what the build refuses; cached on
 * disk like the site's bundles, so only a change to those sources rebuilds it.
 */
export async function bundleEditorScript(packageRoot: string, cacheDir: string): Promise<Uint8Array> {
  const [script] = await cachedBuild('editor', cacheDir, {
    absWorkingDir: packageRoot,
    entryPoints: [path.join(packageRoot, 'src', 'cms', 'browser', 'editor.ts')],
    outdir: path.join(cacheDir, 'editor'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The content checks name image paths with node:path's POSIX helpers and measure bodies with Buffer.
    alias: { 'node:path': path.join(packageRoot, 'src', 'cms', 'browser', 'posix-path.ts') },
    inject: [path.join(packageRoot, 'src', 'cms', 'browser', 'buffer.ts')],
  });
  if (!script) throw new Error('esbuild produced no editor script');
  return script.contents;
}
