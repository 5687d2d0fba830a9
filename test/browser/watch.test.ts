// `brochure watch` as an editor lives it: a page open in Chromium reloads after a save, shows a broken save in the overlay, and recovers.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { blockedRequests, reportedViolations } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { displayPath } from '../../src/cli/display-path.ts';
import { waiting } from '../helpers/eventually.ts';

// Generous: a loaded CI machine may take seconds where a laptop takes milliseconds.
const LIMIT_MS = 15_000;

/** Polls `check` until it returns a value, failing after `LIMIT_MS` with `what` in the message. */
const eventually = waiting({ within: LIMIT_MS, every: 10 });

/** The overlay's text, read through its open shadow root; null while there is no overlay. */
const overlayText = (page: Page) =>
  page.evaluate(() => document.querySelector('brochure-overlay')?.shadowRoot?.textContent ?? null);

/** A mark that only a reload clears: set it, and its absence later proves the page was loaded anew. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const reloaded = (page: Page) => page.evaluate(() => !('__notReloaded' in window));

describe('brochure watch in Chromium', () => {
  let content: string;
  let watch: ChildProcessWithoutNullStreams;
  let exited: Promise<number | null>;
  const output = { stdout: '', stderr: '' };
  let browser: Browser;
  let page: Page;
  let blocked: string[];
  const consoleErrors: string[] = [];
  let violations: string[] = [];

  const servicePath = () => path.join(content, 'services', '02-sessuologia.md');
  // Paths in messages are relative to the folder watch runs in: the repository root here.
  // The copy lives outside the repository (the working folder), so messages show its absolute path.
  const shownPath = () => displayPath(servicePath(), ROOT);
  let original: string;
  let saves = 0;
  /** Saves as most editors do: the whole text to a temporary file, renamed over the original. */
  const save = async (text: string) => {
    const temporary = path.join(content, 'services', `.02-sessuologia.md.tmp-${++saves}`);
    await writeFile(temporary, text);
    await rename(temporary, servicePath());
  };
  const withTitle = (title: string) => original.replace(/^title: .*$/m, `title: ${title}`);
  const pageShows = (text: string) =>
    page.waitForFunction((expected) => document.body.textContent?.includes(expected) === true, text, {
      timeout: LIMIT_MS,
    });

  beforeAll(async () => {
    content = path.join(await tempDir('brochure-watch-browser-'), 'content');
    await cp(path.join(ROOT, 'content'), content, { recursive: true });
    original = await readFile(servicePath(), 'utf8');
    watch = spawn(process.execPath, [BIN, 'watch', '--port', '0', '--content', content, '--lang', 'en'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    exited = new Promise((resolve) => watch.once('exit', (code) => resolve(code)));
    watch.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
    watch.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
    browser = await connectBrowser();
    const url = await eventually('the URL', () => {
      if (watch.exitCode !== null) throw new Error(`watch exited with ${watch.exitCode}:\n${output.stderr}`);
      return /Serving (http:\/\/localhost:\d+)/.exec(output.stdout)?.[1];
    });

    const context = await browser.newContext();
    blocked = blockedRequests(context);
    violations = await reportedViolations(context);
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const response = await page.goto(`${url}/percorsi`);
    expect(response?.status()).toBe(200);
    // The site's own policy is enforced here too, so a violation below would break the deployed site as well.
    expect(response?.headers()['content-security-policy']).toMatch(/default-src 'self'/);
    await pageShows('Consulenza e percorsi in sessuologia');
  });

  afterAll(async () => {
    await browser?.close();
    if (!watch) return;
    watch.kill('SIGINT');
    const timer = setTimeout(() => watch.kill('SIGKILL'), LIMIT_MS);
    const code = await exited;
    clearTimeout(timer);
    expect(code, output.stderr).toBe(0);
  });

  it('reloads the open page after a save, shows a broken save in the overlay over the last good page, and recovers', async () => {
    // (1) A save: the page reloads by itself and shows the new title.
    await markPage(page);
    await save(withTitle('Sessuologia, testo nuovo'));
    await pageShows('Sessuologia, testo nuovo');
    expect(await reloaded(page)).toBe(true);

    // (2) A broken save: the overlay names the file, the line and the problem; the page is not reloaded.
    await markPage(page);
    await save(withTitle('Sessuologia, versione rotta').replace('duration: 50', 'duration: cinquanta'));
    await page.waitForFunction(
      () => document.querySelector('brochure-overlay')?.shadowRoot?.querySelector('li') != null,
      undefined,
      { timeout: LIMIT_MS },
    );
    const overlay = await overlayText(page);
    expect(overlay).toContain('The build failed');
    expect(overlay).toContain(`${shownPath()}:3 duration: expected a number or "caso per caso", got "cinquanta"`);
    await expect(page.getByRole('alertdialog', { name: 'The build failed' }).isVisible()).resolves.toBe(true);
    expect(await reloaded(page)).toBe(false);
    expect(await page.content()).toContain('Sessuologia, testo nuovo');
    expect(await page.content()).not.toContain('versione rotta');
    expect(output.stderr).toContain(`${shownPath()}:3: duration:`);

    // (3) The fix: the page reloads, without the overlay, with the fixed text.
    await save(withTitle('Sessuologia, versione corretta'));
    await pageShows('Sessuologia, versione corretta');
    expect(await reloaded(page)).toBe(true);
    expect(await overlayText(page)).toBeNull();

    expect(consoleErrors).toEqual([]);
    expect(violations).toEqual([]);
    expect(blocked).toEqual([]);
  });
});
