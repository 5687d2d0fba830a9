// The privacy options in Chromium, each in both states: third-party embeds behind marketing consent, and consent expiry.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { presetLocalStorage } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { bundleEntry } from './helpers/bundle.ts';
import type { ProbeReport } from './helpers/probe.ts';
import { editSiteYaml, serveSampleSite, type ServedSite } from './helpers/site-server.ts';
import { fakeThirdParties, recordViolations, type ThirdPartyLog } from './helpers/third-parties.ts';
import { requestsSettled, settled } from './helpers/settle.ts';

const KEY = 'pss-consent-v1';
const DAY_MS = 86_400_000;

/** The sample as shipped (both options at their defaults), and with both options set. */
let plain: ServedSite;
let gated: ServedSite;
let browser: Browser;
let probe: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const gate = (yaml: string) => {
    if (!yaml.includes('thirdPartyNeedsConsent: false'))
      throw new Error('the sample site.yaml no longer sets thirdPartyNeedsConsent: false');
    return `${yaml.replace('thirdPartyNeedsConsent: false', 'thirdPartyNeedsConsent: true')}\nconsent:\n  maxAgeDays: 180\n`;
  };
  [plain, gated, browser, probe] = await Promise.all([
    serveSampleSite(),
    serveSampleSite({ edit: editSiteYaml(gate) }),
    connectBrowser(),
    bundleEntry('test/browser/helpers/probe.ts'),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await Promise.all([plain?.stop(), gated?.stop()]);
});

/** A consent record as the banner writes it, dated `daysAgo` days back. */
function record(marketing: boolean, daysAgo = 1, analytics = marketing): string {
  return JSON.stringify({
    date: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    consent: { necessary: true, analytics, marketing },
  });
}

interface Opened {
  page: Page;
  log: ThirdPartyLog;
  errors: string[];
}

/** Opens the home page of `site` with third parties faked; `stored` is put in localStorage before any script runs. */
async function open(site: ServedSite, stored?: string, viewport = { width: 1280, height: 900 }): Promise<Opened> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const log = await fakeThirdParties(context);
  await recordViolations(context);
  if (stored !== undefined) await presetLocalStorage(context, KEY, stored);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.url}/`);
  // Every island has run its first effect once the consent banner has made up its mind.
  await page.waitForFunction(() => document.documentElement.classList.contains('js'));
  await settled(page);
  return { page, log, errors };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Consenso ai cookie' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Preferenze cookie' });
const mapFrame = (page: Page) => page.locator('iframe.contact-block__map');
const placeholders = (page: Page) => page.locator('.consent-placeholder');
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Scrolls through the whole page, so anything lazy would have been requested. */
async function scrollThrough(page: Page): Promise<void> {
  for (const selector of ['#reviews-title', '#scrivici', 'footer']) {
    await page.locator(selector).scrollIntoViewIfNeeded();
    await requestsSettled(page);
  }
}

/** Both embeds are in the page and have been requested from their (faked) hosts. */
async function expectLoaded(page: Page, log: ThirdPartyLog): Promise<void> {
  await page.locator('#reviews-title').scrollIntoViewIfNeeded();
  await page.getByText('Recensioni di prova').waitFor();
  await page.locator('#scrivici').scrollIntoViewIfNeeded();
  await page.frameLocator('iframe.contact-block__map').getByText('Mappa di prova').waitFor();
  expect(await placeholders(page).count()).toBe(0);
  expect([log.map, log.reviewsScript]).toEqual([1, 1]);
}

/** Neither embed was requested, and both placeholders stand in their place. */
async function expectWaiting(page: Page, log: ThirdPartyLog): Promise<void> {
  await scrollThrough(page);
  expect(await placeholders(page).count()).toBe(2);
  expect(await mapFrame(page).count()).toBe(0);
  expect(await page.locator('script[src*="elfsight"]').count()).toBe(0);
  expect([log.map, log.reviewsScript, log.reviewsData]).toEqual([0, 0, 0]);
}

describe('privacy.thirdPartyNeedsConsent: false (the default, as site-spec.md has it)', () => {
  it('renders the map frame in the HTML and loads both embeds before any choice, with no placeholder', async () => {
    const html = await (await fetch(`${plain.url}/`)).text();
    expect(html).toMatch(
      /<iframe class="contact-block__map"[^>]* src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html/,
    );
    expect(html).not.toContain('consent-placeholder');
    expect(html).not.toContain('data-island="MapEmbed"');
    const { page, log, errors } = await open(plain);
    expect(await banner(page).isVisible()).toBe(true);
    await expectLoaded(page, log);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('privacy.thirdPartyNeedsConsent: true', () => {
  it('hydrates the placeholders without touching the server HTML', async () => {
    const page = await browser.newPage();
    await page.route('**/static/js/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: probe }));
    await page.goto(`${gated.url}/`);
    await page.waitForFunction(() => window.__probe !== undefined);
    const report = (await page.evaluate(() => window.__probe)) as ProbeReport;
    expect(report.mutations).toEqual([]);
    expect(report.differences).toMatchObject({ MapEmbed: null, ReviewsLoader: null });
    await page.close();
  });

  it('requests neither embed before marketing consent, and explains in Italian what loading each implies', async () => {
    const { page, log, errors } = await open(gated);
    await expectWaiting(page, log);
    const [map, reviews] = [placeholders(page).nth(1), placeholders(page).nth(0)];
    expect(await reviews.locator('p').textContent()).toBe(
      'Le recensioni sono fornite da un servizio esterno: per mostrarle il tuo browser si collega ai server di static.elfsight.com, che ricevono il tuo indirizzo IP e possono usare cookie o strumenti analoghi anche per finalità proprie. Il contenuto si carica da solo se accetti i cookie di marketing.',
    );
    expect(await map.locator('p').textContent()).toBe(
      'La mappa è fornita da un servizio esterno: per mostrarla il tuo browser si collega ai server di www.openstreetmap.org, che ricevono il tuo indirizzo IP e possono usare cookie o strumenti analoghi anche per finalità proprie. Il contenuto si carica da solo se accetti i cookie di marketing.',
    );
    expect(await reviews.getByRole('button').allTextContents()).toEqual([
      'Carica le recensioni',
      'Modifica le preferenze sui cookie',
    ]);
    expect(await map.getByRole('button').allTextContents()).toEqual([
      'Carica la mappa',
      'Modifica le preferenze sui cookie',
    ]);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("'Carica la mappa' loads the map for this page view only, storing no consent", async () => {
    const { page, log } = await open(gated);
    await page.getByRole('button', { name: 'Carica la mappa' }).click();
    await page.frameLocator('iframe.contact-block__map').getByText('Mappa di prova').waitFor();
    expect(log.map).toBe(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    expect(await banner(page).isVisible()).toBe(true);
    // The reviews still wait.
    expect(await placeholders(page).count()).toBe(1);
    expect(log.reviewsScript).toBe(0);
    await page.reload();
    await scrollThrough(page);
    expect(await placeholders(page).count()).toBe(2);
    expect([log.map, log.reviewsScript]).toEqual([1, 0]);
  });

  it("'Carica le recensioni' loads the widget script once", async () => {
    const { page, log } = await open(gated);
    await page.getByRole('button', { name: 'Carica le recensioni' }).click();
    await page.getByText('Recensioni di prova').waitFor();
    await scrollThrough(page);
    expect([log.reviewsScript, log.map]).toEqual([1, 0]);
  });

  it("'Modifica le preferenze sui cookie' opens the preferences dialog", async () => {
    const { page } = await open(gated);
    await placeholders(page).nth(1).getByRole('button', { name: 'Modifica le preferenze sui cookie' }).click();
    expect(await dialog(page).isVisible()).toBe(true);
  });

  it("'Accetta tutti' in the banner loads both at once, without reloading the page", async () => {
    const { page, log, errors } = await open(gated);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.locator('#reviews-title').scrollIntoViewIfNeeded();
    await banner(page).getByRole('button', { name: 'Accetta tutti' }).click();
    await expectLoaded(page, log);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Marketing ticked in the dialog and saved loads both', async () => {
    const { page, log } = await open(gated);
    await banner(page).getByRole('button', { name: 'Personalizza' }).click();
    await dialog(page).getByRole('checkbox', { name: 'Marketing' }).check();
    await dialog(page).getByRole('button', { name: 'Salva preferenze' }).click();
    await expectLoaded(page, log);
  });

  it("'Accetta tutti' from the footer's 'Preferenze cookie', after an earlier refusal, loads both", async () => {
    const { page, log } = await open(gated, record(false));
    expect(await banner(page).count()).toBe(0);
    await expectWaiting(page, log);
    await page.getByRole('button', { name: 'Preferenze cookie', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Accetta tutti' }).click();
    await expectLoaded(page, log);
  });

  it('analytics consent alone is not enough', async () => {
    const { page, log } = await open(gated);
    await banner(page).getByRole('button', { name: 'Personalizza' }).click();
    await dialog(page).getByRole('checkbox', { name: 'Analitici' }).check();
    await dialog(page).getByRole('button', { name: 'Salva preferenze' }).click();
    await expectWaiting(page, log);
  });

  it('a stored marketing consent loads both on arrival', async () => {
    const { page, log } = await open(gated, record(true));
    expect(await banner(page).count()).toBe(0);
    await expectLoaded(page, log);
  });

  it('withdrawing consent keeps what this page loaded and stops loading from the next page view', async () => {
    const { page, log } = await open(gated, record(true, 0));
    await expectLoaded(page, log);
    await page.context().clearCookies();
    // The init script would put the old record back on reload: from here on, only the page writes storage.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('button', { name: 'Preferenze cookie', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Rifiuta tutti' }).click();
    expect(await mapFrame(page).count()).toBe(1);
    expect(await placeholders(page).count()).toBe(0);
    const withdrawn = await page.evaluate((key) => localStorage.getItem(key), KEY);
    expect(JSON.parse(withdrawn ?? '{}').consent).toEqual({ necessary: true, analytics: false, marketing: false });

    const next = await open(gated, withdrawn ?? undefined);
    await expectWaiting(next.page, next.log);
  });
});

describe('consent.maxAgeDays', () => {
  it('unset (the default): a choice made years ago still counts', async () => {
    const { page } = await open(plain, record(false, 1000));
    expect(await banner(page).count()).toBe(0);
  });

  it('180: a choice 100 days old counts; no banner, and its marketing consent loads the embeds', async () => {
    const { page, log } = await open(gated, record(true, 100));
    expect(await banner(page).count()).toBe(0);
    await expectLoaded(page, log);
  });

  it('180: a choice 200 days old counts as none; the banner asks again and the embeds wait', async () => {
    const { page, log } = await open(gated, record(true, 200));
    expect(await banner(page).isVisible()).toBe(true);
    await expectWaiting(page, log);
    // The dialog starts from no consent, not from the expired record.
    await page.getByRole('button', { name: 'Preferenze cookie', exact: true }).click();
    expect(await dialog(page).getByRole('checkbox', { name: 'Marketing' }).isChecked()).toBe(false);
  });
});

describe("the banner's choices", () => {
  const PROPERTIES = [
    'font-size',
    'font-family',
    'font-weight',
    'line-height',
    'letter-spacing',
    'text-transform',
    'padding-top',
    'padding-right',
    'padding-bottom',
    'padding-left',
    'border-top-width',
    'border-top-style',
    'border-top-color',
    'border-radius',
    'background-color',
    'color',
    'box-shadow',
    'text-decoration-line',
  ];

  /** The computed styles and box size of a button. */
  const styleOf = (scope: ReturnType<typeof banner>, name: string) =>
    scope.getByRole('button', { name, exact: true }).evaluate((element, properties) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return {
        ...Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)])),
        width: Math.round(box.width),
        height: Math.round(box.height),
      };
    }, PROPERTIES);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 667 },
  ]) {
    it(`'Accetta tutti' and 'Rifiuta tutti' carry equal visual weight in the banner and the dialog at ${viewport.width}px`, async () => {
      const { page } = await open(plain, undefined, viewport);
      const [accept, reject] = [
        await styleOf(banner(page), 'Accetta tutti'),
        await styleOf(banner(page), 'Rifiuta tutti'),
      ];
      expect(accept).toEqual(reject);
      await banner(page).getByRole('button', { name: 'Personalizza' }).click();
      expect(await styleOf(dialog(page), 'Accetta tutti')).toEqual(await styleOf(dialog(page), 'Rifiuta tutti'));
    });

    it(`the banner is not modal and leaves most of the page readable at ${viewport.width}px`, async () => {
      const { page } = await open(plain, undefined, viewport);
      const box = await banner(page).boundingBox();
      expect(box?.height).toBeLessThan(viewport.height / 2);
      expect(await page.evaluate(() => document.querySelector('dialog')?.open ?? false)).toBe(false);
      // The page scrolls and its links stay reachable behind the banner.
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() => scrollY > 0);
      const link = page.locator('main a').first();
      await link.focus();
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    });
  }
});
