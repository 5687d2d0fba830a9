// Launches headless Chromium for browser tests and keeps every request on loopback.
import { existsSync } from 'node:fs';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where Chromium is: `$CHROMIUM_PATH`, then the headless build pinned by the @sparticuz/chromium dev
 * dependency, then Debian's `/usr/bin/chromium` (where the pinned build cannot run), so results do
 * not depend on what a machine happens to have installed.
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return await chromium.executablePath();
  } catch (error) {
    if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
    throw error;
  }
}

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Where Chromium is (found by `chromiumPath` unless given) and the flags for a machine without network. */
async function chromiumLaunchOptions(executablePath?: string) {
  return {
    executablePath: executablePath ?? (await chromiumPath()),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...NO_NETWORK,
    ],
  };
}

/** Starts headless Chromium (at `executablePath`, or where `chromiumPath` finds it) with the flags for a machine without network. */
export async function launchBrowser(executablePath?: string): Promise<Browser> {
  return playwright.launch(await chromiumLaunchOptions(executablePath));
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
 * Every request to a host other than `LOOPBACK_HOSTS` fails in the network stack, with nothing
 * intercepted: it goes to a proxy on a loopback port where nothing listens (ERR_PROXY_CONNECTION_FAILED,
 * no fallback to a direct connection), and only the loopback hosts bypass it (`<-loopback>` first
 * drops Chromium's implicit bypass of *.localhost, 127.0.0.0/8 and link-local addresses). No host
 * but those is ever resolved either. A `route()`, by contrast, makes Playwright pause every request
 * of its context, loopback ones included, for a round trip through its server: about a tenth of a
 * page load's CPU. Routes stay for the requests a test answers itself (test/browser/helpers/third-parties.ts).
 */
const NO_NETWORK = [
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>;localhost;127.0.0.1;[::1]',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1',
];

/**
 * The URLs of the requests to hosts other than loopback that `target` made and the network stack
 * stopped (see `NO_NETWORK`), as they fail: a test that expects none asserts this list is empty.
 * A request a test's own `route()` answers does not fail, so it is not listed.
 */
export function blockedRequests(target: Page | BrowserContext): string[] {
  const blocked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    // A blob: or data: address never leaves the browser (a revoked blob of a picked photo fails as a request):
    // a blob: is judged by the origin that made it.
    if (url.protocol === 'data:') return;
    const host = url.protocol === 'blob:' ? new URL(url.pathname).hostname : url.hostname;
    if (!LOOPBACK_HOSTS.has(host)) blocked.push(request.url());
  };
  target.on('requestfailed', record);
  return blocked;
}

/**
 * The CSP violations of every document `context` loads, reloads included (a page variable would be
 * lost at each reload), as `directive blocked-URI`: a test that expects none asserts the list is empty.
 */
export async function reportedViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('__reportViolation', (violation: string) => violations.push(violation));
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportViolation: (violation: string) => Promise<void> }).__reportViolation(
        `${event.effectiveDirective} ${event.blockedURI}`,
      );
    }),
  );
  return violations;
}

/**
 * Turns the HTTP cache of `page` off, so that a page reused from route to route loads each one as
 * cold as a new context would (Playwright has no option for it; a `route()` turns it off too).
 */
export async function disableCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
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
    if (response.status() >= 400 && response.request().resourceType() !== 'document')
      problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}
