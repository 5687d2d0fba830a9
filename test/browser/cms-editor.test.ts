// The web editor as the psychologists use it, against `brochure watch --edit`: edit a service, add a professional with a photo, be stopped by a required field.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFile, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { blockedRequests } from './helpers/browser.ts';
import { connectBrowser } from './helpers/shared-browser.ts';

const LIMIT_MS = 20_000;

async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The front matter's lines, without the body. */
function frontMatter(text: string): string[] {
  return text.split('\n---\n')[0]!.split('\n').slice(1);
}

describe('the web editor of brochure watch --edit', () => {
  let project: string;
  let content: string;
  let watch: ChildProcessWithoutNullStreams;
  let exited: Promise<number | null>;
  const output = { stdout: '', stderr: '' };
  let url: string;
  let browser: Browser;
  let context: BrowserContext;
  let blocked: string[];
  const violations: string[] = [];
  const pageErrors: string[] = [];

  /** The editor, loaded once (Decap's bundle costs each new page about a second of CPU) and signed in in beforeAll. */
  let editor: Page | undefined;

  /**
   * The editor at `hash`: the first call loads it, the next ones change only the hash, which Decap's
   * router follows as it does a click in its own menus (each test starts from a saved entry, so no
   * unsaved-changes prompt stands in the way). watch serves the editor without the reload script, so
   * the rebuild after one test's save does not reload it in the middle of the next test (asserted
   * below; the site pages the tests open keep theirs).
   */
  async function openEditor(hash: string): Promise<Page> {
    if (!editor) {
      editor = await context.newPage();
      // Decap rejects a refused save with `undefined`, which surfaces as an uncaught error without a message.
      editor.on('pageerror', (error) => error.message !== 'undefined' && pageErrors.push(error.message));
    }
    await editor.goto(`${url}/admin#${hash}`);
    return editor;
  }

  async function publish(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pubblica ora' }).click();
  }

  beforeAll(async () => {
    project = await tempDir('brochure-cms-');
    content = path.join(project, 'content');
    await cp(path.join(ROOT, 'content'), content, { recursive: true });
    watch = spawn(process.execPath, [BIN, 'watch', '--edit', '--port', '0', '--lang', 'it'], { cwd: project, env: { ...process.env, NO_COLOR: '1' } });
    exited = new Promise((resolve) => watch.once('exit', (code) => resolve(code)));
    watch.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
    watch.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
    browser = await connectBrowser();
    url = await eventually('the URL', () => {
      if (watch.exitCode !== null) throw new Error(`watch exited with ${watch.exitCode}:\n${output.stderr}`);
      return /Serving (http:\/\/localhost:\d+)/.exec(output.stdout)?.[1];
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    blocked = blockedRequests(context);
    await context.exposeFunction('__reportViolation', (violation: string) => violations.push(violation));
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => {
        void (window as unknown as { __reportViolation: (violation: string) => Promise<void> }).__reportViolation(`${event.effectiveDirective} ${event.blockedURI}`);
      }),
    );
    const login = await openEditor('/');
    await login.getByRole('button', { name: 'Accedi' }).click();
    await login.getByText('Percorsi').first().waitFor();
    // Not a page of the site: no live reload (src/serve/serve-build.ts).
    expect(await login.evaluate(() => document.querySelector('script[src$="__brochure/reload.js"]'))).toBeNull();
  });

  afterAll(async () => {
    await browser?.close();
    if (!watch) return;
    watch.kill('SIGINT');
    const timer = setTimeout(() => watch.kill('SIGKILL'), LIMIT_MS);
    await exited;
    clearTimeout(timer);
  });

  it('serves /admin with its own policy, noindex, while the pages keep the strict one', async () => {
    const admin = await fetch(`${url}/admin`);
    expect(admin.status).toBe(200);
    const policy = admin.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self' 'unsafe-eval'");
    expect(policy).toContain("connect-src 'self' blob:;");
    expect(admin.headers.get('x-robots-tag')).toBe('noindex');
    expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow">');
    const page = await fetch(`${url}/percorsi`);
    const strict = page.headers.get('content-security-policy')!;
    expect(strict).not.toContain('unsafe');
    expect(strict).toMatch(/^default-src 'self'; script-src 'self' https:\/\/static\.elfsight\.com;/);
    // The public pages never mention the editor.
    expect(await page.text()).not.toContain('admin');
    expect(await (await fetch(`${url}/sitemap.xml`)).text()).not.toContain('admin');
  });

  it('edits a service: only that key changes on disk, the page shows it, and check stays silent', async () => {
    const file = path.join(content, 'services', '02-sessuologia.md');
    const before = await readFile(file, 'utf8');
    const page = await openEditor('/collections/services/entries/02-sessuologia');
    await page.getByLabel('Titolo').fill('Consulenza in sessuologia clinica');
    await publish(page);
    // decap-server writes in place, not atomically: wait for the whole new text, not the first change.
    const after = await eventually('the saved file', async () => {
      const text = await readFile(file, 'utf8');
      return text.includes('title: Consulenza in sessuologia clinica\n') && text.endsWith('\n') && text.length >= before.length - 30 ? text : undefined;
    });
    expect(frontMatter(after)).toEqual(frontMatter(before).map((line) => (line.startsWith('title:') ? 'title: Consulenza in sessuologia clinica' : line)));
    expect(after.slice(after.indexOf('\n---\n'))).toBe(before.slice(before.indexOf('\n---\n')));

    const site = await context.newPage();
    await eventually('the rebuilt page', async () => ((await (await fetch(`${url}/percorsi`)).text()).includes('Consulenza in sessuologia clinica') ? true : undefined));
    await site.goto(`${url}/percorsi`);
    await site.getByText('Consulenza in sessuologia clinica').waitFor();
    const check = await runInProcess(['check'], project);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  });

  it('adds a professional with an uploaded photo: new page, menu entry and images', async () => {
    const photo = path.join(await tempDir('brochure-photo-'), 'maria-rossi.jpg');
    await copyFile(path.join(ROOT, 'content', 'images', 'giulia-marchetti.jpg'), photo);
    const page = await openEditor('/collections/professionals/new');
    await page.getByRole('button', { name: 'Scegli un\'immagine' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Prendi selezionato' }).click();
    await page.getByLabel('Nome e cognome').fill('Maria Rossi');
    await page.getByLabel('Qualifica').fill('Psicologa clinica');
    await page.getByLabel('Descrizione').fill('Maria Rossi, psicologa clinica a Pescara.');
    await page.getByLabel('Testo alternativo').fill('Ritratto di Maria Rossi');
    await page.getByLabel('Posizione').fill('3');
    await page.getByLabel('Telefono').fill('+39 333 000 0003');
    await page.getByLabel('E-mail').fill('maria.rossi@example.com');
    await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/maria-rossi-example');
    await page.getByLabel('Iscrizione all’Albo').fill('Iscritta all’Ordine degli Psicologi della Regione Abruzzo, n. 4012');
    await page.getByRole('button', { name: 'Aggiungi specializzazioni' }).click();
    await page.getByLabel('Specializzazione', { exact: true }).fill('Psicologia clinica dell’adulto');
    await publish(page);
    // Once the save is done Decap moves to the new entry's address: waited for, so that this move
    // cannot come after the next test has taken the page elsewhere.
    await page.waitForURL(/#\/collections\/professionals\/entries\/maria-rossi$/);

    // The page appears once the build has read both new files, whole.
    const profile = await eventually('the new page', async () => {
      const response = await fetch(`${url}/maria-rossi`);
      return response.status === 200 ? response.text() : undefined;
    });
    const saved = await readFile(path.join(content, 'professionals', 'maria-rossi.md'), 'utf8');
    expect(saved).toContain('name: Maria Rossi');
    expect(saved).toContain('image: images/maria-rossi.jpg');
    expect(await readFile(path.join(content, 'images', 'maria-rossi.jpg'))).toEqual(await readFile(photo));

    expect(profile).toContain('Maria Rossi');
    expect(profile).toMatch(/alt="Ritratto di Maria Rossi"/);
    // The photo went through the image stage like any other: AVIF, WebP and JPEG files are served.
    const sources = [...profile.matchAll(/\/static\/media\/maria-rossi[^" ,]+/g)].map(([source]) => source);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of new Set(sources)) expect((await fetch(`${url}${source}`)).status).toBe(200);
    const home = await (await fetch(`${url}/`)).text();
    // The 'Chi Siamo' menu, the footer and the home cards all link the new page.
    expect(home.match(/href="\/maria-rossi"/g)?.length).toBeGreaterThanOrEqual(2);
    const check = await runInProcess(['check'], project);
    expect(check.stderr).toBe('');
  });

  it('refuses a service without a title, in Italian, before writing anything', async () => {
    const before = await readdir(path.join(content, 'services'));
    const page = await openEditor('/collections/services/new');
    await page.getByLabel('Durata').fill('50');
    await publish(page);
    await page.getByText('Titolo è richiesto.').waitFor();
    await page.getByText('Oops, hai saltato un campo obbligatorio. Per favore completalo prima di salvare.').waitFor();
    expect(await readdir(path.join(content, 'services'))).toEqual(before);
  });

  it('shows a misspelt field at once, in Italian, in a panel that can be closed', async () => {
    const file = path.join(content, 'services', '01-sostegno-psicologico.md');
    const original = await readFile(file, 'utf8');
    const page = await context.newPage();
    await page.goto(`${url}/percorsi`);
    // The save changes the page (no duration any more), so it reloads; the warnings reach the page
    // just before the reload too, so wait for the reload itself before reading the panel.
    const reloaded = page.waitForEvent('load');
    await writeFile(file, original.replace('duration: 50', 'durata: 50'));
    await reloaded;
    const panelText = () => page.evaluate(() => document.querySelector('brochure-warnings')?.shadowRoot?.textContent ?? null);
    const text = await eventually('the warnings panel', () => panelText().then((found) => found ?? undefined, () => undefined));
    expect(text).toContain('Avvisi');
    expect(text).toContain('content/services/01-sostegno-psicologico.md:3 attenzione: durata: campo sconosciuto, ignorato (il sito non lo usa): forse volevi scrivere "duration"?');
    // The page stays usable: the panel is a status in a corner, not a dialog over it.
    expect(await page.evaluate(() => document.querySelector('brochure-overlay'))).toBeNull();
    await page.evaluate(() => (document.querySelector('brochure-warnings')!.shadowRoot!.querySelector('button') as HTMLButtonElement).click());
    expect(await panelText()).toBeNull();
    await writeFile(file, original);
  });

  it('lets the editor name files under content/ only: package.json, .git and ../ are refused, content/ still answers', async () => {
    const call = (body: unknown) =>
      fetch(`${url}/admin/api/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(body) });
    const escapes = [
      { action: 'getEntry', params: { branch: 'main', path: 'package.json' } },
      { action: 'getEntry', params: { branch: 'main', path: 'content/../.git/config' } },
      { action: 'entriesByFolder', params: { branch: 'main', folder: 'templates', extension: 'tsx', depth: 1 } },
      { action: 'persistEntry', params: { branch: 'main', entry: { dataFiles: [{ path: 'tmp-probe.txt', raw: 'x', slug: 'x' }], assets: [] }, options: { collectionName: 'x' } } },
      { action: 'deleteFiles', params: { branch: 'main', paths: ['content/home.md', '../outside.md'] } },
    ];
    for (const body of escapes) {
      const answer = await call(body);
      expect(answer.status, JSON.stringify(body)).toBe(403);
      expect(await answer.text()).toMatch(/^The editor may only read and write files under content\//);
    }
    expect(await readdir(project)).not.toContain('tmp-probe.txt');
    expect(await readFile(path.join(content, 'home.md'), 'utf8')).toBeTruthy();
    const inside = await call({ action: 'getEntry', params: { branch: 'main', path: 'content/home.md' } });
    expect(inside.status).toBe(200);
    expect(((await inside.json()) as { file: { path: string } }).file.path).toBe('content/home.md');
  });

  it('loaded nothing from outside loopback and broke no policy', () => {
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
