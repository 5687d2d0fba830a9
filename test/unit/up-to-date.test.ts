// checkUpToDate: a build is skipped only when every input, every setting and the output folder are as the recorded build left them.
import { existsSync } from 'node:fs';
import { appendFile, link, mkdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions, type ResolvedOptions } from '../../src/options.ts';
import { checkUpToDate, recordFile, type BuildReport } from '../../src/up-to-date.ts';
import { tempDir } from '../helpers/files.ts';
import { projectWith } from '../helpers/fixtures.ts';

const REPORT: BuildReport = { stdout: 'Built 7 pages, 451.0 kB in 0.16 s into dist/\n', stderr: 'content/home.md:7: warning: heros: unknown field\n' };
const SETTINGS = { bundle: 'abc123', force: false, lang: null };

/** A copy of the minimal fixture, an output folder as a build leaves it, and the options of a build from one into the other (with a cache folder of its own). */
async function project(overlay: Record<string, string> = {}): Promise<{ dir: string; options: ResolvedOptions }> {
  const dir = await projectWith(overlay);
  const options = { ...resolveOptions({ content: path.join(dir, 'content'), out: path.join(dir, 'dist') }), cacheDir: path.join(dir, 'cache') };
  await writeOutput(options.out);
  return { dir, options };
}

async function writeOutput(out: string): Promise<void> {
  await mkdir(path.join(out, 'static', 'css'), { recursive: true });
  await mkdir(path.join(out, '.brochure-output'));
  await writeFile(path.join(out, 'index.html'), '<h1>Home</h1>');
  await writeFile(path.join(out, 'static', 'css', 'site.css'), 'body{}');
}

/** Checks, then records the build that would follow, as `brochure build` does. */
async function buildAndRecord(options: ResolvedOptions, settings: Record<string, unknown> = SETTINGS, report = REPORT): Promise<void> {
  checkUpToDate(options, settings).record(report, (await stat(options.out, { bigint: true })).ino);
}

describe('checkUpToDate', () => {
  it('finds nothing to skip without a record, then the recorded report once a build was recorded', async () => {
    const { options } = await project();
    const first = checkUpToDate(options, SETTINGS);
    expect(first.report).toBeUndefined();
    first.record(REPORT, (await stat(options.out, { bigint: true })).ino);
    expect(checkUpToDate(options, SETTINGS).report).toEqual(REPORT);
    // Checking changes nothing: the next check finds the same.
    expect(checkUpToDate(options, SETTINGS).report).toEqual(REPORT);
  });

  it('builds again after any change to a content file, even of the same size and with its old modification time', async () => {
    const { options } = await project();
    await buildAndRecord(options);
    const file = path.join(options.content, 'services', '01-colloquio.md');
    const before = await stat(file);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('Colloquio', 'Colloquia'));
    await utimes(file, before.atime, before.mtime);
    expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
  });

  it('builds again when a content file is added, removed or renamed, or an image replaced', async () => {
    const changes: ((options: ResolvedOptions) => Promise<void>)[] = [
      (options) => writeFile(path.join(options.content, 'services', '02-nuovo.md'), '---\ntitle: Nuovo\n---\n'),
      (options) => rm(path.join(options.content, 'services', '01-colloquio.md')),
      (options) => rename(path.join(options.content, 'services', '01-colloquio.md'), path.join(options.content, 'services', '03-colloquio.md')),
      (options) => appendFile(path.join(options.content, 'site.yaml'), '\n'),
      async (options) => {
        const image = path.join(options.content, 'images', 'hero.jpg');
        await writeFile(`${image}.new`, await readFile(image));
        await rename(`${image}.new`, image);
      },
    ];
    for (const change of changes) {
      const { options } = await project();
      await buildAndRecord(options);
      await change(options);
      expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
    }
  });

  it('builds again when a setting differs: the CLI, a flag, the options', async () => {
    const { options } = await project();
    await buildAndRecord(options);
    expect(checkUpToDate(options, { ...SETTINGS, bundle: 'def456' }).report).toBeUndefined();
    await buildAndRecord(options);
    expect(checkUpToDate(options, { ...SETTINGS, lang: 'it' }).report).toBeUndefined();
    await buildAndRecord(options);
    expect(checkUpToDate({ ...options, quiet: true }, SETTINGS).report).toBeUndefined();
  });

  it('builds again when the output folder is not exactly as the build left it', async () => {
    const changes: ((out: string) => Promise<void>)[] = [
      (out) => writeFile(path.join(out, 'index.html'), '<h1>Hack</h1>'),
      (out) => appendFile(path.join(out, 'index.html'), ' '),
      async (out) => {
        const now = new Date(Date.now() + 5000);
        await utimes(path.join(out, 'static', 'css', 'site.css'), now, now);
      },
      (out) => writeFile(path.join(out, 'CNAME'), 'example.com'),
      (out) => mkdir(path.join(out, 'drafts')),
      (out) => rm(path.join(out, 'static', 'css', 'site.css')),
      (out) => rm(out, { recursive: true }),
    ];
    for (const change of changes) {
      const { options } = await project();
      await buildAndRecord(options);
      await change(options.out);
      expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
    }
  });

  it('removes the record when it finds a change, so a build that then fails leaves none behind', async () => {
    const { options } = await project();
    await buildAndRecord(options);
    expect(existsSync(recordFile(options))).toBe(true);
    await appendFile(path.join(options.content, 'home.md'), '\n');
    checkUpToDate(options, SETTINGS);
    expect(existsSync(recordFile(options))).toBe(false);
  });

  it('records nothing when the output holds another folder than the one the build put in place', async () => {
    const { options } = await project();
    const made = (await stat(options.out, { bigint: true })).ino;
    // Another build into the same folder swapped its own in meanwhile (made while this one's existed: another inode).
    await writeOutput(`${options.out}.other`);
    await rm(options.out, { recursive: true });
    await rename(`${options.out}.other`, options.out);
    checkUpToDate(options, SETTINGS).record(REPORT, made);
    expect(existsSync(recordFile(options))).toBe(false);
    expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
  });

  it('keeps one record per output folder', async () => {
    const { dir, options } = await project();
    const other = { ...options, out: path.join(dir, 'public') };
    await writeOutput(other.out);
    await buildAndRecord(options, SETTINGS, { stdout: 'into dist/\n', stderr: '' });
    await buildAndRecord(other, SETTINGS, { stdout: 'into public/\n', stderr: '' });
    expect(checkUpToDate(options, SETTINGS).report?.stdout).toBe('into dist/\n');
    expect(checkUpToDate(other, SETTINGS).report?.stdout).toBe('into public/\n');
  });

  it('follows a linked output folder, and builds again when the link leads elsewhere', async () => {
    const { dir, options } = await project();
    const deploy = path.join(dir, 'deploy');
    await rename(options.out, deploy);
    await symlink(deploy, options.out);
    await buildAndRecord(options);
    expect(checkUpToDate(options, SETTINGS).report).toEqual(REPORT);
    const elsewhere = path.join(dir, 'elsewhere');
    await writeOutput(elsewhere);
    await rm(options.out);
    await symlink(elsewhere, options.out);
    expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
  });

  it('never skips a build whose content holds what it cannot vouch for: a named pipe, a linked folder', async () => {
    const pipe = await project();
    execFileSync('mkfifo', [path.join(pipe.options.content, 'images', 'pipe')]);
    await buildAndRecord(pipe.options);
    expect(checkUpToDate(pipe.options, SETTINGS).report).toBeUndefined();

    const linked = await project();
    const photos = path.join(await tempDir(), 'photos');
    await mkdir(photos);
    await symlink(photos, path.join(linked.options.content, 'images', 'shared'));
    await buildAndRecord(linked.options);
    expect(checkUpToDate(linked.options, SETTINGS).report).toBeUndefined();
  });

  it('takes a linked content file as the file it leads to', async () => {
    const { dir, options } = await project();
    const shared = path.join(dir, 'shared-privacy.md');
    await rename(path.join(options.content, 'privacy.md'), shared);
    await symlink(shared, path.join(options.content, 'privacy.md'));
    await buildAndRecord(options);
    expect(checkUpToDate(options, SETTINGS).report).toEqual(REPORT);
    await appendFile(shared, '\nUna riga in più.\n');
    expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
  });
  it('takes the output while the previous output, which shares its files, is still being removed', async () => {
    const { dir, options } = await project();
    const previous = await linkedPrevious(dir, options.out);
    let removed = false;
    const removal = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      await rm(previous, { recursive: true });
      removed = true;
    });
    await checkUpToDate(options, SETTINGS).record(REPORT, (await stat(options.out, { bigint: true })).ino, removal);
    expect(removed).toBe(true);
    // The removal changed the shared files' change times (their link count) after the output was taken.
    expect(checkUpToDate(options, SETTINGS).report).toEqual(REPORT);
  });

  it('builds again when an output file is rewritten after the record with its old modification time', async () => {
    const { dir, options } = await project();
    const previous = await linkedPrevious(dir, options.out);
    await checkUpToDate(options, SETTINGS).record(REPORT, (await stat(options.out, { bigint: true })).ino, rm(previous, { recursive: true }));
    const settled = BigInt((JSON.parse(await readFile(recordFile(options), 'utf8')) as { output: { settled: string } }).output.settled);
    await clockPast(dir, settled);
    const file = path.join(options.out, 'index.html');
    const before = await stat(file);
    await writeFile(file, '<h1>Hack</h1>');
    await utimes(file, before.atime, before.mtime);
    expect((await stat(file)).size).toBe(before.size);
    expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
  });

  it('records nothing when the removal of the previous output fails', async () => {
    const { options } = await project();
    await checkUpToDate(options, SETTINGS).record(REPORT, (await stat(options.out, { bigint: true })).ino, Promise.reject(new Error('EACCES')));
    expect(existsSync(recordFile(options))).toBe(false);
    expect(checkUpToDate(options, SETTINGS).report).toBeUndefined();
  });
});

/** A previous output beside `out` whose files are hard links to out's, as a build that reused them leaves it (src/output/reuse-previous.ts). */
async function linkedPrevious(dir: string, out: string): Promise<string> {
  const previous = path.join(dir, 'dist.old');
  await mkdir(path.join(previous, 'static', 'css'), { recursive: true });
  for (const file of ['index.html', path.join('static', 'css', 'site.css')]) await link(path.join(out, file), path.join(previous, file));
  return previous;
}

/** Waits until the file system stamps changes later than `time` (nanoseconds): its clock moves in ticks. */
async function clockPast(dir: string, time: bigint): Promise<void> {
  const probe = path.join(dir, 'clock-probe');
  for (;;) {
    await writeFile(probe, '');
    if ((await stat(probe, { bigint: true })).ctimeNs > time) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
