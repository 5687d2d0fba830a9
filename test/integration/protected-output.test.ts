// The output folder is brochure's or it is not touched: every protected --out, in throw-away folders, deletes nothing.
import { spawn } from 'node:child_process';
import { cp, lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { fixture } from '../helpers/fixtures.ts';
import { hashTree, listTree, tempDir } from '../helpers/files.ts';

const STACK = /^\s+at .+:\d+:\d+\)?$/m;

/**
 * Runs brochure with HOME set to a throw-away folder, so `--out ~` can only ever reach that: `build`
 * in this process (the guard and its messages are `main`'s, as in a spawned CLI), `watch` as a real
 * process, which the refusal must stop before it starts serving.
 */
function run(args: string[], cwd: string, home: string, timeout = 60_000): Promise<CliResult> {
  if (args[0] !== 'watch') return runInProcess(args, cwd, { env: { HOME: home } });
  return runCli(args, cwd, { env: { HOME: home }, timeout });
}

/** The pid of a process that has exited: what a build killed with -9 leaves in its folder names. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

/**
 * A throw-away world: `home/` (with .ssh and Documents), and inside it `work/project/` (a git-like
 * project holding `content/`, src/, notes) and `work/other/` (a folder of unrelated files).
 */
async function world(): Promise<{ root: string; home: string; project: string; other: string }> {
  const root = await tempDir('brochure-protect-');
  const home = path.join(root, 'home');
  const project = path.join(home, 'work', 'project');
  const other = path.join(home, 'work', 'other');
  await mkdir(path.join(home, '.ssh'), { recursive: true });
  await writeFile(path.join(home, '.ssh', 'id_ed25519'), 'private key');
  await mkdir(path.join(home, 'Documents'));
  await writeFile(path.join(home, 'Documents', 'tesi.txt'), 'years of work');
  await cp(fixture('minimal'), project, { recursive: true });
  await mkdir(path.join(project, '.git'));
  await writeFile(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(path.join(project, 'package.json'), '{}');
  await writeFile(path.join(project, 'notes.txt'), 'untracked notes');
  await mkdir(other);
  await writeFile(path.join(other, 'photo.jpg'), 'holiday');
  await writeFile(path.join(root, 'file.txt'), 'a file');
  return { root, home, project, other };
}

type World = Awaited<ReturnType<typeof world>>;

// [case, args (from the project folder), first line of the refusal]
const REFUSED: [string, (w: World) => string[], RegExp][] = [
  [
    '--out . (the project)',
    () => ['build', '--out', '.'],
    /^\.\/ is the working folder \(\.\); a build replaces its output folder entirely, so brochure will not write there \(not even with --force\)/,
  ],
  ['--out . --force', () => ['build', '--out', '.', '--force'], /^\.\/ is the working folder/],
  ['--out content', () => ['build', '--out', 'content'], /^content\/ is the content folder \(content\)/],
  [
    '--out content/images (inside the content)',
    () => ['build', '--out', 'content/images', '--force'],
    /^content\/images\/ is inside content\/, which brochure reads while building/,
  ],
  [
    '--out the parent of the content folder',
    (w) => ['build', '--content', path.join(w.project, 'content'), '--out', w.project, '--force'],
    /is the working folder/,
  ],
  [
    '--out .. (contains the project)',
    () => ['build', '--out', '..', '--force'],
    /^\/.*\/work\/ contains the working folder \(\.\)/,
  ],
  [
    '--out ~ (the home folder)',
    (w) => ['build', '--out', w.home, '--force'],
    /contains the working folder|is your home folder/,
  ],
  [
    '--out=~/sito (a ~ the shell left as it is)',
    () => ['build', '--out=~/sito'],
    /^~\/sito\/ names a folder called "~", not your home folder: the shell replaces ~ only at the start of a word outside quotes/,
  ],
  ['watch --out "~" (quoted)', () => ['watch', '--out', '~', '--port', '0'], /^~\/ names a folder called "~"/],
  [
    '--out naming an existing file',
    (w) => ['build', '--out', path.join(w.root, 'file.txt'), '--force'],
    /file\.txt\/ is an existing file, not a folder; brochure will not replace it \(not even with --force\)/,
  ],
  [
    '--out a folder of unrelated files',
    (w) => ['build', '--out', w.other],
    /other\/ was not written by brochure \(it holds photo\.jpg\); a build replaces the whole folder, so they would be lost\. Move them elsewhere, choose another --out, or run again with --force/,
  ],
  ['watch --out .', () => ['watch', '--out', '.', '--port', '0'], /^\.\/ is the working folder/],
  [
    'watch --out a folder of unrelated files',
    (w) => ['watch', '--out', w.other, '--port', '0'],
    /other\/ was not written by brochure/,
  ],
];

describe.concurrent('protected output folders', () => {
  it.each(REFUSED)(
    '%s: exit 2, one clear line, nothing deleted',
    async (_name, args, first) => {
      const w = await world();
      const before = await hashTree(w.root);
      const result = await run(args(w), w.project, w.home);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr.split('\n')[0]).toMatch(first);
      expect(result.stderr).not.toMatch(STACK);
      expect(result.stdout).toBe('');
      expect(await hashTree(w.root)).toEqual(before);
      expect((await readdir(w.project)).sort()).toEqual(['.git', 'content', 'notes.txt', 'package.json']);
    },
    60_000,
  );

  it('says a refusal in the language of site.yaml, or of --lang', async () => {
    const w = await world();
    const site = path.join(w.project, 'content', 'site.yaml');
    await writeFile(site, `language: it\n${await readFile(site, 'utf8')}`);
    const italian = await run(['build', '--out', 'content'], w.project, w.home);
    expect(italian.code).toBe(2);
    expect(italian.stderr).toBe(
      'content/ è la cartella dei contenuti (content): una build sostituisce per intero la cartella in cui scrive, quindi brochure non scriverà lì (nemmeno con --force). Scegli un’altra cartella con --out, per esempio "dist".\n',
    );
    const watched = await run(['watch', '--out', w.other, '--port', '0'], w.project, w.home);
    expect(watched.code).toBe(2);
    expect(watched.stderr.split('\n')[0]).toMatch(
      /^.*other\/ non è stata scritta da brochure \(contiene photo\.jpg\): una build sostituisce l’intera cartella/,
    );
    const english = await run(['build', '--out', 'content', '--lang', 'en'], w.project, w.home);
    expect(english.stderr.split('\n')[0]).toMatch(/^content\/ is the content folder \(content\); a build replaces/);
  }, 60_000);

  it('refuses the home folder itself when the project lives elsewhere', async () => {
    const w = await world();
    const elsewhere = await tempDir('brochure-elsewhere-');
    await cp(fixture('minimal'), elsewhere, { recursive: true });
    const before = await hashTree(w.home);
    const result = await run(['build', '--out', w.home, '--force'], elsewhere, w.home);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^\/.*\/home\/ is your home folder; a build replaces its output folder entirely/);
    expect(await hashTree(w.home)).toEqual(before);
  });
});

describe('output folders brochure may write', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('replaces its own output, but refuses once a deploy checkout adds .git and CNAME to it', async () => {
    expect((await run(['build', '--quiet'], w.project, w.home)).code).toBe(0);
    expect(await listTree(path.join(w.project, 'dist'))).toContain('index.html');
    expect((await run(['build', '--quiet'], w.project, w.home)).code).toBe(0);
    await mkdir(path.join(w.project, 'dist', '.git'));
    await writeFile(path.join(w.project, 'dist', '.git', 'HEAD'), 'ref: refs/heads/gh-pages\n');
    await writeFile(path.join(w.project, 'dist', 'CNAME'), 'www.example.com\n');
    const before = await hashTree(path.join(w.project, 'dist'));
    const result = await run(['build'], w.project, w.home);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'dist/ holds files brochure did not write (.git, CNAME); a build replaces the whole folder, so they would be lost. Move them elsewhere, choose another --out, or run again with --force to replace the folder anyway.',
    );
    expect(await hashTree(path.join(w.project, 'dist'))).toEqual(before);
  });

  it('counts the icons, host files, .br/.gz siblings and the files of content/public/ as its own: the next build needs no --force', async () => {
    const project = path.join(w.root, 'with-public');
    await cp(w.project, project, { recursive: true });
    await rm(path.join(project, 'dist'), { recursive: true, force: true });
    await mkdir(path.join(project, 'content', 'public'), { recursive: true });
    await writeFile(path.join(project, 'content', 'public', 'CNAME'), 'www.example.com\n');
    expect((await run(['build', '--quiet'], project, w.home)).code).toBe(0);
    const names = await readdir(path.join(project, 'dist'));
    expect(names).toEqual(expect.arrayContaining(['CNAME', 'favicon.ico', '_redirects', 'index.html.gz']));
    const again = await run(['build', '--quiet'], project, w.home);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
  });

  it('replaces a folder of unknown origin with --force, and an empty folder without', async () => {
    expect((await run(['build', '--quiet', '--out', w.other, '--force'], w.project, w.home)).code).toBe(0);
    expect(await listTree(w.other)).toContain('index.html');
    expect(await listTree(w.other)).not.toContain('photo.jpg');
    const empty = path.join(w.root, 'empty');
    await mkdir(empty);
    expect((await run(['build', '--quiet', '--out', empty], w.project, w.home)).code).toBe(0);
    expect(await listTree(empty)).toContain('index.html');
  });

  it('writes through a symlinked output folder: the link stays, the folder it points to gets the site', async () => {
    const project = path.join(w.root, 'linked');
    await cp(fixture('minimal'), project, { recursive: true });
    const target = path.join(w.root, 'deploy', 'site');
    await mkdir(target, { recursive: true });
    await symlink(target, path.join(project, 'dist'));
    for (let i = 0; i < 2; i++) {
      const result = await run(['build', '--quiet'], project, w.home);
      expect(result.code, result.stderr).toBe(0);
      expect((await lstat(path.join(project, 'dist'))).isSymbolicLink()).toBe(true);
      expect(await readlink(path.join(project, 'dist'))).toBe(target);
      expect(await listTree(target)).toContain('index.html');
    }
    expect((await readdir(path.join(w.root, 'deploy'))).sort()).toEqual(['site']);
  });

  it('after a build killed between the two renames of the swap, the next command puts the previous site back before speaking of it', async () => {
    const project = path.join(w.root, 'killed');
    await cp(fixture('minimal'), project, { recursive: true });
    expect((await run(['build', '--quiet'], project, w.home)).code).toBe(0);
    const site = await hashTree(path.join(project, 'dist'));
    // The state a kill -9 leaves after `rename(dist, dist.old-<pid>)`, before `rename(dist.tmp-<pid>, dist)`.
    const pid = await deadPid();
    await rename(path.join(project, 'dist'), path.join(project, `dist.old-${pid}`));
    await cp(path.join(project, `dist.old-${pid}`), path.join(project, `dist.tmp-${pid}`), { recursive: true });
    await writeFile(path.join(project, `dist.tmp-${pid}`, 'index.html'), 'the new build');
    // A failing build now: its message says dist/ was left unchanged, and it is true.
    const rossi = path.join(project, 'content/professionals/rossi.md');
    await writeFile(rossi, (await readFile(rossi, 'utf8')).replace('type: work', 'type: job'));
    const result = await run(['build'], project, w.home);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('dist/ was left unchanged.');
    expect(await hashTree(path.join(project, 'dist'))).toEqual(site);
    expect((await readdir(project)).sort()).toEqual(['content', 'dist', `dist.tmp-${pid}`]);
    // The next good build clears what the killed one left.
    await writeFile(rossi, (await readFile(rossi, 'utf8')).replace('type: job', 'type: work'));
    expect((await run(['build', '--quiet'], project, w.home)).code).toBe(0);
    expect((await readdir(project)).sort()).toEqual(['content', 'dist']);
  });
});
