// Getting into the online editor and seeing what became of a publication, at a computer's width and a phone's: the sign-in page offers only the way site.yaml names (GitHub's OAuth through Sveltia's worker, or an access token), local editing only under `watch --edit`, and the line at the foot shows what the host reported on `main` (building, live, failed).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOAuthClient, type FakeOAuthClient } from '../helpers/fake-github/oauth.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github/server.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { startGitHostedSite, type GitHostedSite } from '../helpers/git-hosted-site.ts';
import { copySampleContent, startWatch } from '../helpers/watch-process.ts';
import { blockedRequests, reportedViolations } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';

const LIMIT_MS = 60_000;
const screenshots = path.join(ROOT, 'screenshots', 'cms-signin');
const REPO = 'studio-pss/sito';
const TOKEN = 'github_pat_prova';
const USER = { id: 4101, login: 'giulia-marchetti', name: 'Giulia Marchetti', email: 'giulia@example.com' };
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The sign-in buttons the page shows, by name (without the isolation marks Sveltia's messages put around a value), once it shows one. */
async function signInWays(page: Page): Promise<string[]> {
  const buttons = page.getByRole('button', { name: /^(Lavora con|Accedi con)/ }).filter({ visible: true });
  await buttons.first().waitFor();
  return (await buttons.allTextContents()).map((text) => text.replace(/[\u2068\u2069]/g, '').trim());
}

/** Waits for the collections, which both widths list once she is in. */
const signedIn = (page: Page) => page.getByText('Professionisti', { exact: true }).first().waitFor();

/** The sample site on a fake GitHub with `cmsLines` under `cms:` in site.yaml, and a browser context per width. */
function hostedEditor(cmsLines: () => string) {
  const parts = {} as { site: GitHostedSite; github: FakeGitHub; contexts: BrowserContext[]; problems: string[] };
  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    parts.site = await startGitHostedSite(REPO, cmsLines());
    parts.github = await startFakeGitHub({
      gitDir: parts.site.gitDir,
      owner: 'studio-pss',
      name: 'sito',
      user: USER,
      token: TOKEN,
      site: parts.site.url,
    });
    const browser = await connectBrowser();
    parts.contexts = [];
    parts.problems = [];
    for (const viewport of WIDTHS) {
      const context = await browser.newContext({ viewport, locale: 'it-IT' });
      context.setDefaultTimeout(LIMIT_MS);
      const blocked = blockedRequests(context);
      const violations = await reportedViolations(context);
      context.on('page', (page) => page.on('pageerror', (error) => parts.problems.push(error.message)));
      parts.contexts.push(context);
      afterAllChecks.push(() => [...blocked, ...violations]);
    }
  }, 180_000);
  const afterAllChecks: (() => string[])[] = [];
  afterAll(async () => {
    expect(afterAllChecks.flatMap((check) => check())).toEqual([]);
    expect(parts.problems).toEqual([]);
    expect(parts.github?.state.unhandled).toEqual([]);
    for (const context of parts.contexts ?? []) await context.close();
    await parts.github?.stop();
    await parts.site?.stop();
  });
  return parts;
}

describe('signing in with GitHub through the OAuth client site.yaml names', { timeout: 240_000 }, () => {
  let oauth: FakeOAuthClient;
  beforeAll(async () => {
    oauth = await startFakeOAuthClient(TOKEN);
  });
  afterAll(() => oauth?.stop());
  const parts = hostedEditor(() => `  signIn: oauth\n  authUrl: ${oauth.url}\n`);

  it.each(WIDTHS.map((viewport, index) => ({ ...viewport, index })))(
    'at $width px: «Accedi con GitHub» alone, then the site from GitHub, and the state of the last publication',
    async ({ width, index }) => {
      const { github, contexts } = parts;
      const page = await contexts[index]!.newPage();
      await page.goto(`${github.url}/admin`);
      expect(await signInWays(page)).toEqual(['Accedi con GitHub']);
      await page.screenshot({ path: path.join(screenshots, `oauth-${width}.png`) });
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: /^Accedi con .?GitHub/ }).click();

      await signedIn(page);
      // Sveltia closes the worker's pop-up once it has handed over the token.
      expect((await popup).isClosed()).toBe(true);
      expect(Object.fromEntries(oauth.requests.at(-1)!)).toEqual({
        provider: 'github',
        site_id: '127.0.0.1',
        scope: 'repo,user',
      });

      // What the host reports on main's last commit, as her line says it; GitHub's API answers at the
      // same address the editor's backend uses.
      const main = await parts.site.git('rev-parse', 'main');
      // Each width starts from a commit the host has said nothing of yet.
      github.state.statuses.clear();
      github.state.checkRuns.clear();
      const report = (route: string, body: object) =>
        fetch(`${github.url}/api/v3/repos/${REPO}/${route}`, {
          method: 'POST',
          headers: { Authorization: `token ${TOKEN}` },
          body: JSON.stringify(body),
        });
      const line = page.locator('#publication');
      const shown = async (text: RegExp, name: string) => {
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        await expect.poll(() => line.textContent(), { timeout: LIMIT_MS }).toMatch(text);
        await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`) });
      };
      const context = `deploy-${width}`;
      await report(`statuses/${main}`, { state: 'pending', context, description: 'Build in corso' });
      await shown(/si sta aggiornando/, 'building');
      await report(`statuses/${main}`, { state: 'success', context, target_url: 'https://studio.example/log' });
      await shown(/è aggiornato/, 'live');
      expect(await line.getByRole('link', { name: 'Apri il sito' }).getAttribute('href')).toBe(
        'https://studio-pss.example.com',
      );
      const message = 'content/services/02-sessuologia.md:3: duration: serve un numero';
      await report('check-runs', {
        name: `build-${width}`,
        head_sha: main,
        status: 'completed',
        conclusion: 'failure',
        output: { title: message },
      });
      await shown(/non è andata online: il sito mostra ancora la versione precedente/, 'failed');
      expect(await line.textContent()).toContain(`«${message}»`);
      expect(await line.getByRole('link', { name: 'Dettagli' }).getAttribute('href')).toMatch(/\/runs\/\d+$/);
      // Her line leaves Sveltia's own controls reachable.
      const box = (await line.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.close();
    },
  );
});

describe('signing in with an access token, the way site.yaml names', { timeout: 240_000 }, () => {
  const parts = hostedEditor(() => '  signIn: token\n');

  it.each(WIDTHS.map((viewport, index) => ({ ...viewport, index })))(
    'at $width px: «Accedi con Token di Accesso» alone, then the site from GitHub; no report, no line',
    async ({ width, index }) => {
      const page = await parts.contexts[index]!.newPage();
      await page.goto(`${parts.github.url}/admin`);
      expect(await signInWays(page)).toEqual(['Accedi con Token di Accesso']);
      await page.getByRole('button', { name: 'Accedi con Token di Accesso' }).click();
      await page.getByRole('textbox', { name: 'Token di Accesso Personale' }).fill(TOKEN);
      await page.screenshot({ path: path.join(screenshots, `token-${width}.png`) });
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await signedIn(page);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect
        .poll(() => parts.github.state.calls.filter((call) => call.endsWith('/commits/main/check-runs')).length)
        .toBeGreaterThan(index);
      expect(await page.locator('#publication').isHidden()).toBe(true);
      await page.close();
    },
  );
});

it('offers local editing under watch --edit, and nothing else there', { timeout: 120_000 }, async () => {
  const project = path.join(await tempDir('brochure-signin-'), 'sito');
  await copySampleContent(project);
  const watch = await startWatch(['--edit', '--port', '0'], project);
  try {
    for (const width of [1280, 390]) {
      const context = await (await connectBrowser()).newContext({ locale: 'it-IT', viewport: { width, height: 800 } });
      const page = await context.newPage();
      // Sveltia asked for a newer version of itself and for GitHub's status page at every load: two 404s
      // and two console errors (issue 31). Nothing fails now.
      const failed: string[] = [];
      page.on(
        'response',
        (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`),
      );
      page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
      page.on('console', (message) => message.type() === 'error' && failed.push(message.text()));
      await page.goto(`${watch.url}/admin`);
      expect(await signInWays(page)).toEqual(['Lavora con Repository Locale']);
      await page.waitForLoadState('networkidle');
      expect(failed).toEqual([]);
      await context.close();
    }
  } finally {
    await watch.stop();
  }
});
