// The built site as hosts serve it: under a sub-path (GitHub Pages project site), and compressed or not.
import { cp, readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProblems } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { editSiteYaml, serveSampleSite, type ServedSite } from './helpers/site-server.ts';
import { asStaticHost } from '../../src/host/headers-file.ts';
import { directoryFiles, serveSite, type RunningServer } from '../../src/serve/server.ts';
import { tempDir } from '../helpers/files.ts';

const BASE = '/studio-pss/';

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Every problem a page load shows: console errors, page errors, failed or 4xx/5xx requests (the document's own 404 aside). */

describe(`the sample site published under ${BASE}`, () => {
  let site: ServedSite;
  let context: BrowserContext;

  beforeAll(async () => {
    site = await serveSampleSite({
      edit: editSiteYaml((yaml) => yaml.replace(/^url: .*$/m, `url: https://example.github.io${BASE}`)),
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await context?.close();
    await site?.stop();
  });

  async function routes(): Promise<string[]> {
    const sitemap = await readFile(`${site.out}/sitemap.xml`, 'utf8');
    return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  }

  it('lists every page under the sub-path in the sitemap', async () => {
    const urls = await routes();
    expect(urls.length).toBeGreaterThanOrEqual(6);
    for (const url of urls) expect(url.startsWith(`https://example.github.io${BASE}`), url).toBe(true);
  });

  it('loads every page (and the 404 page) with no failed request, every link and asset under the sub-path', async () => {
    const paths = [...(await routes()).map((url) => new URL(url).pathname), `${BASE}non-esiste`];
    // The pages side by side, each in its own tab.
    await Promise.all(
      paths.map(async (path) => {
        const page = await context.newPage();
        const url = site.url + path;
        const problems = watchProblems(page, url);
        const response = await page.goto(url, { waitUntil: 'load' });
        expect(response?.status(), path).toBe(path.endsWith('non-esiste') ? 404 : 200);
        const local = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[href], [src], [srcset]')]
            .flatMap((element) => [
              element.getAttribute('href'),
              element.getAttribute('src'),
              ...(element.getAttribute('srcset') ?? '').split(',').map((part) => part.trim().split(' ')[0]),
            ])
            .filter((value): value is string => !!value && value.startsWith('/') && !value.startsWith('//')),
        );
        expect(local.length, path).toBeGreaterThan(5);
        for (const value of local) expect(value.startsWith(BASE), `${path}: ${value}`).toBe(true);
        const canonical = await page.evaluate(() =>
          document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        );
        if (!path.endsWith('non-esiste')) expect(canonical, path).toBe(`https://example.github.io${path}`);
        expect(problems, path).toEqual([]);
        await page.close();
      }),
    );
  });

  it("links the consent banner's privacy notice under the sub-path, and follows it", async () => {
    const page = await context.newPage();
    const problems = watchProblems(page, site.url + BASE);
    // Every request of the home page settled first: leaving it earlier would abort one, and an
    // aborted request counts as a failed one here.
    await page.goto(site.url + BASE, { waitUntil: 'networkidle' });
    const link = page
      .locator('.cookie-banner a, [class*="consent"] a')
      .filter({ hasText: /privacy/i })
      .first();
    expect(await link.getAttribute('href')).toBe(`${BASE}privacy`);
    await page.goto(site.url + (await link.getAttribute('href'))!, { waitUntil: 'load' });
    expect(await page.locator('h1').first().textContent()).toMatch(/privacy/i);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('redirects the sub-path without its slash, and pages outside it are the 404 page', async () => {
    const bare = await fetch(site.url + BASE.slice(0, -1), { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(BASE);
    expect((await fetch(`${site.url}/contatti`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('compression', () => {
  let site: ServedSite;
  const servers: RunningServer[] = [];
  const origins: Record<'br' | 'gzip' | 'identity', string> = { br: '', gzip: '', identity: '' };

  // The same build three times: as built (brotli for Chromium), without the .br files (gzip), and
  // without either (identity). Chromium sets Accept-Encoding itself, so the server decides instead:
  // it is told what the browser accepts, or it would compress what has no sibling, as hosts do.
  beforeAll(async () => {
    site = await serveSampleSite();
    origins.br = site.url;
    for (const [encoding, drop] of [
      ['gzip', /\.br$/],
      ['identity', /\.(br|gz)$/],
    ] as const) {
      const dir = await tempDir(`brochure-${encoding}-`);
      await cp(site.out, dir, { recursive: true, filter: (file) => !drop.test(file) });
      const accepts = (req: IncomingMessage) => {
        req.headers['accept-encoding'] = encoding;
        return false;
      };
      const server = await serveSite({ ...(await asStaticHost(directoryFiles(dir))), port: 0, handle: accepts });
      servers.push(server);
      origins[encoding] = server.url;
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await site?.stop();
  });

  /** The page as the browser ends up with it (after hydration), and the encoding of each response. */
  async function load(origin: string, path: string): Promise<{ html: string; encodings: Map<string, string> }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      if (response.url().startsWith(origin))
        encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    await context.close();
    return { html, encodings };
  }

  it('gives the same page whether the HTML, CSS and script come as brotli, gzip or uncompressed', async () => {
    // The three paths side by side, each in three contexts of its own.
    await Promise.all(
      ['/', '/percorsi', '/contatti'].map(async (path) => {
        const [brotli, gzip, plain] = await Promise.all([
          load(origins.br, path),
          load(origins.gzip, path),
          load(origins.identity, path),
        ]);
        const textFiles = (loaded: typeof plain) =>
          [...loaded.encodings].filter(([file]) => !/\.(avif|webp|jpg|png|ico)$/.test(file));
        expect(
          textFiles(brotli).filter(([, encoding]) => encoding !== 'br'),
          path,
        ).toEqual([]);
        expect(
          textFiles(gzip).filter(([, encoding]) => encoding !== 'gzip'),
          path,
        ).toEqual([]);
        expect(
          [...plain.encodings].filter(([, encoding]) => encoding !== 'identity'),
          path,
        ).toEqual([]);
        expect(textFiles(brotli).length, path).toBeGreaterThanOrEqual(3);
        expect(gzip.html, path).toBe(plain.html);
        expect(brotli.html, path).toBe(plain.html);
      }),
    );
  });
});
