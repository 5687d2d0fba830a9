// Bundles browser entries exactly as the site's client bundle does: React imports resolved to Preact.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The aliases the site bundle needs (src/bundle owns the real build; keep the two in step).
 * `react`/`react-dom` go to a thin Preact re-export rather than preact/compat: see src/browser/preact-react.ts.
 */
export const CLIENT_ALIASES = {
  react: `${root}src/browser/preact-react.ts`,
  'react-dom': `${root}src/browser/preact-react.ts`,
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/** Minified single-file ESM bundle of one entry (a path relative to the repository root). */
export async function bundleEntry(entry: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    alias: CLIENT_ALIASES,
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}
