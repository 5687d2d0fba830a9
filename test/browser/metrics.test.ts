// Performance metrics (spec §7): with site.yaml `metrics.endpoint` the chunk loads only after analytics consent and
// sends one beacon when the page is hidden; a chunk that fails or times out is logged and the page keeps working.
// Without the setting (the sample as shipped) no chunk and no metrics request ever happen.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '../../src/browser/load-chunk.ts';
import { presetLocalStorage } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { editSiteYaml, serveSampleSite, type ServedSite } from './helpers/site-server.ts';
import { fakeThirdParties, recordViolations } from './helpers/third-parties.ts';
import { requestsSettled } from './helpers/settle.ts';

const KEY = 'pss-consent-v1';
const ENDPOINT = 'https://metrics.example.com/v1';
const CHUNK = /\/static\/js\/chunk\.[0-9A-Z]+\.js$/;

let plain: ServedSite;
let measured: ServedSite;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // With a consent expiry too, so a stale analytics choice can be shown not to count.
  const addMetrics = (yaml: string) => `${yaml}\nmetrics:\n  endpoint: ${ENDPOINT}\nconsent:\n  maxAgeDays: 180\n`;
  [plain, measured, browser] = await Promise.all([
    serveSampleSite(),
    serveSampleSite({ edit: editSiteYaml(addMetrics) }),
    connectBrowser(),
  ]);
});

afterAll(async () => {
  // A chunk still waiting to report would send its beacon as the page closes, past Playwright's routes
  // (see hide()): have every page report now, while the endpoint is still answered locally.
  const pages = contexts.flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page) => page.evaluate(() => dispatchEvent(new Event('pagehide'))).catch(() => undefined)),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await Promise.all([plain?.stop(), measured?.stop()]);
});

/** A consent record as the banner writes it, made `daysAgo` days back. */
function record(analytics: boolean, marketing = analytics, daysAgo = 1): string {
  return JSON.stringify({
    date: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    consent: { necessary: true, analytics, marketing },
  });
}

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Every chunk URL the page asked for. */
  chunks: string[];
  /** The bodies posted to the metrics endpoint (answered locally, never sent). */
  beacons: string[];
  errors: string[];
}

interface OpenOptions {
  /** Put in localStorage before any script runs. */
  stored?: string;
  /** Fake timers from before the first script (Playwright's clock), for the 120 s time-out, whose start `chunkTimerSetAt` then reads. */
  clock?: boolean;
  /** What to do with the chunk request instead of serving it. */
  chunk?: 'abort' | 'hang';
}

/** Opens `path` of `site` with every external host blocked and the third parties and the metrics endpoint faked. */
async function open(site: ServedSite, path = '/', { stored, clock, chunk }: OpenOptions = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await fakeThirdParties(context);
  await recordViolations(context);
  const beacons: string[] = [];
  await context.route(`${ENDPOINT}**`, (route) => {
    const body = route.request().postData() ?? '';
    beacons.push(body);
    return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
  });
  if (chunk === 'abort') await context.route(CHUNK, (route) => route.abort('failed'));
  // Never answered: the import stays pending until the time-out gives up on it.
  if (chunk === 'hang') await context.route(CHUNK, () => undefined);
  if (stored !== undefined) await presetLocalStorage(context, KEY, stored);
  const page = await context.newPage();
  if (clock) {
    await page.clock.install();
    // After the clock's own script, so this wraps its setTimeout: the chunk time-out's start, on the page's clock.
    await page.addInitScript((timeout) => {
      const set = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
        if (delay === timeout) (window as unknown as { chunkTimerSetAt: number }).chunkTimerSetAt = Date.now();
        return set(handler, delay, ...rest);
      }) as typeof window.setTimeout;
    }, CHUNK_TIMEOUT_MS);
  }
  const chunks: string[] = [];
  page.on('request', (request: Request) => {
    if (!CHUNK.test(new URL(request.url()).pathname)) return;
    chunks.push(request.url());
  });
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url + path);
  await page.waitForFunction(() => document.documentElement.classList.contains('js'));
  await requestsSettled(page);
  return { page, context, chunks, beacons, errors };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Consenso ai cookie' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Preferenze cookie' });
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/**
 * What the browser does when the visitor switches tab or minimises: the page becomes hidden. Tests fire
 * this (or pagehide) rather than navigate or close: Playwright's routes do not see a beacon sent while
 * the page unloads, so it would leave loopback. Every test whose chunk loaded has sent its one beacon
 * here before the context closes.
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** A page every island of which has been hydrated: the footer's 'Preferenze cookie' opens the dialog. */
async function expectIslandsWork(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Preferenze cookie', exact: true }).click();
  expect(await dialog(page).isVisible()).toBe(true);
  await dialog(page).getByRole('button', { name: 'Chiudi' }).click();
}

/**
 * How long a wait for the page may last before the test fails: counted from when the test starts
 * waiting (a timer started with the page counted the test's own steps too, which a busy machine slows).
 */
const PATIENT = { timeout: 30_000 };

/** Waits until the page has asked for a chunk. */
async function chunkRequested(opened: Opened): Promise<void> {
  await expect.poll(() => opened.chunks.length, PATIENT).toBe(1);
}

/** The first beacon's body, parsed, once one has reached the metrics endpoint. */
async function firstBeacon(opened: Opened): Promise<Record<string, unknown>> {
  await expect
    .poll(() => opened.beacons.length, { ...PATIENT, message: 'no beacon reached the metrics endpoint' })
    .toBeGreaterThan(0);
  return JSON.parse(opened.beacons[0]!) as Record<string, unknown>;
}

/** Waits until the chunk has arrived and had time to run (it listens for the page being hidden from then on). */
async function chunkRunning(opened: Opened): Promise<void> {
  await chunkRequested(opened);
  await opened.page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/static\/js\/chunk\./.test(entry.name)),
  );
  await requestsSettled(opened.page);
}

describe('metrics unset (the sample as shipped)', () => {
  it('marks no page, requests no chunk and sends nothing, whatever the visitor allows', async () => {
    for (const path of ['/', '/percorsi', '/contatti']) {
      expect(await (await fetch(plain.url + path)).text()).not.toContain('data-metrics-endpoint');
    }
    const opened = await open(plain);
    await banner(opened.page).getByRole('button', { name: 'Accetta tutti' }).click();
    await opened.page.reload();
    await requestsSettled(opened.page);
    await hide(opened.page);
    await opened.page.evaluate(() => dispatchEvent(new Event('pagehide')));
    await requestsSettled(opened.page);
    expect(opened.chunks).toEqual([]);
    expect(opened.beacons).toEqual([]);
    expect(opened.errors).toEqual([]);
  });
});

describe('metrics.endpoint set', () => {
  it('marks every page with the endpoint', async () => {
    for (const path of ['/', '/percorsi', '/contatti', '/privacy', '/giulia-marchetti', '/non-esiste']) {
      expect(await (await fetch(measured.url + path)).text(), path).toMatch(
        new RegExp(`<body [^>]*data-metrics-endpoint="${ENDPOINT}"`),
      );
    }
  });

  it('requests no chunk before any choice, nor after refusing or allowing only marketing', async () => {
    const undecided = await open(measured);
    expect(await banner(undecided.page).isVisible()).toBe(true);
    await hide(undecided.page);
    await banner(undecided.page).getByRole('button', { name: 'Rifiuta tutti' }).click();
    await requestsSettled(undecided.page);
    expect(undecided.chunks).toEqual([]);

    const marketingOnly = await open(measured, '/', { stored: record(false, true) });
    await hide(marketingOnly.page);
    await requestsSettled(marketingOnly.page);
    expect([...undecided.beacons, ...marketingOnly.chunks, ...marketingOnly.beacons]).toEqual([]);
    expect([...undecided.errors, ...marketingOnly.errors]).toEqual([]);
  });

  it('counts an analytics consent older than consent.maxAgeDays as none: no chunk until the banner is answered again', async () => {
    const stale = await open(measured, '/', { stored: record(true, true, 181) });
    expect(await banner(stale.page).isVisible()).toBe(true);
    await requestsSettled(stale.page);
    expect(stale.chunks).toEqual([]);
    await banner(stale.page).getByRole('button', { name: 'Accetta tutti' }).click();
    await chunkRunning(stale);
    // Sent here, so no beacon is left to go out when the context closes.
    await hide(stale.page);
    expect(await firstBeacon(stale)).toMatchObject({ path: '/' });
  });

  it("loads the chunk once 'Accetta tutti' is pressed, without a reload, and beacons the metrics when the page is hidden", async () => {
    const opened = await open(measured);
    await opened.page.evaluate(() => Object.assign(window, { samePage: true }));
    expect(opened.chunks).toEqual([]);
    await banner(opened.page).getByRole('button', { name: 'Accetta tutti' }).click();
    await chunkRunning(opened);
    expect(await opened.page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await requestsSettled(opened.page);

    await hide(opened.page);
    const report = await firstBeacon(opened);
    expect(report).toMatchObject({
      path: '/',
      ttfb: expect.any(Number),
      fcp: expect.any(Number),
      lcp: expect.any(Number),
    });
    expect(Object.keys(report).every((key) => ['path', 'ttfb', 'fcp', 'lcp', 'cls', 'inp'].includes(key))).toBe(true);
    // One beacon per page view, however often it is hidden.
    await hide(opened.page);
    await opened.page.evaluate(() => dispatchEvent(new Event('pagehide')));
    await requestsSettled(opened.page);
    expect(opened.beacons).toHaveLength(1);
    expect(opened.chunks).toHaveLength(1);
    // The beacon is allowed by the page's own policy (connect-src lists the endpoint's origin).
    expect(await violations(opened.page)).toEqual([]);
    expect(opened.errors).toEqual([]);
  });

  it('with analytics consent stored, loads the chunk on arrival and beacons on pagehide with the page path, after an interaction', async () => {
    const opened = await open(measured, '/percorsi', { stored: record(true) });
    await chunkRunning(opened);
    // An interaction for INP: open the first service of the accordion.
    await opened.page.locator('.accordion__button').first().click();
    // The browser measures an interaction after the next paint: hide the page once it has.
    await opened.page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    await requestsSettled(opened.page);
    await opened.page.evaluate(() => dispatchEvent(new Event('pagehide')));
    const report = await firstBeacon(opened);
    expect(report).toMatchObject({
      path: '/percorsi',
      ttfb: expect.any(Number),
      fcp: expect.any(Number),
      inp: expect.any(Number),
    });
    expect(opened.errors).toEqual([]);
  });

  it("logs 'Loading chunk failed' once when the chunk cannot be fetched, and the islands still work", async () => {
    const opened = await open(measured, '/', { stored: record(true), chunk: 'abort' });
    await chunkRequested(opened);
    await expect.poll(() => opened.errors.filter((error) => error.includes('Loading chunk failed')).length).toBe(1);
    await expectIslandsWork(opened.page);
    await hide(opened.page);
    await requestsSettled(opened.page);
    expect(opened.beacons).toEqual([]);
    // The only errors: the browser's own note about the failed request, and ours.
    expect(opened.errors.filter((error) => !/Loading chunk failed|Failed to load resource/.test(error))).toEqual([]);
  });

  it("gives up on a chunk that does not arrive after 120 seconds with 'Loading chunk failed', and the islands still work", async () => {
    const opened = await open(measured, '/', { stored: record(true), clock: true, chunk: 'hang' });
    await chunkRequested(opened);
    // The page's clock runs with real time until paused; paused 1 s short of the time-out, measured on
    // that clock from when the time-out was set, the test does not depend on how long the machine took.
    const setAt = await opened.page.evaluate(() => (window as unknown as { chunkTimerSetAt?: number }).chunkTimerSetAt);
    if (setAt === undefined) throw new Error('the page set no chunk time-out');
    await opened.page.clock.pauseAt(setAt + CHUNK_TIMEOUT_MS - 1_000);
    expect(opened.errors).toEqual([]);
    await opened.page.clock.runFor(1_000);
    await expect.poll(() => opened.errors).toEqual([expect.stringContaining('Loading chunk failed')]);
    await expectIslandsWork(opened.page);
  });
});
