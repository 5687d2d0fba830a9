// `brochure check --launch` and the launch line of `build`, run as a user would (through the CLI's `main`, in this process), on the sample content and on fixtures.
import { cp } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { linesOf } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { hashTree, tempDir } from '../helpers/files.ts';
import { fixture, projectWith, ROOT } from '../helpers/fixtures.ts';
import { launchReadyFiles } from '../helpers/launch-ready.ts';

/** `STATUS rule file` of each report line, without the message. */
const verdicts = (stdout: string) =>
  linesOf(stdout)
    .filter((line) => /^ {2}(PASS|WARN|FAIL) /.test(line))
    .map((line) => line.trim().split(/\s+/).slice(0, 3).join(' ').replace(/:$/, ''));
/** The group headings of a report: its lines that are neither findings nor the verdict. */
const headings = (stdout: string) =>
  linesOf(stdout)
    .filter((line) => !line.startsWith('  '))
    .slice(0, -1);

describe.concurrent('check --launch on the sample content', () => {
  it('exits 1 and lists every placeholder the sample ships as FAIL or WARN, each with the file to change', async () => {
    const { code, stdout, stderr } = await runInProcess(['check', '--launch'], ROOT);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(verdicts(stdout)).toEqual([
      'FAIL public-url content/site.yaml',
      'FAIL contacts content/professionals/giulia-marchetti.md',
      'FAIL contacts content/professionals/chiara-de-santis.md',
      'FAIL contacts content/site.yaml',
      'FAIL contacts content/privacy.md',
      'FAIL sample-images content/professionals/giulia-marchetti.md',
      'FAIL sample-images content/professionals/chiara-de-santis.md',
      'WARN sample-images content/',
      'FAIL sample-text content/privacy.md',
      'FAIL sample-text content/professionals/giulia-marchetti.md',
      'FAIL sample-text content/professionals/chiara-de-santis.md',
      'WARN sample-text content/',
      'PASS privacy-sections content/privacy.md',
      'FAIL email-service content/site.yaml',
      'FAIL reviews-widget content/site.yaml',
      'WARN contacts-form content/site.yaml',
      'WARN form-failure content/site.yaml',
    ]);
    // In the site's language (the sample's is Italian), or in English with --lang en.
    for (const fragment of [
      'emailjs.userId, serviceId, templateId sono valori di esempio',
      'url https://studio-pss.example.com è un indirizzo di esempio',
      'è il ritratto segnaposto dell’esempio',
    ]) {
      expect(stdout).toContain(fragment);
    }
    const report = (await runInProcess(['check', '--launch', '--lang', 'en'], ROOT)).stdout;
    // What issue 14 found, each named: sample e-mail ids, the widget placeholder, avatars, fictional phones and
    // addresses, the example URL, the silent contacts form, the English-only failure.
    for (const fragment of [
      'emailjs.userId, serviceId, templateId are sample values',
      'reviews.widgetClass "elfsight-app-00000000-0000-0000-0000-000000000000" is a placeholder',
      "photo.image images/giulia-marchetti.jpg is the sample's placeholder portrait",
      'phone +39 333 000 0001, email giulia.marchetti@example.com',
      'address "Via dei Mandorli 14" (the sample\'s)',
      'url https://studio-pss.example.com is an example address',
      "'Invia' sends nothing and shows nothing",
      'set forms.contactsOnFailure: true',
    ]) {
      expect(report).toContain(fragment);
    }
    // Grouped by what the practice must provide, in the site's language (the sample's is Italian).
    expect(headings(stdout)).toEqual([
      'L’indirizzo del sito',
      'Telefoni, e-mail, link e indirizzo dello studio',
      'Foto e immagini',
      'Testi: biografie, informativa privacy, pagine',
      'Account: EmailJS per i moduli, widget delle recensioni',
      'Scelte sui moduli di contatto',
    ]);
    expect(linesOf(stdout).at(-1)).toBe('Non ancora pronto per andare online: 12 non superati, 4 avvisi, 1 superato.');
    expect(linesOf(report).at(-1)).toBe('Not ready to launch: 12 failed, 4 warnings, 1 passed.');
  });

  it("build prints one launch line after the compliance line, saying the failures are the sample's placeholders and what to replace first, and still builds", async () => {
    const dir = await tempDir('brochure-launch-');
    const { code, stdout } = await runInProcess(['build', '--out', dir], ROOT);
    expect(code).toBe(0);
    const lines = linesOf(stdout);
    expect(lines.slice(0, 2)).toEqual([
      'Conformità: 3 avvisi (lancia "npx brochure check --compliance")',
      'Lancio: 12 controlli non superati, come previsto con i contenuti di esempio: ci sono ancora i loro segnaposto. Sostituisci per prima cosa l’indirizzo del sito (content/site.yaml); "npx brochure check --launch" elenca il resto.',
    ]);
    expect(lines.at(-1)).toMatch(/^Sito pronto in .+\/: 7 pagine, /);
  });
});

describe.concurrent('check --launch on a project', () => {
  it('exits 0 and writes nothing once no rule fails; build then prints no launch line', async () => {
    const dir = await projectWith(await launchReadyFiles());
    const before = await hashTree(dir);
    const { code, stdout, stderr } = await runInProcess(['check', '--launch'], dir);
    expect([code, stderr]).toEqual([0, '']);
    expect(linesOf(stdout).at(-1)).toBe('Ready to launch: 0 failed, 1 warning, 8 passed.');
    expect(await hashTree(dir)).toEqual(before);
    const built = linesOf((await runInProcess(['build'], dir)).stdout);
    expect(built.some((line) => line.startsWith('Launch'))).toBe(false);
  });

  it('--quiet still prints the report when a rule warns or fails', async () => {
    const ready = await projectWith(await launchReadyFiles());
    // The one warning left is minimal's logo and flag, shared with the sample.
    expect((await runInProcess(['check', '--launch', '--quiet'], ready)).stdout).toContain('Ready to launch');
    const { code, stdout } = await runInProcess(['check', '--launch', '--quiet'], await projectWith());
    expect(code).toBe(1);
    expect(stdout).toContain('Not ready to launch');
  });

  it('with --compliance prints both reports, compliance first', async () => {
    const { code, stdout } = await runInProcess(['check', '--compliance', '--launch'], await projectWith());
    expect(code).toBe(1);
    const lines = linesOf(stdout);
    expect(lines.findIndex((line) => line.startsWith('3 warnings,'))).toBeLessThan(
      lines.findIndex((line) => line.startsWith('  FAIL')),
    );
  });

  it('on content errors prints the same report as check and exits 1', async () => {
    const dir = await tempDir('brochure-launch-');
    await cp(fixture('unknown-timeline-type'), dir, { recursive: true });
    const { code, stdout, stderr } = await runInProcess(['check', '--launch'], dir);
    expect([code, stdout]).toEqual([1, '']);
    expect(linesOf(stderr).at(-1)).toBe('Nothing was written.');
  });

  it('check --help documents the option', async () => {
    expect((await runInProcess(['check', '--help'], ROOT)).stdout).toMatch(/--launch +also render the site in memory/);
  });
});
