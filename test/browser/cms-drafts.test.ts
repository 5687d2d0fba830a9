// The online editor's drafts, driven as the psychologists would: Sveltia CMS signed in to a fake GitHub on loopback (test/helpers/fake-github/) over a real Git repository, whose `main` a host builds and serves; a change is a draft until she publishes it.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github/server.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { startGitHostedSite, type GitHostedSite } from '../helpers/git-hosted-site.ts';
import { blockedRequests, reportedViolations } from './helpers/browser.ts';
import { replaceImage, waitForBackup } from './helpers/editor-steps.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { waiting } from '../helpers/eventually.ts';

// Generous: on two busy cores (the whole suite beside it) one step of Sveltia, GitHub's fake and a rebuild
// can take many seconds; each row is bounded by its steps, not by a race against this clock.
const LIMIT_MS = 60_000;

/** Where the steps leave their screenshots, to be looked at (screenshots/ stays out of git). */
const screenshots = path.join(ROOT, 'screenshots', 'cms-drafts');
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, `${name}.png`) });

const eventually = waiting({ within: LIMIT_MS, every: 50 });

const REPO = 'studio-pss/sito';
const TOKEN = 'github_pat_prova';
const SERVICE = 'content/services/02-sessuologia.md';
/** Sveltia's branch for an entry's draft: `cms/<collection>/<slug>`. */
const BRANCH = 'cms/services/02-sessuologia';
const ADDED = 'Il primo colloquio si può fissare anche online.';
const LAST_LINE = 'Ogni tema viene accolto con competenza, riservatezza e senza giudizio.';

describe('drafts in the online editor (GitHub, editorial workflow)', { timeout: 240_000 }, () => {
  let site: GitHostedSite;
  let github: FakeGitHub;
  let context: BrowserContext;
  let editor: Page;
  let blocked: string[];
  let firstMain: string;
  let violations: string[] = [];
  const pageErrors: string[] = [];

  /** What the host publishes: the text of the service on main, and the Percorsi page built from main. */
  const published = async () => {
    await site.publish();
    return { file: await site.git('show', `main:${SERVICE}`), page: await site.page('/percorsi') };
  };

  /**
   * Sets the open entry's status from its «Stato» menu, as she would, and waits until GitHub has it
   * («Pubblica» shows only in «Pronti»). A choice made while Sveltia is still redrawing after the last
   * change can be lost (seen in CI, and often as the first choice after opening an entry on an idle
   * machine: the menu answered, the status stayed): she would choose again.
   */
  const setStatus = async (branch: string, status: 'In Revisione' | 'Pronti') => {
    const label = status === 'Pronti' ? 'sveltia-cms/pending_publish' : 'sveltia-cms/pending_review';
    const shown = editor.getByRole('button', { name: new RegExp(`^Stato: .${status}`) });
    for (let attempt = 1; ; attempt++) {
      // A dialog over the entry would hold the click for the whole wait: say which one, at once.
      const dialog = editor.getByRole('alertdialog').filter({ visible: true }).first();
      if (await dialog.isVisible()) throw new Error(`a dialog stands over the entry: ${await dialog.textContent()}`);
      await editor.getByRole('button', { name: /^Stato: / }).click();
      await editor.getByRole('menuitemradio', { name: status }).click();
      const taken = await shown.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (taken) break;
      if (attempt === 3) throw new Error(`the status stayed off «${status}» after ${attempt} choices`);
      // Escape closes the menu if it stayed open; with none open it would close the entry itself.
      if (await editor.getByRole('menu').filter({ visible: true }).count()) await editor.keyboard.press('Escape');
    }
    await eventually(`${branch} labelled ${label}`, () =>
      github.state.pulls.find((pull) => pull.head === branch && pull.state === 'open')?.labels[0] === label
        ? true
        : undefined,
    );
  };
  const markReady = (branch: string) => setStatus(branch, 'Pronti');

  /**
   * Saves the open entry as a draft and answers Sveltia's «Invia per Revisione» question. It first
   * waits for Sveltia's backup of the change (see waitForBackup): CI met «Ripristina Bozza» over an
   * entry saved before it.
   */
  const saveDraft = async (slug: string, answer: 'Più tardi' | 'Invia per Revisione') => {
    await waitForBackup(editor, slug);
    await editor.getByRole('button', { name: 'Salva', exact: true }).click();
    await editor
      .getByRole('alertdialog', { name: 'Invia per Revisione' })
      .getByRole('button', { name: answer })
      .click();
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    site = await startGitHostedSite(REPO);
    firstMain = await site.git('rev-parse', 'main');
    github = await startFakeGitHub({
      gitDir: site.gitDir,
      owner: 'studio-pss',
      name: 'sito',
      user: { id: 4101, login: 'giulia-marchetti', name: 'Giulia Marchetti', email: 'giulia@example.com' },
      token: TOKEN,
      site: site.url,
    });
    const browser = await connectBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'it-IT' });
    blocked = blockedRequests(context);
    violations = await reportedViolations(context);
    // Each step's wait, as long as eventually's: on two busy cores Sveltia can take many seconds to redraw.
    context.setDefaultTimeout(LIMIT_MS);
    editor = await context.newPage();
    editor.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
    await github?.stop();
    await site?.stop();
  });

  it('signs in with a personal access token and reads the site from GitHub', async () => {
    // Only the address of GitHub differs from the config the build wrote.
    const served = await (await fetch(`${github.url}/admin/config.yml`)).text();
    const built = await (await fetch(`${site.url}/admin/config.yml`)).text();
    expect(served.replace(`  api_root: ${github.url}\n`, '')).toBe(built);
    expect(built).toContain('publish_mode: editorial_workflow');

    await editor.goto(`${github.url}/admin`);
    await editor.getByRole('button', { name: 'Accedi con Token di Accesso' }).click();
    await editor.getByRole('textbox', { name: 'Token di Accesso Personale' }).fill(TOKEN);
    await editor.getByRole('button', { name: 'Accedi', exact: true }).click();
    await editor.getByRole('row', { name: /Consulenza e percorsi in sessuologia/ }).waitFor();
    expect(await editor.getByRole('grid', { name: 'Voci' }).getByRole('row').count()).toBe(9);
    expect(github.state.calls).toEqual(
      expect.arrayContaining([
        'GET /user',
        `GET /repos/${REPO}/collaborators/giulia-marchetti`,
        `GET /repos/${REPO}/git/trees/${firstMain}`,
      ]),
    );
  });

  it('saves a change to a service as a draft: a pull request on its own branch, while main and the site stay as they were', async () => {
    await editor.goto(`${github.url}/admin#/collections/services/entries/02-sessuologia`);
    await editor.locator('section[data-key-path="body"] [contenteditable=true]').getByText(LAST_LINE).click();
    await editor.keyboard.press('End');
    await editor.keyboard.type(` ${ADDED}`);
    // Previewed as the page, before anything is saved.
    await editor.frameLocator('iframe.preview').getByText(ADDED).waitFor();
    await waitForBackup(editor, '02-sessuologia');
    await editor.getByRole('button', { name: 'Salva', exact: true }).click();
    await editor.getByText('Voce salvata.').first().waitFor();
    const ask = editor.getByRole('alertdialog', { name: 'Invia per Revisione' });
    await shoot(editor, '1-saved-as-draft');
    expect(await ask.innerText()).toContain('Le tue modifiche sono state salvate come bozza.');
    await ask.getByRole('button', { name: 'Più tardi' }).click();

    // GitHub holds the draft: one commit on the entry's branch, changing that one line, in a draft pull request.
    expect(await site.git('rev-parse', 'main')).toBe(firstMain);
    expect(await site.git('log', '--format=%an: %s', `main..${BRANCH}`)).toBe(
      'Giulia Marchetti: Modifica di percorso: “02-sessuologia”',
    );
    const diff = await site.git('diff', '--unified=0', 'main', BRANCH);
    expect(diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))).toEqual([
      `-${LAST_LINE}`,
      `+${LAST_LINE} ${ADDED}`,
    ]);
    expect(github.state.pulls).toEqual([
      expect.objectContaining({
        number: 1,
        head: BRANCH,
        base: 'main',
        state: 'open',
        draft: true,
        labels: ['sveltia-cms/draft'],
      }),
    ]);

    // Not public: the site the host builds from main does not have it.
    const { file, page } = await published();
    expect(file).toContain(LAST_LINE);
    expect(file).not.toContain(ADDED);
    expect(page).toContain(LAST_LINE);
    expect(page).not.toContain(ADDED);
  });

  it('finds the draft on the «Flusso Editoriale» board and previews it as the page', async () => {
    await editor.getByRole('radio', { name: 'Flusso Editoriale' }).click();
    const drafts = editor.getByRole('list', { name: 'Bozze' });
    await drafts.getByRole('button', { name: 'Consulenza e percorsi in sessuologia' }).waitFor();
    await shoot(editor, '2-board');
    await drafts.getByRole('button', { name: 'Consulenza e percorsi in sessuologia' }).click();
    await editor.getByRole('button', { name: /^Stato: .Bozza/ }).waitFor();
    // The draft as read back from its branch on GitHub, in the page as visitors would see it.
    await editor.frameLocator('iframe.preview').getByText(ADDED).waitFor();
    expect(await editor.getByRole('alertdialog').count()).toBe(0);
    await editor.frameLocator('iframe.preview').getByText(ADDED).scrollIntoViewIfNeeded();
    await shoot(editor, '3-draft-previewed');
  });

  it('moves the draft to «In Revisione», then «Pronti»: still not on main', async () => {
    for (const [status, label] of [
      ['In Revisione', 'sveltia-cms/pending_review'],
      ['Pronti', 'sveltia-cms/pending_publish'],
    ] as const) {
      await setStatus(BRANCH, status);
      // Out of «Bozza», the pull request is no longer a GitHub draft, so it can be merged.
      expect(github.state.pulls[0]).toMatchObject({ state: 'open', draft: false, labels: [label] });
    }
    expect(await site.git('rev-parse', 'main')).toBe(firstMain);
    expect((await published()).page).not.toContain(ADDED);
  });

  it('publishes: the pull request is merged into main and the site built from main shows the change', async () => {
    await editor.getByRole('button', { name: /^Pubblica/ }).click();
    const confirm = editor.getByRole('alertdialog', { name: 'Pubblica Voce' });
    expect(await confirm.innerText()).toContain('Sei sicuro di voler pubblicare questa voce?');
    await shoot(editor, '4-publish');
    await confirm.getByRole('button', { name: 'Pubblica', exact: true }).click();
    // Back to the list, the entry without a status: published.
    await editor.waitForURL(/#\/collections\/services$/);
    await eventually('the merge', () => (github.state.pulls[0]!.merged ? true : undefined));

    expect(github.state.pulls[0]).toMatchObject({ state: 'closed', merged: true });
    expect(await site.git('branch', '--list', 'cms/*')).toBe('');
    const [merge, ...parents] = (await site.git('log', '-1', '--format=%H %P', 'main')).split(' ');
    expect(parents).toEqual([firstMain, github.state.pulls[0]!.headOid]);
    expect(merge).toBe(github.state.pulls[0]!.mergeCommit);

    const { file, page } = await published();
    expect(file).toContain(`${LAST_LINE} ${ADDED}`);
    expect(page).toContain(ADDED);
    // As a visitor sees it.
    const visitor = await context.newPage();
    await visitor.goto(`${github.url}/percorsi`);
    await visitor.getByText(ADDED).waitFor({ state: 'attached' });
    await visitor.getByRole('button', { name: /Consulenza e percorsi in sessuologia/ }).click();
    await visitor.getByText(ADDED).scrollIntoViewIfNeeded();
    await shoot(visitor, '5-published-page');
    await visitor.close();

    // The board is empty again.
    await editor.getByRole('radio', { name: 'Flusso Editoriale' }).click();
    for (const column of ['Bozze', 'In Revisione', 'Pronti'])
      await editor.getByRole('list', { name: column }).getByText('Nessuna voce.').waitFor();
  });

  it('discards a draft: the pull request is closed, its branch deleted, main untouched', async () => {
    const before = await site.git('rev-parse', 'main');
    await editor.goto(`${github.url}/admin#/collections/services/entries/05-elaborazione-lutto`);
    // Typed, as she would: Sveltia backs up only what a person typed.
    await editor.getByRole('textbox', { name: 'Titolo', exact: true }).click();
    await editor.keyboard.press('ControlOrMeta+A');
    await editor.keyboard.type('Accompagnamento nel lutto');
    await saveDraft('05-elaborazione-lutto', 'Più tardi');
    await eventually('the second pull request', () => (github.state.pulls[1] ? true : undefined));
    expect(github.state.pulls[1]).toMatchObject({
      head: 'cms/services/05-elaborazione-lutto',
      state: 'open',
      draft: true,
    });

    await editor.getByRole('radio', { name: 'Flusso Editoriale' }).click();
    const card = editor
      .getByRole('list', { name: 'Bozze' })
      .getByRole('listitem')
      .filter({ hasText: 'Accompagnamento nel lutto' });
    await card.getByRole('button', { name: 'Scarta Modifiche' }).click();
    const confirm = editor.getByRole('alertdialog').last();
    expect(await confirm.innerText()).toContain('Scartandole verrà ripristinata la versione pubblicata');
    await confirm.getByRole('button', { name: /^Scarta/ }).click();
    // Closed, then its branch deleted.
    await eventually('the branch deleted', async () =>
      (await site.git('branch', '--list', 'cms/*')) ? undefined : true,
    );

    expect(github.state.pulls[1]).toMatchObject({ state: 'closed', merged: false });
    expect(await site.git('rev-parse', 'main')).toBe(before);
    await editor.getByRole('list', { name: 'Bozze' }).getByText('Nessuna voce.').waitFor();
    expect((await published()).page).not.toContain('Accompagnamento nel lutto');
  });

  it('cannot publish a draft whose line a colleague has changed meanwhile: says so, main keeps the colleague’s version', async () => {
    const file = 'content/services/03-valutazione-psicodiagnostica.md';
    await editor.goto(`${github.url}/admin#/collections/services/entries/03-valutazione-psicodiagnostica`);
    await editor.getByRole('textbox', { name: 'Titolo', exact: true }).click();
    await editor.keyboard.press('ControlOrMeta+A');
    await editor.keyboard.type('Valutazione psicodiagnostica');
    await saveDraft('03-valutazione-psicodiagnostica', 'Invia per Revisione');
    await eventually('the third pull request', () =>
      github.state.pulls[2]?.labels[0] === 'sveltia-cms/pending_review' ? true : undefined,
    );

    // Her colleague, meanwhile, publishes another title for the same service.
    const { store } = github.state;
    const head = (await store.branchHead('main'))!;
    const theirs = (await site.git('show', `main:${file}`)).replace(/^title: .*$/m, 'title: Valutazione psicologica');
    const colleague = await store.commitChanges({
      parent: head,
      additions: [{ path: file, contents: Buffer.from(`${theirs}\n`) }],
      deletions: [],
      message: 'Modifica di percorso: “03-valutazione-psicodiagnostica”',
      author: { name: 'Chiara De Santis', email: 'chiara@example.com' },
    });
    await store.setBranch('main', colleague, head);

    await editor.goto(`${github.url}/admin#/collections/services/entries/03-valutazione-psicodiagnostica`);
    await markReady('cms/services/03-valutazione-psicodiagnostica');
    await editor.getByRole('button', { name: /^Pubblica/ }).click();
    await editor
      .getByRole('alertdialog', { name: 'Pubblica Voce' })
      .getByRole('button', { name: 'Pubblica', exact: true })
      .click();
    // GitHub refuses the merge; our wording says what to do, not just «Riprova».
    await editor.getByText('La voce non è stata pubblicata. Riprova; se non riesce ancora').waitFor();
    await shoot(editor, '6-publish-refused');
    expect(github.state.pulls[2]).toMatchObject({ state: 'open', merged: false });
    expect(await site.git('rev-parse', 'main')).toBe(colleague);

    // What the message says: discard the draft, then the entry is the published one, the colleague's.
    await editor.goto(`${github.url}/admin#/workflow`);
    const card = editor
      .getByRole('list', { name: 'Pronti' })
      .getByRole('listitem')
      .filter({ hasText: 'Valutazione psicodiagnostica' });
    await card.getByRole('button', { name: 'Scarta Modifiche' }).click();
    await editor
      .getByRole('alertdialog')
      .last()
      .getByRole('button', { name: /^Scarta/ })
      .click();
    await eventually('the branch deleted', async () =>
      (await site.git('branch', '--list', 'cms/*')) ? undefined : true,
    );
    expect(github.state.pulls[2]).toMatchObject({ state: 'closed', merged: false });
    await editor.goto('about:blank');
    await editor.goto(`${github.url}/admin#/collections/services/entries/03-valutazione-psicodiagnostica`);
    await eventually('the published title in the editor', async () =>
      (await editor.getByRole('textbox', { name: 'Titolo', exact: true }).inputValue()) === 'Valutazione psicologica'
        ? true
        : undefined,
    );
  });

  it('reorders the services with «Riordina»: one commit straight on main, no draft', async () => {
    const before = await site.git('rev-parse', 'main');
    await editor.goto(`${github.url}/admin#/collections/services`);
    await editor.getByRole('button', { name: 'Riordina le Voci' }).click();
    await editor
      .getByRole('row', { name: /Orientamento al futuro/ })
      .getByRole('button', { name: 'Sposta Su' })
      .click();
    await editor.getByRole('button', { name: 'Fine del Riordino delle Voci' }).click();
    const after = await eventually('the reorder commit', async () => {
      const head = await site.git('rev-parse', 'main');
      return head === before ? undefined : head;
    });

    expect(await site.git('log', '--format=%P', '-1', after)).toBe(before);
    expect(await site.git('diff', '--stat=200', before, after)).toMatch(
      /content\/services\/08-regolazione-emozioni\.md \| 2 \+-\n content\/services\/09-orientamento\.md +\| 2 \+-\n 2 files changed/,
    );
    expect(await site.git('show', `main:content/services/09-orientamento.md`)).toMatch(/^order: 8$/m);
    expect(github.state.pulls).toHaveLength(3);
    const page = (await published()).page;
    expect(page.indexOf('Orientamento al futuro')).toBeLessThan(
      page.indexOf('Consapevolezza e regolazione delle emozioni'),
    );
  });

  it('drafts a new portrait: the photo waits on the branch, is previewed from there, and reaches the site when published', async () => {
    const photo = path.join(await tempDir('brochure-portrait-'), 'Giulia nuova.JPG');
    await sharp(path.join(ROOT, 'content', 'images', 'giulia-marchetti.jpg'))
      .flop()
      .jpeg()
      .toFile(photo);
    const image = 'content/images/giulia-nuova.jpg';
    const before = await site.git('rev-parse', 'main');
    await editor.goto(`${github.url}/admin#/collections/professionals/entries/giulia-marchetti`);
    await replaceImage(editor, photo);
    await saveDraft('giulia-marchetti', 'Più tardi');
    const branch = 'cms/professionals/giulia-marchetti';
    await eventually('the draft branch', async () => ((await site.git('branch', '--list', branch)) ? true : undefined));

    // The photo and the page that uses it, on the branch only.
    expect((await site.git('diff', '--name-status', 'main', branch)).split('\n')).toEqual([
      `A\t${image}`,
      'M\tcontent/professionals/giulia-marchetti.md',
    ]);
    expect(await site.git('show', `${branch}:content/professionals/giulia-marchetti.md`)).toContain(
      'image: images/giulia-nuova.jpg',
    );
    expect(await site.git('rev-parse', 'main')).toBe(before);
    expect(await site.git('ls-tree', '--name-only', 'main', image)).toBe('');

    // Reopened after a reload, the photo comes from the branch on GitHub and shows in the preview.
    await editor.goto('about:blank');
    await editor.goto(`${github.url}/admin#/collections/professionals/entries/giulia-marchetti`);
    await editor.getByRole('button', { name: /^Stato: .Bozza/ }).waitFor();
    const portrait = editor.frameLocator('iframe.preview').locator('main img.profile__photo');
    expect(
      await eventually('the portrait to load', () =>
        portrait.evaluate((element: HTMLImageElement) =>
          element.complete && element.naturalWidth > 0 ? element.naturalWidth : undefined,
        ),
      ),
    ).toBe(1200);
    await shoot(editor, '7-portrait-draft');

    await markReady(branch);
    await editor.getByRole('button', { name: /^Pubblica/ }).click();
    await editor
      .getByRole('alertdialog', { name: 'Pubblica Voce' })
      .getByRole('button', { name: 'Pubblica', exact: true })
      .click();
    await eventually('the merge', async () => ((await site.git('branch', '--list', branch)) ? undefined : true));
    // The bytes she picked, now on main.
    const { store } = github.state;
    expect((await store.blob((await store.resolve(`main:${image}`))!)).equals(await readFile(photo))).toBe(true);
    await site.publish();
    const profile = await site.page('/giulia-marchetti');
    const sources = [...profile.matchAll(/\/static\/media\/giulia-nuova[^" ,]+/g)].map(([source]) => source);
    expect(sources.length).toBeGreaterThan(0);
  });

  it('asked GitHub nothing the fake does not implement, and loaded nothing from outside loopback', () => {
    expect(github.state.unhandled).toEqual([]);
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
