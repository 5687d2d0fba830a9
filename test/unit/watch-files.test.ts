// watchFiles: chokidar on real folders, without editor leftovers, with folders replaced under the same name noticed and a second look at a file saved again too soon to be reported.
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe } from 'vitest';
import { watchFiles, type FileWatch } from '../../src/watch/watch-files.ts';
import { closeWithTest, concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { eventually as waitFor } from '../helpers/eventually.ts';
import { tempDir } from '../helpers/files.ts';

// Generous (below the test timeout set on each describe): a loaded machine may take a while to deliver file events.
const LIMIT_MS = 10_000;
// After the last expected event, how long an unexpected one gets to show up.
const SETTLE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, failing after LIMIT_MS with `what`. */
const eventually = (what: string, check: () => boolean) =>
  waitFor(what, () => (check() ? true : undefined), { within: LIMIT_MS, every: 5 });

// The tests run side by side (most of each is waiting for file events); each closes its own watch when it ends.
const watches: FileWatch[] = [];

afterEach(async () => {
  await Promise.all(watches.splice(0).map((watch) => watch.close()));
});

/**
 * A watched temp folder holding `existing` files before the watch starts, every path reported so far
 * (relative to it), and what a build started by each report read of it. A save may be reported more
 * than once (its event caught halfway through the write, then the second look), so tests of files
 * ask what the last report read rather than how many reports came.
 */
async function watched(existing: string[] = []) {
  const root = await tempDir('brochure-watch-files-');
  for (const name of existing) await writeFile(path.join(root, name), 'uno');
  const reported: string[] = [];
  const reads = new Map<string, string>();
  const errors: unknown[] = [];
  const watch = await watchFiles(
    [root],
    (file) => {
      reported.push(path.relative(root, file));
      reads.set(path.relative(root, file), readOrMissing(file));
    },
    (error) => errors.push(error),
  );
  if (!closeWithTest(() => watch.close())) watches.push(watch);
  const file = (name: string) => path.join(root, name);
  const count = (name: string) => reported.filter((entry) => entry === name).length;
  /** What the build after the last report of `name` read of it. */
  const lastRead = (name: string) => reads.get(name);
  return { root, file, watch, reported, errors, count, lastRead };
}

function readOrMissing(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return 'missing';
  }
}

describe('watchFiles reports changes', { timeout: 15_000 }, () => {
  it('reports an edited, a removed and an added file, and added and removed folders', async () => {
    const { file, reported, count, lastRead, errors } = await watched(['home.md']);
    await writeFile(file('home.md'), 'due');
    await eventually('the change', () => lastRead('home.md') === 'due');
    await rm(file('home.md'));
    await eventually('the removal', () => lastRead('home.md') === 'missing');
    await writeFile(file('contatti.md'), 'uno');
    await eventually('the add', () => lastRead('contatti.md') === 'uno');

    await mkdir(file('services'));
    await eventually('the new folder', () => count('services') === 1);
    await rm(file('services'), { recursive: true });
    await eventually('the removed folder', () => count('services') === 2);
    await sleep(SETTLE_MS);
    expect(new Set(reported)).toEqual(new Set(['home.md', 'contatti.md', 'services']));
    expect(count('services')).toBe(2);
    expect(errors).toEqual([]);
  });

  it('watches a folder made while it runs, and the files then saved in it', async () => {
    const { file, count, reported } = await watched();
    await mkdir(file('services'));
    await eventually('the new folder', () => count('services') === 1);
    await writeFile(file('services/01-colloquio.md'), 'uno');
    await eventually('a file in it', () => count(path.join('services', '01-colloquio.md')) >= 1);
    // A folder moved in whole (as a copy tool finishes) brings its files and folders along.
    const outside = await tempDir('brochure-watch-outside-');
    await mkdir(path.join(outside, 'team', 'senior'), { recursive: true });
    await writeFile(path.join(outside, 'team', 'senior', 'rossi.md'), 'uno');
    await rename(path.join(outside, 'team'), file('team'));
    await eventually('the moved folder', () => count('team') === 1);
    // Once the watcher has taken up the moved folder (its scan reports the file it brought), a new file saved
    // two levels in is reported. A save during that scan can be missed: chokidar's known window, in docs.
    await eventually('the moved folder taken up', () => count(path.join('team', 'senior', 'rossi.md')) >= 1);
    await writeFile(file('team/senior/bianchi.md'), 'due');
    await eventually('a file two levels into it', () => count(path.join('team', 'senior', 'bianchi.md')) >= 1);
    expect(reported).not.toContain(path.join('services', '.01-colloquio.md.swp'));
  });

  it('reports each file of a removed folder, and the folder; a file saved after in a folder of that name is reported again', async () => {
    const { file, count, lastRead } = await watched();
    await mkdir(file('services'));
    await eventually('the new folder', () => count('services') === 1);
    await writeFile(file('services/01-colloquio.md'), 'uno');
    await eventually('its file', () => lastRead(path.join('services', '01-colloquio.md')) === 'uno');
    await rm(file('services'), { recursive: true });
    await eventually('the removed folder', () => count('services') === 2);
    await eventually('its removed file', () => lastRead(path.join('services', '01-colloquio.md')) === 'missing');
    await mkdir(file('services'));
    await eventually('the folder again', () => count('services') === 3);
    await writeFile(file('services/02-coppia.md'), 'uno');
    await eventually('a file in it', () => count(path.join('services', '02-coppia.md')) >= 1);
  });

  it('follows a linked folder, once even when links make a loop', async () => {
    const elsewhere = await tempDir('brochure-watch-linked-');
    await writeFile(path.join(elsewhere, 'hero.jpg'), 'uno');
    const { root, file, count, lastRead, reported, errors } = await watched();
    await symlink(elsewhere, file('images'));
    await eventually(
      'the linked folder and the file in it',
      () => count('images') === 1 && lastRead(path.join('images', 'hero.jpg')) === 'uno',
    );
    // A link back to the root inside it: nothing new to watch, nothing reported twice.
    await symlink(root, path.join(elsewhere, 'loop'));
    await sleep(SETTLE_MS);
    const before = reported.length;
    await writeFile(file('images/hero.jpg'), 'due');
    await eventually('a file through the link', () => lastRead(path.join('images', 'hero.jpg')) === 'due');
    await sleep(SETTLE_MS);
    expect(new Set(reported.slice(before))).toEqual(new Set([path.join('images', 'hero.jpg')]));
    expect(errors).toEqual([]);
  });

  it('notices a folder swapped for another of the same name, and watches the new one', async () => {
    const { file, count, lastRead, errors } = await watched();
    await mkdir(file('services'));
    await writeFile(file('services/01-colloquio.md'), 'uno');
    await eventually(
      'the first folder and its file',
      () => count('services') === 1 && count(path.join('services', '01-colloquio.md')) >= 1,
    );
    // A new version prepared beside it, then put in its place: the same names, other bytes.
    await mkdir(file('s.new'));
    await writeFile(file('s.new/01-colloquio.md'), 'due');
    await eventually('the new folder', () => count('s.new') === 1);
    await rename(file('services'), file('s.old'));
    await rename(file('s.new'), file('services'));
    // At least one report of the swap (a busy machine may deliver the folder's removal and return apart).
    await eventually('the swap', () => count('services') >= 2);
    await writeFile(file('services/01-colloquio.md'), 'tre');
    await eventually('a save in the new folder', () => lastRead(path.join('services', '01-colloquio.md')) === 'tre');
    await sleep(SETTLE_MS);
    const before = count(path.join('services', '01-colloquio.md'));
    // The folder moved away is another folder now: a save in it is reported under its own name, never as services/.
    await writeFile(file('s.old/01-colloquio.md'), 'quattro');
    await eventually('a save in the old folder', () => lastRead(path.join('s.old', '01-colloquio.md')) === 'quattro');
    await sleep(SETTLE_MS);
    expect(count(path.join('services', '01-colloquio.md'))).toBe(before);
    expect(errors).toEqual([]);
  });

  it('notices a linked folder re-pointed at another folder holding the same names, and watches the new one', async () => {
    const one = await tempDir('brochure-watch-one-');
    const two = await tempDir('brochure-watch-two-');
    await writeFile(path.join(one, 'hero.jpg'), 'uno');
    await writeFile(path.join(two, 'hero.jpg'), 'due');
    const { file, count, lastRead, errors } = await watched();
    await symlink(one, file('images'));
    await eventually('the linked folder', () => count('images') === 1);
    // As `ln -sfn` does it: a new link made aside, renamed over the old one.
    await symlink(two, file('images.new'));
    await rename(file('images.new'), file('images'));
    await eventually('the re-pointed link', () => count('images') === 2);
    await writeFile(path.join(two, 'hero.jpg'), 'tre');
    await eventually('a save in the new target', () => lastRead(path.join('images', 'hero.jpg')) === 'tre');
    // The old target is no longer watched: a file only it holds is never reported. (A name of its own, so a
    // late second report of the save above cannot be mistaken for one, on a busy machine.)
    await writeFile(path.join(one, 'only-in-one.jpg'), 'quattro');
    await sleep(SETTLE_MS);
    expect(count(path.join('images', 'only-in-one.jpg'))).toBe(0);
    await unlink(file('images'));
    await eventually('the removed link', () => count('images') === 3);
    expect(errors).toEqual([]);
  });

  it('watches a root whose own name looks like a leftover', async () => {
    const parent = await tempDir('brochure-watch-dotted-');
    const root = path.join(parent, '.site');
    await mkdir(root);
    await writeFile(path.join(root, 'home.md'), 'uno');
    const reported: string[] = [];
    const watch = await watchFiles(
      [root],
      (file) => reported.push(path.relative(root, file)),
      () => undefined,
    );
    if (!closeWithTest(() => watch.close())) watches.push(watch);
    await writeFile(path.join(root, 'home.md'), 'due');
    await eventually('the save', () => reported.includes('home.md'));
  });

  it('reports nothing for the files that were there before it started', async () => {
    const { reported } = await watched(['home.md', 'contatti.md']);
    await sleep(SETTLE_MS);
    expect(reported).toEqual([]);
  });
});

describe('watchFiles ignores editor leftovers', { timeout: 15_000 }, () => {
  it.each<[string, string[]]>([
    ['vim swap files', ['.home.md.swp', '.home.md.swx', 'home.md.swp', 'HOME.SWO']],
    ["vim's write probe", ['4913']],
    ['backups', ['home.md~', 'home.md.bak', 'home.md.orig']],
    ["emacs' lock and auto-save files", ['.#home.md', '#home.md#']],
    ['macOS folder metadata', ['.DS_Store']],
    [
      'temporary files of atomic saves',
      ['.home.md.tmp-4242', 'home.md.tmp', 'home.md.crswap', 'home.md___jb_tmp___', 'home.md___jb_old___'],
    ],
  ])('%s', async ([, names]) => {
    const { file, reported, count } = await watched(['home.md']);
    for (const name of names) await writeFile(file(name), 'x');
    // A real file saved after them: once it is reported, the leftovers would have been too.
    await writeFile(file('home.md'), 'x');
    await eventually('the real file', () => count('home.md') >= 1);
    await sleep(SETTLE_MS);
    expect(new Set(reported)).toEqual(new Set(['home.md']));
  });

  it('ignores dot-folders and everything in them', async () => {
    const { file, reported, count } = await watched(['home.md']);
    await mkdir(file('.git'));
    await writeFile(file('.git/index'), 'x');
    await writeFile(file('home.md'), 'x');
    await eventually('the real file', () => count('home.md') >= 1);
    await sleep(SETTLE_MS);
    expect(new Set(reported)).toEqual(new Set(['home.md']));
  });

  it('still reports names that only resemble leftovers', async () => {
    const { file, count } = await watched();
    const names = ['49130.md', 'swap.md', 'a~b.md', 'note#1.md', 'tmp.md'];
    for (const name of names) await writeFile(file(name), 'x');
    for (const name of names) await eventually(name, () => count(name) >= 1);
  });
});

describe('watchFiles looks again at a file saved twice in quick succession', { timeout: 15_000 }, () => {
  it("reports a second save that came within the first one's event window (a formatter saving again)", async () => {
    const { file, lastRead } = await watched(['home.md']);
    await writeFile(file('home.md'), 'due');
    await eventually('the first save', () => lastRead('home.md') === 'due');
    // At once, within the 50 ms in which chokidar takes further change events of the file as the first save's.
    await writeFile(file('home.md'), 'tre, formattato');
    await eventually('a report of the second save', () => lastRead('home.md') === 'tre, formattato');
  });

  it('reports a save made many times in a burst with its last bytes', async () => {
    const { file, lastRead } = await watched(['home.md']);
    for (let save = 1; save <= 40; save++) await writeFile(file('home.md'), `versione ${save}`);
    await eventually('the last save', () => lastRead('home.md') === 'versione 40');
  });

  it('reports nothing more when the file is as it was reported', async () => {
    const { file, reported, lastRead } = await watched(['home.md']);
    await writeFile(file('home.md'), 'due');
    await eventually('the save', () => lastRead('home.md') === 'due');
    const before = reported.length;
    await sleep(SETTLE_MS);
    expect(reported.length).toBe(before);
  });

  it('reports a file removed just after it was saved', async () => {
    const { file, lastRead } = await watched(['home.md']);
    await writeFile(file('home.md'), 'due');
    await eventually('the save', () => lastRead('home.md') === 'due');
    await rm(file('home.md'));
    await eventually('the removal', () => lastRead('home.md') === 'missing');
  });

  it('stops looking once closed', async () => {
    const { file, watch, reported, lastRead } = await watched(['home.md']);
    await writeFile(file('home.md'), 'due');
    await eventually('the save', () => lastRead('home.md') === 'due');
    await watch.close();
    const before = reported.length;
    await writeFile(file('home.md'), 'tre');
    await sleep(SETTLE_MS);
    expect(reported.length).toBe(before);
  });
});
