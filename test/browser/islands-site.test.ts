// Every island on every page of the built sample site hydrates without touching the server HTML.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from './helpers/shared-browser.ts';
import { bundleEntry } from './helpers/bundle.ts';
import type { ProbeReport } from './helpers/probe.ts';
import { serveSampleSite, type ServedSite } from './helpers/site-server.ts';

let site: ServedSite;
let browser: Browser;
let probe: string;

beforeAll(async () => {
  [site, browser, probe] = await Promise.all([
    serveSampleSite(),
    connectBrowser(),
    bundleEntry('test/browser/helpers/probe.ts'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('islands in the built site', () => {
  it('hydrate on every route with no DOM mutation and a client render equal to the server HTML', async () => {
    const sitemap = await readFile(`${site.out}/sitemap.xml`, 'utf8');
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(paths.length).toBeGreaterThan(4);
    // One page that goes from route to route: each load is a new document with a new probe, and a
    // new page per route cost about 0.1 s of CPU more (Playwright's set-up of a page, a new frame).
    const page = await browser.newPage();
    // The page's own bundle is swapped for the probe, which hydrates the same markers and reports.
    await page.route('**/static/js/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: probe }));
    for (const path of [...paths, '/non-esiste']) {
      await page.goto(site.url + path);
      await page.waitForFunction(() => window.__probe !== undefined);
      const report = (await page.evaluate(() => window.__probe)) as ProbeReport;
      expect.soft(report.mutations, path).toEqual([]);
      expect.soft(Object.values(report.differences).filter(Boolean), path).toEqual([]);
      expect.soft(Object.keys(report.differences).length, path).toBeGreaterThanOrEqual(2);
    }
    await page.close();
  });
});
