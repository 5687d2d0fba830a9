// Per-file browser test setup: a connection to the run's Chromium and one harness per file, a fresh context per page.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeWithTest } from '../../helpers/concurrent.ts';
import { blockedRequests } from './browser.ts';
import { connectBrowser } from './shared-browser.ts';
import { startHarness, type Harness } from './harness.ts';

/** A page opened by `session.open`, with what it reported while the test ran. */
interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** `console.error` messages and uncaught exceptions, CSP violations included. */
  errors: string[];
  /** External requests the browser stopped (`blockedRequests`): a test that expects none asserts this is empty. */
  blocked: string[];
}

/** Registers the vitest hooks and returns the harness plus `open()`, which serves `html` at `path` and loads it. */
export function useIslandSession() {
  let browser: Browser | undefined;
  let harness: Harness | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, harness] = await Promise.all([connectBrowser(), startHarness()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  const ready = () => {
    if (!browser || !harness) throw new Error('useIslandSession(): beforeAll has not run');
    return { browser, harness };
  };

  return {
    get harness(): Harness {
      return ready().harness;
    },
    /**
     * Serves `html` at `path`, opens it in a new context and waits for the load event; `prepare`
     * runs on the context before the page loads (e.g. to preset storage, instead of a reload).
     */
    async open(
      path: string,
      html: string,
      options: BrowserContextOptions = {},
      prepare?: (context: BrowserContext) => Promise<unknown>,
    ): Promise<OpenedPage> {
      const { browser, harness } = ready();
      harness.serve(path, html);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      if (!closeWithTest(() => context.close())) contexts.push(context);
      const blocked = blockedRequests(context);
      await prepare?.(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(harness.origin + path);
      return { page, context, errors, blocked };
    },
  };
}
