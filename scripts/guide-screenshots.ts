// `npm run screenshots`: the pictures of docs/guida-redazione.md, taken from the real editor and site (watch --edit on a copy of content/, the folder picker stubbed as in the browser tests).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../test/browser/helpers/browser.ts';
import { replaceImage } from '../test/browser/helpers/editor-steps.ts';
import { fillFolder, stubFolderPicker } from '../test/browser/helpers/local-folder.ts';
import { startFakeOAuthClient } from '../test/helpers/fake-github/oauth.ts';
import { startFakeGitHub } from '../test/helpers/fake-github/server.ts';
import { startGitHostedSite } from '../test/helpers/git-hosted-site.ts';
import { copySampleContent, startWatch } from '../test/helpers/watch-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'docs', 'img');

/** Saves the page (or one element) as a palette PNG: a few tens of kB each, fine for a guide. */
async function shoot(page: Page, name: string, selector?: string): Promise<void> {
  const png = selector ? await page.locator(selector).first().screenshot() : await page.screenshot();
  await writeFile(
    path.join(OUT, `${name}.png`),
    await sharp(png).png({ palette: true, quality: 70, compressionLevel: 9 }).toBuffer(),
  );
  console.log(`docs/img/${name}.png`);
}

const scratch = await mkdtemp(path.join(tmpdir(), 'brochure-guide-'));
// The folder the sign-in page names (a site's checkout is usually called so).
const project = path.join(scratch, 'sito');
await copySampleContent(project);
const watch = await startWatch(['--edit', '--port', '0', '--lang', 'it'], project);
const { url } = watch;

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 }, locale: 'it-IT' });
  await context.route(/^(?!http:\/\/localhost)/, (route) => route.abort());
  await stubFolderPicker(context);
  const page = await context.newPage();
  const open = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${url}/admin#${hash}`);
  };
  /** Waits for the preview pane to show the page, its pictures loaded. */
  const previewShown = async () => {
    const frame = page.frameLocator('iframe.preview');
    await frame.locator('[data-page-preview] main h1').waitFor();
    await frame
      .locator('[data-page-preview]')
      .evaluate((root) =>
        Promise.all(
          [...root.querySelectorAll('img')].map((image) =>
            image.complete
              ? undefined
              : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
          ),
        ),
      );
  };

  await page.goto(`${url}/admin`);
  await page.getByRole('button', { name: 'Lavora con Repository Locale' }).waitFor();
  await shoot(page, 'accesso');
  await fillFolder(page, project);
  await page.getByRole('button', { name: 'Lavora con Repository Locale' }).click();
  await page.getByText('Sostegno psicologico individuale').first().waitFor();
  await shoot(page, 'raccolte');

  await open('/collections/services/entries/02-sessuologia');
  await page.getByRole('textbox', { name: 'Titolo', exact: true }).waitFor();
  await previewShown();
  await shoot(page, 'modifica-percorso');

  await open('/collections/professionals/entries/giulia-marchetti');
  await page.getByRole('textbox', { name: 'Nome e cognome', exact: true }).waitFor();
  await previewShown();
  await shoot(page, 'modifica-professionista');

  // The preview at a desktop width (the fields beside the page) and at a phone's 390 px (one pane at
  // a time, «Anteprima» switches), as docs/guida-redazione.md shows them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await open('/collections/professionals/entries/chiara-de-santis');
  await previewShown();
  await shoot(page, 'anteprima-computer');
  await page.setViewportSize({ width: 390, height: 844 });
  await open('/collections/pages/entries/home');
  await page.getByRole('button', { name: 'Anteprima', exact: true }).click();
  await previewShown();
  await shoot(page, 'anteprima-telefono');
  await page.setViewportSize({ width: 1100, height: 720 });

  await open('/collections/services/new');
  await page.getByRole('textbox', { name: 'Durata', exact: true }).fill('50');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await page.getByText('Questo campo è obbligatorio.').first().waitFor();
  await shoot(page, 'campo-obbligatorio');

  // A photo from an iPhone (HEIC), made WebP as it is picked.
  await open('/collections/professionals/entries/chiara-de-santis');
  await page.getByRole('textbox', { name: 'Nome e cognome', exact: true }).waitFor();
  await replaceImage(page, path.join(ROOT, 'test', 'fixtures', 'iphone-photo.heic'));
  await page.getByText('/images/iphone-photo.webp').waitFor();
  await previewShown();
  await shoot(page, 'foto-heic');

  await open('/assets');
  await page.getByRole('checkbox', { name: /giulia-marchetti\.jpg/ }).click();
  await page.getByRole('button', { name: /^Elimina File Multimedial/ }).click();
  await page.getByText('Questa immagine non si può eliminare').waitFor();
  await shoot(page, 'foto-in-uso');

  await open('/collections/services');
  await page.getByRole('button', { name: 'Riordina le Voci' }).click();
  await page.getByRole('button', { name: 'Fine del Riordino delle Voci' }).waitFor();
  await shoot(page, 'riordina');

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

  // Online: the sign-in page with the one way site.yaml names, and the line on the last publication,
  // against a fake GitHub and a fake of Sveltia's OAuth worker on loopback (as test/browser/cms-signin.test.ts).
  const token = 'github_pat_guida';
  const oauth = await startFakeOAuthClient(token);
  const hosted = await startGitHostedSite('studio-pss/sito', `  signIn: oauth\n  authUrl: ${oauth.url}\n`);
  const user = { id: 1, login: 'giulia-marchetti', name: 'Giulia Marchetti', email: 'giulia@example.com' };
  const github = await startFakeGitHub({
    gitDir: hosted.gitDir,
    owner: 'studio-pss',
    name: 'sito',
    user,
    token,
    site: hosted.url,
  });
  try {
    const online = await browser.newContext({ viewport: { width: 1100, height: 720 }, locale: 'it-IT' });
    await online.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    const editor = await online.newPage();
    await editor.goto(`${github.url}/admin`);
    await editor.getByRole('button', { name: /^Accedi con/ }).waitFor();
    await shoot(editor, 'accesso-online');
    await editor.getByRole('button', { name: /^Accedi con/ }).click();
    await editor.getByText('Professionisti', { exact: true }).first().waitFor();
    const main = await hosted.git('rev-parse', 'main');
    const report = async (body: object, name: string, text: RegExp) => {
      await fetch(`${github.url}/api/v3/repos/studio-pss/sito/statuses/${main}`, {
        method: 'POST',
        headers: { Authorization: `token ${token}` },
        body: JSON.stringify({ context: 'Netlify', ...body }),
      });
      await editor.evaluate(() => window.dispatchEvent(new Event('focus')));
      await editor.locator('#publication').filter({ hasText: text }).waitFor();
      await shoot(editor, name);
    };
    await report({ state: 'pending' }, 'pubblicazione-in-corso', /si sta aggiornando/);
    await report({ state: 'success' }, 'pubblicazione-online', /è aggiornato/);
    await editor.setViewportSize({ width: 390, height: 844 });
    const failure = { state: 'failure', description: 'Deploy failed', target_url: `${github.url}/log` };
    await report(failure, 'pubblicazione-non-riuscita', /non è andata online/);
  } finally {
    await github.stop();
    await hosted.stop();
    await oauth.stop();
  }
} finally {
  await browser.close();
  await watch.stop();
  await rm(scratch, { recursive: true, force: true });
}
