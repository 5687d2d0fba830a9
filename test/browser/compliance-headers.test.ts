// The sample site under `brochure preview` with the headers of dist/_headers: every route works with the CSP enforced.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
// Each test opens its own contexts or pages: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { serveSampleSite, type ServedSite } from './helpers/site-server.ts';
import { fakeThirdParties, recordViolations, type ThirdPartyLog } from './helpers/third-parties.ts';

let site: ServedSite;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSampleSite(), connectBrowser()]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await site?.stop();
});

async function routes(): Promise<string[]> {
  const sitemap = await readFile(`${site.out}/sitemap.xml`, 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

interface Visit {
  page: Page;
  log: ThirdPartyLog;
  errors: string[];
  violations: () => Promise<string[]>;
}

/** Opens `path` in a fresh context: external requests blocked, third parties faked, violations and errors recorded. */
async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const log = await fakeThirdParties(context);
  await recordViolations(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium logs the 404 status of the page itself as a console error; that one is expected.
    if (message.type() === 'error' && !(path === '/non-esiste' && message.text().startsWith('Failed to load resource')))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url + path);
  return {
    page,
    log,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
];

describe('headers served by preview', () => {
  it('sends the security headers of dist/_headers on every route, the 404 page included, and no-cache for HTML', async () => {
    const policy = /Content-Security-Policy: (.*)/.exec(await readFile(`${site.out}/_headers`, 'utf8'))?.[1];
    for (const path of [...(await routes()), '/non-esiste']) {
      const response = await fetch(site.url + path);
      expect.soft(response.status, path).toBe(path === '/non-esiste' ? 404 : 200);
      for (const name of SECURITY_HEADERS) expect.soft(response.headers.get(name), `${path} ${name}`).toBeTruthy();
      expect.soft(response.headers.get('content-security-policy'), path).toBe(policy);
      expect.soft(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect.soft(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect.soft(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('adds a year of immutable caching to /static/ files, on top of the security headers', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of new Set(assets)) {
      const response = await fetch(site.url + asset);
      expect.soft(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      for (const name of SECURITY_HEADERS) expect.soft(response.headers.get(name), `${asset} ${name}`).toBeTruthy();
    }
  });

  it('does not serve _headers itself, as the hosts that read it do not', async () => {
    expect((await fetch(`${site.url}/_headers`)).status).toBe(404);
  });
});

describe('every page with the policy enforced', () => {
  it('hydrates its islands with no CSP violation and no console error', async () => {
    // The routes side by side, each in its own context.
    await Promise.all(
      [...(await routes()), '/non-esiste'].map(async (path) => {
        const { page, errors, violations } = await visit(path);
        await page.getByRole('region', { name: 'Consenso ai cookie' }).waitFor();
        expect.soft(await page.locator('html').getAttribute('class'), path).toBe('js');
        await page.getByRole('button', { name: 'Preferenze cookie' }).click();
        expect.soft(await page.getByRole('dialog', { name: 'Preferenze cookie' }).isVisible(), path).toBe(true);
        expect.soft(await violations(), path).toEqual([]);
        expect.soft(errors, path).toEqual([]);
        await page.context().close();
      }),
    );
  });

  it('loads the map and the reviews widget (script, data, image) from the hosts the policy lists', async () => {
    const { page, log, errors, violations } = await visit('/');
    await page.locator('#scrivici').scrollIntoViewIfNeeded();
    await page.locator('#reviews-title').scrollIntoViewIfNeeded();
    await page.getByText('Recensioni di prova').waitFor();
    await page.frameLocator('iframe.contact-block__map').getByText('Mappa di prova').waitFor();
    expect([log.map, log.reviewsScript, log.reviewsData]).toEqual([1, 1, 1]);
    expect(
      await page
        .locator('[class^="elfsight-app-"] img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sends the home form to EmailJS: the request is routed after the CSP check, which allows that origin', async () => {
    const { page, log, errors, violations } = await visit('/');
    const form = page.locator('form.contact-form');
    await form.getByLabel('Nome *', { exact: true }).fill('Anna');
    await form.getByLabel('Cognome *', { exact: true }).fill('Verdi');
    await form.getByLabel('Email *', { exact: true }).fill('anna.verdi@example.com');
    await form.getByLabel('Messaggio *', { exact: true }).fill('Vorrei fissare un primo colloquio.');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Invia' }).click();
    await form.getByText('Messaggio inviato! Ti risponderemo al più presto.').waitFor();
    expect(log.emails).toEqual([
      expect.objectContaining({
        service_id: 'service_sample',
        template_id: 'template_sample',
        user_id: 'sample-public-key',
        template_params: expect.objectContaining({ name: 'Anna', surname: 'Verdi' }),
      }),
    ]);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('what the policy refuses', () => {
  it('blocks an injected inline script and reports the violation', async () => {
    const { page, violations } = await visit('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = 1';
      document.body.append(script);
    });
    await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length > 0);
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    expect(await violations()).toEqual(['script-src-elem inline']);
  });

  // `eval` cannot be tried from here: code Playwright evaluates is exempt from the page's policy.
  it('blocks an injected inline event handler', async () => {
    const { page, violations } = await visit('/');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.setAttribute('onclick', 'window.clicked = 1');
      document.body.append(button);
      button.click();
    });
    await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length > 0);
    expect(await page.evaluate(() => (window as { clicked?: number }).clicked)).toBeUndefined();
    expect(await violations()).toEqual(['script-src-attr inline']);
  });

  it('blocks a script from a host it does not list before any request leaves, routed or not', async () => {
    const { page, violations } = await visit('/');
    let requested = 0;
    await page.route('https://cdn.example.net/**', (route) => {
      requested += 1;
      return route.fulfill({ contentType: 'text/javascript', body: 'window.foreign = 1' });
    });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://cdn.example.net/tracker.js';
      document.head.append(script);
    });
    await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length > 0);
    expect(await page.evaluate(() => (window as { foreign?: number }).foreign)).toBeUndefined();
    expect(requested).toBe(0);
    expect(await violations()).toEqual(['script-src-elem https://cdn.example.net/tracker.js']);
  });
});
