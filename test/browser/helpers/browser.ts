// Launches headless Chromium for browser tests and keeps every request on loopback.
import { existsSync } from 'node:fs';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where Chromium is: `$CHROMIUM_PATH`, then Debian's `/usr/bin/chromium`, then the headless build
 * shipped inside the @sparticuz/chromium dev dependency, so a machine with nothing installed works.
 */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return chromium.executablePath();
}

/** Starts headless Chromium with the flags for a machine without network. */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromiumPath(),
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
