// Three projects: fast unit tests, integration tests that build fixtures and spawn the CLI, and
// browser tests that launch Chromium (slow, so generous timeouts and one file at a time).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Once per run, for every project: the fixtures made whole from their overlays of `minimal`.
    globalSetup: ['test/setup/fixtures.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A cold build encodes images and bundles with esbuild; spawned CLIs compile lib/ once.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          // The sample site as shipped is built and served once, for every file that needs it.
          globalSetup: ['test/setup/sample-site.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file launches Chromium: run the files one after another in a single process, and only
          // once the other projects are done, to spare a two-core machine.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
