// `npm run screenshots`: the pictures of docs/guida-redazione.md, taken from the real editor and site (watch --edit on a copy of content/).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../test/browser/helpers/browser.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'docs', 'img');

/** Saves the page (or one element) as a palette PNG: a few tens of kB each, fine for a guide. */
async function shoot(page: Page, name: string, selector?: string): Promise<void> {
  const png = selector ? await page.locator(selector).first().screenshot() : await page.screenshot();
  await writeFile(path.join(OUT, `${name}.png`), await sharp(png).png({ palette: true, quality: 70, compressionLevel: 9 }).toBuffer());
  console.log(`docs/img/${name}.png`);
}

/** Waits until the editor shows the entry: a field holds `value` (a hash change loads it after the page). */
async function hasValue(page: Page, value: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('input')].some((input) => input.value === expected) &&
      [...document.querySelectorAll('iframe')].some((frame) => frame.contentDocument?.body?.textContent?.includes(expected)),
    value,
  );
}

const project = await mkdtemp(path.join(tmpdir(), 'brochure-guide-'));
await cp(path.join(ROOT, 'content'), path.join(project, 'content'), { recursive: true });
const watch = spawn(process.execPath, [path.join(ROOT, 'bin', 'brochure.js'), 'watch', '--edit', '--port', '0', '--lang', 'it'], { cwd: project });
let output = '';
watch.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
const url = await new Promise<string>((resolve, reject) => {
  watch.stdout.on('data', () => {
    const found = /Serving (http:\/\/localhost:\d+)/.exec(output)?.[1];
    if (found) resolve(found);
  });
  watch.once('exit', (code) => reject(new Error(`watch exited with ${code}`)));
});

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
  const page = await context.newPage();

  await page.goto(`${url}/admin`);
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await shoot(page, 'accesso');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByText('Sostegno psicologico individuale').first().waitFor();
  await shoot(page, 'raccolte');

  await page.goto(`${url}/admin#/collections/services/entries/02-sessuologia`);
  await hasValue(page, 'Consulenza e percorsi in sessuologia');
  await shoot(page, 'modifica-percorso');

  await page.goto(`${url}/admin#/collections/professionals/entries/giulia-marchetti`);
  await page.reload();
  await hasValue(page, 'Giulia Marchetti');
  await shoot(page, 'modifica-professionista');

  await page.goto(`${url}/admin#/collections/services/new`);
  await page.getByLabel('Durata').fill('50 minuti');
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Pubblica ora' }).click();
  await page.getByText('Titolo è richiesto.').waitFor();
  await shoot(page, 'campo-obbligatorio');

  const service = path.join(project, 'content', 'services', '01-sostegno-psicologico.md');
  const original = await readFile(service, 'utf8');
  const site = await context.newPage();
  await site.goto(`${url}/percorsi`);
  await writeFile(service, original.replace('duration: 50', 'durata: 50'));
  await site.locator('brochure-warnings').waitFor({ state: 'attached' });
  await site.waitForLoadState('networkidle');
  await shoot(site, 'avviso');
  await writeFile(service, original.replace('title: Sostegno', 'title: Sostegno: psicologico'));
  await site.locator('brochure-overlay').waitFor({ state: 'attached' });
  await shoot(site, 'errore');
} finally {
  await browser.close();
  watch.kill('SIGINT');
  await new Promise((resolve) => watch.once('exit', resolve));
  await rm(project, { recursive: true, force: true });
}
