// `brochure build` with nothing changed since the last good build into the same folder: the same report, the output untouched; any change builds for real.
import { existsSync } from 'node:fs';
import { cp, lstat, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture } from '../helpers/fixtures.ts';
import { resolveOptions } from '../../src/options.ts';
import { recordFile } from '../../src/up-to-date.ts';

/** A temporary copy of `test/fixtures/<name>`, where `build` runs with its defaults (content/ into dist/). */
async function copyOf(name: string): Promise<string> {
  const dir = await tempDir(`brochure-up-to-date-${name}-`);
  await cp(fixture(name), dir, { recursive: true });
  return dir;
}

/** Every file and folder of an output (the folder itself as `.`) with its identity: inode, size, modification time. */
async function identities(out: string): Promise<Record<string, string>> {
  const names = ['.', ...(await readdir(out, { recursive: true }))];
  const entries = await Promise.all(names.map(async (name) => {
    const stats = await lstat(path.join(out, name), { bigint: true });
    return [name, `${stats.ino} ${stats.size} ${stats.mtimeNs}`] as const;
  }));
  return Object.fromEntries(entries);
}

const build = (dir: string, ...args: string[]) => runCli(['build', ...args], dir);

/** What a build with nothing changed prints after `built`: the same report, its last line saying nothing was built. */
function replayOf(built: Awaited<ReturnType<typeof build>>): Awaited<ReturnType<typeof build>> {
  const stdout = built.stdout.replace(/^Built (.+?) in [\d.]+ s into (.+?)\/ \(.*\)\.$/m, 'Up to date: $1 in $2/, nothing changed since the last build.');
  expect(stdout).not.toBe(built.stdout);
  return { ...built, stdout };
}

describe.concurrent('build when nothing changed', () => {
  it('prints the same report, saying nothing was built, and leaves the output untouched', async () => {
    const dir = await copyOf('minimal');
    const first = await build(dir);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Built 6 pages, .* into dist\//m);
    const before = await identities(path.join(dir, 'dist'));
    const second = await build(dir);
    expect(second).toEqual(replayOf(first));
    expect(await identities(path.join(dir, 'dist'))).toEqual(before);
  });

  it('builds for real after one content file was edited', async () => {
    const dir = await copyOf('minimal');
    await build(dir);
    const before = await identities(path.join(dir, 'dist'));
    const service = path.join(dir, 'content', 'services', '01-colloquio.md');
    await writeFile(service, (await readFile(service, 'utf8')).replace(/^title: .*$/m, 'title: Primo incontro conoscitivo'));
    const second = await build(dir);
    expect(second.code).toBe(0);
    expect(await readFile(path.join(dir, 'dist', 'percorsi.html'), 'utf8')).toContain('Primo incontro conoscitivo');
    expect((await identities(path.join(dir, 'dist')))['.']).not.toBe(before['.']);
  });

  it('builds for real when a file of the output was edited by hand or only touched, and puts the built bytes back', async () => {
    const dir = await copyOf('minimal');
    const first = await build(dir);
    const home = path.join(dir, 'dist', 'index.html');
    const built = await readFile(home, 'utf8');
    await writeFile(home, built.replace('<main', '<main data-edited'));
    const second = await build(dir);
    expect(second.code).toBe(0);
    expect(await readFile(home, 'utf8')).toBe(built);

    const before = await identities(path.join(dir, 'dist'));
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'dist', 'robots.txt'), later, later);
    const third = await build(dir);
    expect(third.stdout.split('\n').length).toBe(first.stdout.split('\n').length);
    expect((await identities(path.join(dir, 'dist')))['.']).not.toBe(before['.']);
    // And that build is recorded in turn.
    const settled = await identities(path.join(dir, 'dist'));
    expect(await build(dir)).toEqual(replayOf(third));
    expect(await identities(path.join(dir, 'dist'))).toEqual(settled);
  });

  it('with --quiet prints nothing either time; the same build without it is a build of its own, with its summary', async () => {
    const dir = await copyOf('minimal');
    expect(await build(dir, '--quiet')).toEqual({ code: 0, stdout: '', stderr: '' });
    const before = await identities(path.join(dir, 'dist'));
    expect(await build(dir, '--quiet')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await identities(path.join(dir, 'dist'))).toEqual(before);
    const loud = await build(dir);
    expect(loud.stdout).toMatch(/^Built 6 pages/m);
    expect((await identities(path.join(dir, 'dist')))['.']).not.toBe(before['.']);
  });

  it('prints the warnings again, on stderr, and exits 0', async () => {
    const dir = await copyOf('unknown-key');
    const first = await build(dir);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('warning: lsited: unknown field');
    expect(existsSync(recordFile(resolveOptions({}, dir)))).toBe(true);
    const before = await identities(path.join(dir, 'dist'));
    expect(await build(dir)).toEqual(replayOf(first));
    expect(await identities(path.join(dir, 'dist'))).toEqual(before);
  });

  it('never records a build that failed: the error is reported every time', async () => {
    const dir = await copyOf('missing-field');
    const first = await build(dir);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('heading');
    expect(existsSync(recordFile(resolveOptions({}, dir)))).toBe(false);
    expect(await build(dir)).toEqual(first);
    expect(existsSync(recordFile(resolveOptions({}, dir)))).toBe(false);
  });

  it('keeps each output folder apart (--out), and a change of folder never skips the build', async () => {
    const dir = await copyOf('minimal');
    const dist = await build(dir);
    const before = await identities(path.join(dir, 'dist'));
    const other = await build(dir, '--out', 'public');
    expect(other.code).toBe(0);
    expect(other.stdout).toMatch(/into public\//);
    expect(await build(dir, '--out', 'public')).toEqual(replayOf(other));
    expect(await build(dir)).toEqual(replayOf(dist));
    expect(await identities(path.join(dir, 'dist'))).toEqual(before);
  });
});
