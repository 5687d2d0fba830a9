// watchFiles: chokidar on real folders, without editor leftovers, and with a second look at a file saved again too soon for chokidar to report.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFiles, type FileWatch } from '../../src/dev/watch-files.ts';
import { tempDir } from '../helpers/files.ts';

// Generous: a loaded machine may take a while to deliver file events.
const LIMIT_MS = 5_000;
// After the last expected event, how long an unexpected one gets to show up.
const SETTLE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, failing after LIMIT_MS with `what`. */
async function eventually(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + LIMIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

const watches: FileWatch[] = [];

afterEach(async () => {
  await Promise.all(watches.splice(0).map((watch) => watch.close()));
});

/** A watched temp folder and every path reported so far, relative to it. */
async function watched() {
  const root = await tempDir('brochure-watch-files-');
  const reported: string[] = [];
  const errors: unknown[] = [];
  const watch = await watchFiles([root], (file) => reported.push(path.relative(root, file)), (error) => errors.push(error));
  watches.push(watch);
  const file = (name: string) => path.join(root, name);
  const count = (name: string) => reported.filter((entry) => entry === name).length;
  return { root, file, watch, reported, errors, count };
}

describe('watchFiles reports changes', () => {
  it('reports an added, an edited and a removed file, and added and removed folders', async () => {
    const { file, reported, count, errors } = await watched();
    await writeFile(file('home.md'), 'uno');
    await eventually('the add', () => count('home.md') === 1);
    await sleep(100);
    await writeFile(file('home.md'), 'due');
    await eventually('the change', () => count('home.md') === 2);
    await rm(file('home.md'));
    await eventually('the removal', () => count('home.md') === 3);

    await mkdir(file('services'));
    await eventually('the new folder', () => count('services') === 1);
    await rm(file('services'), { recursive: true });
    await eventually('the removed folder', () => count('services') === 2);
    await sleep(SETTLE_MS);
    expect(reported).toEqual(['home.md', 'home.md', 'home.md', 'services', 'services']);
    expect(errors).toEqual([]);
  });

  it('reports nothing for the files that were there before it started', async () => {
    const root = await tempDir('brochure-watch-files-');
    await writeFile(path.join(root, 'home.md'), 'uno');
    const reported: string[] = [];
    watches.push(await watchFiles([root], (file) => reported.push(file), () => undefined));
    await sleep(SETTLE_MS);
    expect(reported).toEqual([]);
  });
});

describe('watchFiles ignores editor leftovers', () => {
  it.each([
    ['vim swap files', ['.home.md.swp', '.home.md.swx', 'home.md.swp', 'HOME.SWO']],
    ["vim's write probe", ['4913']],
    ['backups', ['home.md~', 'home.md.bak', 'home.md.orig']],
    ["emacs' lock and auto-save files", ['.#home.md', '#home.md#']],
    ['macOS folder metadata', ['.DS_Store']],
    ['temporary files of atomic saves', ['.home.md.tmp-4242', 'home.md.tmp', 'home.md.crswap', 'home.md___jb_tmp___', 'home.md___jb_old___']],
  ])('%s', async (_, names) => {
    const { file, reported, count } = await watched();
    for (const name of names) await writeFile(file(name), 'x');
    // A real file written after them: once it is reported, the leftovers would have been too.
    await writeFile(file('home.md'), 'x');
    await eventually('the real file', () => count('home.md') === 1);
    await sleep(SETTLE_MS);
    expect(reported).toEqual(['home.md']);
  });

  it('ignores dot-folders and everything in them', async () => {
    const { file, reported, count } = await watched();
    await mkdir(file('.git'));
    await writeFile(file('.git/index'), 'x');
    await writeFile(file('home.md'), 'x');
    await eventually('the real file', () => count('home.md') === 1);
    await sleep(SETTLE_MS);
    expect(reported).toEqual(['home.md']);
  });

  it('still reports names that only resemble leftovers', async () => {
    const { file, count } = await watched();
    const names = ['49130.md', 'swap.md', 'a~b.md', 'note#1.md', 'tmp.md'];
    for (const name of names) await writeFile(file(name), 'x');
    for (const name of names) await eventually(name, () => count(name) === 1);
  });
});

describe('watchFiles looks again at a file saved twice in quick succession', () => {
  it('reports a save that landed after a build began to read the file, even when chokidar drops its event', async () => {
    const { file, watch, count } = await watched();
    await writeFile(file('home.md'), 'uno');
    await eventually('the add', () => count('home.md') === 1);
    await sleep(100);

    await writeFile(file('home.md'), 'due');
    await eventually('the first save', () => count('home.md') === 2);
    // The rebuild starts reading at once; the formatter saves again a few ms later, within the 50 ms
    // in which chokidar drops further change events of that file.
    await watch.reading([file('home.md')]);
    await writeFile(file('home.md'), 'tre, formattato');
    await eventually('the second save', () => count('home.md') === 3);
    await sleep(SETTLE_MS);
    expect(count('home.md')).toBe(3);
  });

  it('reports nothing more when the file is as the build read it', async () => {
    const { file, watch, count } = await watched();
    await writeFile(file('home.md'), 'uno');
    await eventually('the add', () => count('home.md') === 1);
    await watch.reading([file('home.md')]);
    await sleep(SETTLE_MS);
    expect(count('home.md')).toBe(1);
  });

  it('reports a file removed after the build read it', async () => {
    const { file, watch, count } = await watched();
    await writeFile(file('home.md'), 'uno');
    await eventually('the add', () => count('home.md') === 1);
    await watch.reading([file('home.md')]);
    await rm(file('home.md'));
    await eventually('the removal', () => count('home.md') >= 2);
  });

  it('takes no note of files no event named recently, so reading them costs nothing later', async () => {
    const root = await tempDir('brochure-watch-files-');
    await writeFile(path.join(root, 'home.md'), 'uno');
    const reported: string[] = [];
    const watch = await watchFiles([root], (file) => reported.push(file), () => undefined);
    watches.push(watch);
    await watch.reading([path.join(root, 'home.md'), path.join(root, 'missing.md')]);
    await sleep(SETTLE_MS);
    expect(reported).toEqual([]);
  });

  it('stops looking once closed', async () => {
    const { file, watch, count } = await watched();
    await writeFile(file('home.md'), 'uno');
    await eventually('the add', () => count('home.md') === 1);
    await watch.reading([file('home.md')]);
    await watch.close();
    await writeFile(file('home.md'), 'due');
    await sleep(SETTLE_MS);
    expect(count('home.md')).toBe(1);
  });
});
