// Launches headless Chromium for browser tests and keeps every request on loopback.
import { existsSync } from 'node:fs';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where Chromium is: `$CHROMIUM_PATH`, then the headless build pinned by the @sparticuz/chromium dev
 * dependency, then Debian's `/usr/bin/chromium` (where the pinned build cannot run), so results do
 * not depend on what a machine happens to have installed.
 */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return await chromium.executablePath();
  } catch (error) {
    if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
    throw error;
  }
}

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Where Chromium is and the flags for a machine without network, for `launch` and `launchServer` alike. */
export async function chromiumLaunchOptions() {
  return {
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
  };
}

/** Starts headless Chromium with the flags for a machine without network. */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch(await chromiumLaunchOptions());
}

/**
 * Puts `value` under `key` in localStorage before any script of a page runs, in the top frame only:
 * a frame of another origin (the map, or the error page of its blocked request) may be denied storage,
 * and Chromium then throws from the init script.
 */
export async function presetLocalStorage(context: BrowserContext, key: string, value: string): Promise<void> {
  await context.addInitScript(
    ([name, stored]) => {
      if (window === window.top) localStorage.setItem(name, stored);
    },
    [key, value] as const,
  );
}

/**
 * Every URL whose host is not loopback. A RegExp (unlike a function or `**` glob) is matched by the
 * Playwright server, so requests to the test's own servers never make a round trip to the test process.
 */
const NOT_LOOPBACK = /^[a-z][a-z\d+.-]*:\/\/(?!(?:localhost|127\.0\.0\.1|\[::1\])(?:[:/?#]|$))/i;

/**
 * Aborts every request to a host other than loopback and returns the list of URLs it stopped.
 * Register it before any `route()` that fulfils a request: Playwright runs the newest handler first,
 * and a handler's `route.fallback()` ends here.
 */
export async function blockExternal(target: Page | BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await target.route(NOT_LOOPBACK, (route) => {
    const url = route.request().url();
    if (LOOPBACK_HOSTS.has(new URL(url).hostname)) return route.fallback();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  return blocked;
}

/**
 * Everything that went wrong on `page`: console errors (but the document's own error status, which
 * Chromium logs), page errors, failed loopback requests and error responses of subresources.
 */
export function watchProblems(page: Page, documentUrl: string): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const isOwnStatus = message.location().url === documentUrl && message.text().startsWith('Failed to load resource');
    if (message.type() === 'error' && !isOwnStatus) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).hostname === 'localhost') problems.push(`request failed: ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}
