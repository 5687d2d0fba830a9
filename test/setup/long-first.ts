// Vitest sequencer: the files that take longest start first, also on a run with no timings of its own yet, so the run does not end on one long file.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of a run on the 2-core machine, longest first (vitest's own order without timings
 * is by file size, which put the 500-page build of parallel-build near the end).
 */
const LONGEST = [
  'test/browser/pages.test.ts',
  'test/browser/built-site-behaviour.test.ts',
  'test/browser/contact-form-modes.test.ts',
  'test/browser/compliance-consent.test.ts',
  'test/integration/watch.test.ts',
  'test/browser/islands-consent.test.ts',
  'test/unit/render-pages.test.ts',
  'test/browser/cms-editor.test.ts',
  'test/integration/refusals.test.ts',
  'test/integration/parallel-build.test.ts',
  'test/integration/protected-output.test.ts',
];

/** Vitest's order (failed first, then longest by the last run's timings), or, while a file has no timing, LONGEST first. */
export class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId);
    if (sorted.every((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`))) return sorted;
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.indexOf(path(spec));
      return index === -1 ? LONGEST.length : index;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
