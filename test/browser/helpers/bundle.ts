// Bundles browser entries exactly as the site's client bundle does: React imports resolved to Preact.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CLIENT_JSX, clientAliases } from '../../../src/bundle/client.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Minified single-file ESM bundle of one entry (a path relative to the repository root). */
export async function bundleEntry(entry: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    ...CLIENT_JSX,
    alias: clientAliases(root),
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}
