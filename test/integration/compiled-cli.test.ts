// bin/brochure.js: the compiled CLI (one CommonJS file) and V8's code cache of it, per command and bundle, in a copy of the package.
import { cp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';
import { listTree, tempDir } from '../helpers/files.ts';

describe('the compiled CLI', () => {
  let install: string;
  let project: string;
  const bin = () => path.join(install, 'bin', 'brochure.js');
  const bundleId = async () => /^\/\/ brochure-bundle ([0-9a-f]{16})\n/.exec(await readFile(path.join(install, 'lib', 'cli.cjs'), 'utf8'))?.[1];
  const caches = async () => (await readdir(path.join(install, 'lib', 'code-cache'))).sort();

  beforeAll(async () => {
    // A copy of the package, so its lib/ is its own while other test files run the repository's.
    install = await tempDir('brochure-install-');
    for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json']) await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'));
    project = await tempDir('brochure-project-');
    await cp(fixture('minimal'), project, { recursive: true });
  });

  it('compiles src/ into lib/cli.cjs named by its hash, and keeps the code of each command once it ran', async () => {
    const version = await runCli(['--version'], project, { bin: bin(), timeout: 120_000 });
    expect(version).toMatchObject({ code: 0, stderr: '' });
    const id = await bundleId();
    expect(id).toBeDefined();
    expect(await caches()).toEqual([`version-${id}.v8`]);
    const build = await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 });
    expect(build).toMatchObject({ code: 0, stderr: '', stdout: '' });
    expect(await caches()).toEqual([`build-${id}.v8`, `version-${id}.v8`]);
  }, 180_000);

  it('builds the same site from the code cache, and a cache V8 rejects is made again', async () => {
    const id = await bundleId();
    const cacheFile = path.join(install, 'lib', 'code-cache', `build-${id}.v8`);
    const before = await listTree(path.join(project, 'dist'));
    const html = await readFile(path.join(project, 'dist', 'index.html'));
    // A content file touched each time, so these builds run (an unchanged one is skipped as up to date, src/up-to-date.ts).
    const touch = () => utimes(path.join(project, 'content', 'home.md'), new Date(), new Date());
    await touch();
    const cached = await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 });
    expect(cached).toMatchObject({ code: 0, stderr: '', stdout: '' });
    expect(await listTree(path.join(project, 'dist'))).toEqual(before);
    expect((await readFile(path.join(project, 'dist', 'index.html'))).equals(html)).toBe(true);
    // Not code V8 wrote: rejected, the build runs as without a cache, and a good one replaces it.
    await writeFile(cacheFile, Buffer.alloc(4096, 7));
    await touch();
    const build = await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 });
    expect(build).toMatchObject({ code: 0, stderr: '', stdout: '' });
    expect(await listTree(path.join(project, 'dist'))).toEqual(before);
    expect((await readFile(path.join(project, 'dist', 'index.html'))).equals(html)).toBe(true);
    expect((await readFile(cacheFile)).equals(Buffer.alloc(4096, 7))).toBe(false);
  }, 180_000);

  it('writes no cache for a build found up to date: it compiled the check, not the pipeline', async () => {
    const id = await bundleId();
    await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 });
    await rm(path.join(install, 'lib', 'code-cache', `build-${id}.v8`));
    const skipped = await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 });
    expect(skipped).toMatchObject({ code: 0, stderr: '', stdout: '' });
    expect(await caches()).not.toContain(`build-${id}.v8`);
    await utimes(path.join(project, 'content', 'home.md'), new Date(), new Date());
    await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 });
    expect(await caches()).toContain(`build-${id}.v8`);
  }, 180_000);

  it('writes no cache for a failed run', async () => {
    const id = await bundleId();
    const failed = await runCli(['check', '--content', 'missing'], project, { bin: bin(), timeout: 120_000 });
    expect(failed.code).not.toBe(0);
    expect(await caches()).not.toContain(`check-${id}.v8`);
  }, 180_000);
});
