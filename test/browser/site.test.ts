// Every route of the built sample site in Chromium: loads cleanly, first-party requests succeed, axe finds nothing.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
// Each test opens its own contexts or pages: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { watchProblems } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { serveSampleSite, type ServedSite } from './helpers/site-server.ts';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSampleSite(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Opens `path` and collects console errors, page errors and failed loopback requests. */
async function visit(
  path: string,
  width = 1280,
): Promise<{ page: Page; problems: string[]; status: number | undefined }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // Chromium logs the 404 status of the page itself as a console error; that one is expected.
  const problems = watchProblems(page, site.url + path);
  const response = await page.goto(site.url + path, { waitUntil: 'load' });
  return { page, problems, status: response?.status() };
}

async function routes(): Promise<string[]> {
  const sitemap = await readFile(`${site.out}/sitemap.xml`, 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

describe('every route of the sample site', () => {
  it('lists the home, contacts, services, privacy and both profile pages in the sitemap', async () => {
    expect(await routes()).toEqual([
      '/',
      '/contatti',
      '/percorsi',
      '/privacy',
      '/giulia-marchetti',
      '/chiara-de-santis',
    ]);
  });

  it('loads each route with status 200, no console error and no failed first-party request', async () => {
    // The routes side by side, each in its own page.
    await Promise.all(
      (await routes()).map(async (path) => {
        const { page, problems, status } = await visit(path);
        expect.soft(status, path).toBe(200);
        expect.soft(problems, path).toEqual([]);
        expect.soft(await page.locator('h1').count(), path).toBe(1);
        await page.close();
      }),
    );
  });

  it('answers any other path with status 404, the shared layout and an empty main', async () => {
    const { page, problems, status } = await visit('/non-esiste');
    expect(status).toBe(404);
    expect(problems).toEqual([]);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect((await page.locator('main').innerHTML()).trim()).toBe('');
    await page.close();
  });

  it('has no axe violations (WCAG 2.2 AA) on any route, with the cookie banner showing', async () => {
    // One page that goes from route to route (a new page per route cost about 0.1 s of CPU more).
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Served from the site's own origin: preview sends the real CSP, which refuses inline scripts.
    // The route also keeps the HTTP cache off, so each route loads as in a page of its own.
    await page.route(`${site.url}/axe.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', path: axeSource }),
    );
    for (const path of [...(await routes()), '/non-esiste']) {
      await page.goto(site.url + path, { waitUntil: 'load' });
      // Colour transitions (a button enabled on hydration) must settle before contrast is measured.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await page.addScriptTag({ url: '/axe.js' });
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: {
              run(context: Document, options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }>;
            };
          }
        ).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
        });
        return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
      });
      expect.soft(violations, path).toEqual([]);
    }
    await page.close();
  });
});
