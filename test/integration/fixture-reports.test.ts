// Every fixture's `check` and `build` report, both languages, against the golden file made by the code before the stages lost their memos and located errors lazily: every message stays byte-identical.
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';

const NAMES = (await readdir(path.join(ROOT, 'test', 'fixtures'), { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the reports of every fixture', () => {
  it('are what they were, word for word', async () => {
    const reports: string[] = [];
    for (const name of NAMES) {
      // A copy: `build` writes dist/ beside the content, and the messages name paths relative to it.
      const project = await tempDir(`brochure-report-${name}-`);
      await cp(fixture(name), project, { recursive: true });
      for (const args of [
        ['check', '--lang', 'en'],
        ['check', '--lang', 'it'],
        ['build', '--quiet', '--lang', 'en'],
      ]) {
        const { code, stdout, stderr } = await runInProcess(args, project);
        reports.push(`## ${name}: ${args.join(' ')} -> ${code}`, stdout.trimEnd(), stderr.trimEnd());
      }
    }
    await expect(reports.join('\n') + '\n').toMatchFileSnapshot('__snapshots__/fixture-reports.txt');
  });
});
