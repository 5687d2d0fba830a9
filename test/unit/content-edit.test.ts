// ContentEdits: when a save patches the last good build and when it takes the full build (test/integration/watch.test.ts compares the bytes).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/build.ts';
import { formatReport } from '../../src/errors.ts';
import { resolveOptions } from '../../src/options.ts';
import { WatchCache } from '../../src/watch/build-cache.ts';
import { ContentEdits } from '../../src/watch/content-edit.ts';
import { projectWith } from '../helpers/fixtures.ts';

/** The minimal fixture watched: save files, build as watch does, and count the full builds. */
async function watched() {
  const project = await projectWith();
  const options = resolveOptions({ content: 'content' }, project);
  const cache = new WatchCache(options);
  const edits = new ContentEdits(options, cache);
  let fullBuilds = 0;
  let crash: Error | undefined;
  const full = async (): Promise<BuildResult> => {
    fullBuilds++;
    if (crash) throw crash;
    return buildSite(options, { cache });
  };
  const content = (file: string) => path.join(project, 'content', file);
  return {
    fullBuilds: () => fullBuilds,
    crashNext: (error: Error | undefined) => (crash = error),
    build: (...files: string[]) => edits.build(new Set(files.map(content)), full),
    save: async (file: string, change: (text: string) => string) => {
      await writeFile(content(file), change(await readFile(content(file), 'utf8')));
      cache.invalidate(content(file));
    },
  };
}

describe('ContentEdits.build', () => {
  it('runs the full build first, then patches an edit of a service, a professional or a page', async () => {
    const site = await watched();
    expect((await site.build()).patched).toBe(false);
    for (const file of ['services/01-colloquio.md', 'professionals/rossi.md', 'home.md', 'privacy.md']) {
      await site.save(file, (text) => `${text}\nUna riga nuova.\n`);
      const { result, patched } = await site.build(file);
      expect(patched, file).toBe(true);
      expect(result.ok).toBe(true);
    }
    expect(site.fullBuilds()).toBe(1);
  });

  it('takes the full build for site.yaml, a path it does not know, and a professional moved in the lists', async () => {
    const site = await watched();
    await site.build();
    await site.save('site.yaml', (text) => `${text}\n`);
    expect((await site.build('site.yaml')).patched).toBe(false);
    expect((await site.build('images/nuova.jpg')).patched).toBe(false);
    await site.save('professionals/rossi.md', (text) => text.replace(/^order: .*$/m, 'order: 9'));
    expect((await site.build('professionals/rossi.md')).patched).toBe(false);
    expect(site.fullBuilds()).toBe(4);
  });

  it('leaves an error to the full build, and patches again only once a build is good', async () => {
    const site = await watched();
    await site.build();
    await site.save('services/01-colloquio.md', (text) => text.replace(/^duration: .*$/m, 'duration: 50 min'));
    const failed = await site.build('services/01-colloquio.md');
    expect(failed.patched).toBe(false);
    expect(formatReport(failed.result.problems)).toMatch(/01-colloquio\.md:\d+: duration:/);
    // The last build failed: the next save, even one the patch could take, goes the full way.
    await site.save('privacy.md', (text) => `${text}\nUna riga.\n`);
    expect((await site.build('privacy.md')).patched).toBe(false);
    await site.save('services/01-colloquio.md', (text) => text.replace('duration: 50 min', 'duration: 50'));
    expect((await site.build('services/01-colloquio.md')).patched).toBe(false);
    await site.save('privacy.md', (text) => `${text}\nUn'altra riga.\n`);
    expect((await site.build('privacy.md')).patched).toBe(true);
  });

  it('patches nothing after a build that crashed', async () => {
    const site = await watched();
    await site.build();
    site.crashNext(new Error('template bug'));
    await expect(site.build('site.yaml')).rejects.toThrow('template bug');
    site.crashNext(undefined);
    await site.save('privacy.md', (text) => `${text}\nUna riga.\n`);
    expect((await site.build('privacy.md')).patched).toBe(false);
  });

  it('keeps the other files\' warnings in their place and replaces the changed file\'s', async () => {
    const site = await watched();
    await site.save('home.md', (text) => text.replace(/^title: /m, 'titolo: x\ntitle: '));
    await site.save('privacy.md', (text) => text.replace(/^title: /m, 'titolo: x\ntitle: '));
    const first = await site.build();
    const files = (result: BuildResult) => result.problems.map((problem) => `${problem.file} ${problem.field}`);
    expect(files(first.result)).toEqual(['content/home.md titolo', 'content/privacy.md titolo']);
    await site.save('home.md', (text) => text.replace('titolo: x\n', 'titoli: x\n'));
    const patched = await site.build('home.md');
    expect(patched.patched).toBe(true);
    expect(files(patched.result)).toEqual(['content/home.md titoli', 'content/privacy.md titolo']);
  });
});
