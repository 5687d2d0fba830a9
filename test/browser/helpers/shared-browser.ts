// The run's one Chromium (started by test/setup/chromium.ts): each test file connects to it instead of launching its own.
import { chromium as playwright, type Browser } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the Chromium started once per run for every browser test file. */
    chromiumEndpoint: string;
  }
}

/**
 * A connection to the run's Chromium. Everything a file opens through it (contexts, pages) is its own,
 * and `close()` closes those and disconnects, leaving the browser to the other files.
 */
export function connectBrowser(): Promise<Browser> {
  return playwright.connect(inject('chromiumEndpoint'));
}
