// Four projects: fast unit tests (in shared processes), the few unit tests that replace a module, integration
// tests that build fixtures and spawn the CLI, and browser tests on the run's one Chromium. See README, "Tests".
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** Unit test files that replace a module with `vi.mock`: they need a fresh module graph of their own. */
const MOCKING = readdirSync('test/unit')
  .filter((name) => /\.test\.tsx?$/.test(name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`test/unit/${name}`, 'utf8')))
  .map((name) => `test/unit/${name}`);

export default defineConfig({
  test: {
    // Once per run, for every project: the fixtures made whole from their overlays of `minimal`, and lib/cli.js compiled.
    globalSetup: ['test/setup/fixtures.ts'],
    // Vitest's default on two cores is one worker, so every file waited for the one before it, though
    // most of their time is spent waiting for a child process or Chromium: three keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: MOCKING,
          environment: 'node',
          // Files share their worker's module graph instead of importing src/ afresh (half the CPU of
          // the unit tests); they keep no state in modules, and those that mock one run apart below.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-mocking',
          include: MOCKING,
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
          // The sample site as shipped is built and served once, and one Chromium started, for every file.
          globalSetup: ['test/setup/sample-site.ts', 'test/setup/chromium.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
