// Files as the web editor writes them pass `check` without a warning; `--lang it`, or site.yaml's `language: it`, reports in Italian.
import { cp, copyFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesOf, runCli } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';

/** The sample site with the files of `test/fixtures/cms-written` (saved by Decap CMS, the editor before Sveltia) over it. */
async function sampleWithEditorFiles(): Promise<string> {
  const project = await tempDir('brochure-cms-written-');
  await cp(path.join(ROOT, 'content'), path.join(project, 'content'), { recursive: true });
  await cp(path.join(fixture('cms-written'), 'content'), path.join(project, 'content'), { recursive: true });
  await copyFile(
    path.join(ROOT, 'content', 'images', 'giulia-marchetti.jpg'),
    path.join(project, 'content', 'images', 'maria-rossi.jpg'),
  );
  return project;
}

describe('content written by the web editor', () => {
  it('passes check with no warning, and builds the new pages', async () => {
    const project = await sampleWithEditorFiles();
    const check = await runInProcess(['check'], project);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    const build = await runInProcess(['build', '--quiet'], project);
    expect(build.code).toBe(0);
    expect(await readdir(path.join(project, 'dist'))).toEqual(
      expect.arrayContaining(['maria-rossi.html', 'chiara-de-santis.html']),
    );
  });
});

describe('--lang', () => {
  it('reports in Italian, positions counted from 1, with the fix for a colon in a text', async () => {
    const { code, stderr } = await runInProcess(['check', '--lang', 'it'], fixture('every-error'));
    expect(code).toBe(1);
    const lines = linesOf(stderr);
    expect(lines).toContain(
      'content/professionals/rossi.md:17: timeline, voce 1, date: serve una data scritta come AAAA, AAAA-MM o AAAA-MM-GG (per esempio 2019-03), invece c’è "03/2010"',
    );
    expect(lines[0]).toMatch(/^content\/contatti\.md:3: scrittura del file: .*metti il testo tra virgolette/);
    expect(lines.slice(-2)).toEqual(['10 errori e 1 avviso.', 'Non è stato scritto nulla.']);
  });

  it('is not needed where site.yaml says `language: it` (the sample site), in the compiled CLI', async () => {
    const sample = await runCli(['check'], ROOT);
    expect(sample.code).toBe(0);
    expect(sample.stdout.trim()).toBe('I contenuti in content/ sono corretti.');
    // Without a language in site.yaml, the messages stay in English.
    expect((await runCli(['check'], fixture('minimal'))).stdout.trim()).toBe('Content in content/ is valid.');
  });

  it('refuses a language it does not have', async () => {
    const { code, stderr } = await runInProcess(['check', '--lang', 'fr'], fixture('minimal'));
    expect(code).toBe(2);
    expect(stderr).toContain('expected "it" or "en"');
  });
});
