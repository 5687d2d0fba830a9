// Per-file setup for tests of the built sample site: one served build and a connection to the run's Chromium, a fresh context per test.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeWithTest } from '../../helpers/concurrent.ts';
import { connectBrowser } from './shared-browser.ts';
import { serveSampleSite, type ServedSite } from './site-server.ts';

/** Registers the vitest hooks; `site` is the served build, `context()` a context closed after each test. */
export function useSampleSite() {
  let site: ServedSite | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([serveSampleSite(), connectBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await Promise.all(fileContexts.map((context) => context.close()));
    await browser?.close();
    await site?.stop();
  });

  return {
    get site(): ServedSite {
      if (!site) throw new Error('useSampleSite(): beforeAll has not run');
      return site;
    },
    /** A new context (the run's Chromium stops every non-loopback request itself: test/browser/helpers/browser.ts). */
    async context(options: BrowserContextOptions = {}): Promise<BrowserContext> {
      if (!browser) throw new Error('useSampleSite(): beforeAll has not run');
      const context = await browser.newContext(options);
      if (!closeWithTest(() => context.close())) contexts.push(context);
      return context;
    },
    /** Like `context`, but kept until the file ends: for pages that several tests read and none changes. */
    async fileContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
      if (!browser) throw new Error('useSampleSite(): beforeAll has not run');
      const context = await browser.newContext(options);
      fileContexts.push(context);
      return context;
    },
  };
}

/** The cookie banner: it appears from an effect of the last island, so once it shows every island is hydrated. */
export const consentBanner = (page: Page) =>
  page.getByRole('region').filter({ has: page.getByRole('button', { name: 'Personalizza', exact: true }) });
