// Launches headless Chromium for browser tests and keeps every request on loopback.
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Starts headless Chromium: `CHROMIUM_PATH` when set, otherwise the binary @sparticuz/chromium unpacks. */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (await chromium.executablePath()),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Aborts every request to a host other than loopback and returns the list of URLs it stopped.
 * Register it before any `route()` that fulfils a request: Playwright runs the newest handler first,
 * and a handler's `route.fallback()` ends here.
 */
export async function blockExternal(target: Page | BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await target.route('**/*', (route) => {
    const url = route.request().url();
    if (LOOPBACK_HOSTS.has(new URL(url).hostname)) return route.fallback();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  return blocked;
}
