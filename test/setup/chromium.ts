// Vitest global setup of the browser tests: where Chromium is, found once, before the test processes that launch it start.
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../browser/helpers/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Chromium's executable (test/browser/helpers/browser.ts, `chromiumPath`). */
    chromiumExecutable: string;
  }
}

/**
 * On a fresh machine, finding the pinned @sparticuz/chromium unpacks it into the temporary folder; three
 * processes finding it at once could each see the others' half-written file. Here it happens once.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('chromiumExecutable', await chromiumPath());
}
