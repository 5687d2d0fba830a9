// Projects: unit tests (two worker threads, each keeping its modules), the few unit tests that race real timers
// or replace a module (both last), and `e2e`: integration tests that build fixtures and spawn the CLI, and
// browser tests on their process's Chromium. All but the last ones run at once; see CONTRIBUTING.md, "Tests".
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import { LongFirst } from './test/setup/long-first.ts';
import { memoryScratchFolder } from './test/setup/scratch-folder.ts';

// Before any worker, fork, Chromium or CLI starts, so that every one of them inherits it.
const scratch = memoryScratchFolder();
if (scratch) process.env.TMPDIR = scratch;

/** Unit test files that replace a module with `vi.mock`: they need a module graph of their own. */
const UNIT = new URL('test/unit/', import.meta.url);
const MOCKING = readdirSync(UNIT)
  .filter((name) => /\.test\.tsx?$/.test(name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(new URL(name, UNIT), 'utf8')))
  .map((name) => `test/unit/${name}`);

/** In every test file, even where files share a worker: its temporary folders removed when it ends. */
const setupFiles = ['test/setup/temp-dirs.ts'];

/**
 * Unit tests that race a real timer of the code (a 60 ms second look, a 150 ms quiet period) against
 * file-system events: they run last, beside nothing but the one below, where a busy run cannot starve them.
 */
const TIMING = ['test/unit/watch-files.test.ts', 'test/unit/settle.test.ts'];
/** The same race in a whole watch (a photo copied in 40 ms pieces against the 150 ms quiet period): last too, in a process of its own. */
const E2E_TIMING = ['test/integration/watch-copy.test.ts'];

/**
 * Dependencies as the product's bundles hold them: esbuild, which builds lib/cli.cjs and the render
 * bundles, never takes a package's "development" export, but Vite's server conditions include it, so
 * the tests ran micromark's development build (assertions on every token, `debug` calls): a third
 * of the unit thread's CPU went to the Markdown reference of the differential tests. A project does
 * not inherit the root's plugins, so each one lists it too.
 */
const dependenciesAsBundled: Plugin = {
  name: 'dependencies-as-bundled',
  enforce: 'post',
  config(config) {
    for (const resolve of [config.resolve, config.ssr?.resolve, config.environments?.ssr?.resolve]) {
      if (resolve?.conditions) resolve.conditions = resolve.conditions.filter((condition) => condition !== 'development' && condition !== 'development|production');
    }
  },
};

/**
 * GitHub's workflow parser imports its schema JSON without `with { type: 'json' }`, which Node refuses,
 * so the unit project loads it through Vite (as its bundlers do); its files name source maps it does not
 * ship, and Vite would warn about each: read without that line (test/unit/host-files.test.ts).
 */
const WORKFLOW_PARSER = '@actions/workflow-parser';
const workflowParserWithoutMaps: Plugin = {
  name: 'workflow-parser-without-maps',
  load(id) {
    if (!id.includes(`/node_modules/${WORKFLOW_PARSER}/`) || !id.endsWith('.js')) return null;
    return readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
  },
};

export default defineConfig({
  // The root's conditions are the ones vitest passes to its worker processes (`--conditions`), for the
  // packages Node resolves itself.
  plugins: [dependenciesAsBundled],
  test: {
    // Once per run, for every project: the fixtures made whole from their overlays of `minimal`, and lib/cli.cjs compiled.
    globalSetup: ['test/setup/fixtures.ts'],
    // The longest files first, also before vitest has timings of its own (test/setup/long-first.ts).
    sequence: { sequencer: LongFirst },
    poolOptions: {
      // The unit tests: two worker threads, each keeping its modules from one file to the next, so src/
      // is imported once per thread rather than once per file (the files keep no state in modules). With
      // one, the unit files (the differential tests among them) ran the whole length of the run and ended
      // last (80.3 s against 75.9 s for the browser files); two share this process's libuv pool but end
      // with the rest (full runs 75.6 and 77.8 s against 82.8 and 86.2 s).
      threads: { isolate: false, maxThreads: 2, minThreads: 2 },
      // Integration and browser tests: three processes, each running one file after another and keeping
      // its modules (vitest, playwright-core, src/) as the unit thread does: a fresh process per file cost
      // about 0.4 s of CPU each. Vitest's default on two cores is one at a time, though most of a file's
      // time is spent waiting for a child process or Chromium: three keep both cores busy. minForks: with
      // fewer, the pool ends a process it finds idle, and one given a file meanwhile fails the run
      // ("Terminating worker thread").
      forks: { maxForks: 3, minForks: 3, isolate: false },
    },
    projects: [
      {
        plugins: [dependenciesAsBundled, workflowParserWithoutMaps],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: [...MOCKING, ...TIMING],
          environment: 'node',
          setupFiles,
          pool: 'threads',
          // They run beside the integration and browser files now, not before them: a test that
          // renders 600 pages or encodes images can take longer than vitest's 5 s on a busy machine.
          testTimeout: 30_000,
          server: { deps: { inline: [WORKFLOW_PARSER] } },
        },
      },
      {
        plugins: [dependenciesAsBundled],
        test: {
          name: 'unit-timing',
          include: TIMING,
          environment: 'node',
          setupFiles,
          pool: 'threads',
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [dependenciesAsBundled],
        test: {
          name: 'e2e-timing',
          include: E2E_TIMING,
          environment: 'node',
          setupFiles,
          pool: 'forks',
          testTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      // A project per file: the unit thread keeps its modules from one file to the next, but vitest gives
      // each project a fresh worker. In the unit thread once the `unit` files are done (not at the end:
      // there, the forks pool would run it before `e2e-timing`, starting a process for each).
      ...MOCKING.map((file) => ({
        plugins: [dependenciesAsBundled],
        test: {
          name: `unit-mocking ${file.slice('test/unit/'.length)}`,
          include: [file],
          environment: 'node',
          setupFiles,
          pool: 'threads' as const,
        },
      })),
      {
        plugins: [dependenciesAsBundled],
        test: {
          // Integration and browser tests in one project: vitest runs the files of a project that shares
          // worker processes (isolate: false) only once the previous project's are all done, which would
          // leave processes idle at the end of the first.
          name: 'e2e',
          include: ['test/integration/**/*.test.{ts,tsx}', 'test/browser/**/*.test.{ts,tsx}'],
          exclude: E2E_TIMING,
          // The sample site as shipped is built and served once for every browser file, and Chromium found once
          // (each process launches its own: test/browser/helpers/shared-browser.ts).
          globalSetup: ['test/setup/sample-site.ts', 'test/setup/chromium.ts'],
          environment: 'node',
          setupFiles,
          pool: 'forks',
          // A cold build encodes images and bundles with esbuild; spawned CLIs compile lib/ once.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
