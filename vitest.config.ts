// Three projects: unit tests, `integration` (fixtures built and the CLI run), `browser` (Chromium on served sites); `npm run test:fast` runs the first two. Vitest's defaults otherwise.
import { defineConfig, type Plugin } from 'vitest/config';

/** In every test file: its temporary folders removed when it ends. */
const setupFiles = ['test/setup/temp-dirs.ts'];

/**
 * Dependencies as the product's bundles hold them: esbuild, which builds lib/cli.cjs and the templates
 * bundle, never takes a package's "development" export, but Vite's server conditions include it (the
 * tests would run micromark's development build, with assertions on every token). A project does not
 * inherit the root's plugins, so each one lists it too.
 */
const dependenciesAsBundled: Plugin = {
  name: 'dependencies-as-bundled',
  enforce: 'post',
  config(config) {
    for (const resolve of [config.resolve, config.ssr?.resolve, config.environments?.ssr?.resolve]) {
      if (resolve?.conditions)
        resolve.conditions = resolve.conditions.filter(
          (condition) => condition !== 'development' && condition !== 'development|production',
        );
    }
  },
};

export default defineConfig({
  // The root's conditions are the ones vitest passes to its worker processes (`--conditions`), for the
  // packages Node resolves itself.
  plugins: [dependenciesAsBundled],
  test: {
    // Once per run: the fixtures made whole from their overlays of `minimal`, and lib/cli.cjs compiled.
    globalSetup: ['test/setup/fixtures.ts'],
    projects: [
      {
        plugins: [dependenciesAsBundled],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles,
          // Transformed by vitest rather than loaded by Node: @actions/workflow-parser imports its JSON
          // schema without the import attribute Node requires.
          server: { deps: { inline: ['@actions/workflow-parser'] } },
          // Some render hundreds of pages or encode images, beside the integration files.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [dependenciesAsBundled],
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles,
          pool: 'forks',
          // A cold build encodes images and bundles with esbuild; spawned CLIs compile lib/ once.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [dependenciesAsBundled],
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          // The sample site as shipped is built and served once for every browser file, and Chromium found once.
          globalSetup: ['test/setup/sample-site.ts', 'test/setup/chromium.ts'],
          environment: 'node',
          setupFiles,
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
