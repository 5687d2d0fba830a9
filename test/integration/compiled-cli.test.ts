// bin/brochure.js: the compiled CLI (lib/cli.cjs) in a copy of the package, made once and again when src/ changes.
import { cp, readFile, stat, symlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';
import { listTree, tempDir } from '../helpers/files.ts';

describe('the compiled CLI', () => {
  let install: string;
  let project: string;
  const bin = () => path.join(install, 'bin', 'brochure.js');
  const compiledAt = async () => (await stat(path.join(install, 'lib', 'cli.cjs'))).mtimeMs;

  beforeAll(async () => {
    // A copy of the package, so its lib/ is its own while other test files run the repository's.
    install = await tempDir('brochure-install-');
    for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json'])
      await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'));
    project = await tempDir('brochure-project-');
    await cp(fixture('minimal'), project, { recursive: true });
  });

  it('compiles src/ into lib/cli.cjs on first use, then runs it without compiling again', async () => {
    expect(await runCli(['--version'], project, { bin: bin(), timeout: 120_000 })).toMatchObject({
      code: 0,
      stderr: '',
    });
    const first = await compiledAt();
    expect(await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 })).toMatchObject({
      code: 0,
      stderr: '',
      stdout: '',
    });
    expect(await compiledAt()).toBe(first);
  }, 180_000);

  it('compiles again when a source file is newer, and builds the same site', async () => {
    const before = await listTree(path.join(project, 'dist'));
    const html = await readFile(path.join(project, 'dist', 'index.html'));
    const first = await compiledAt();
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(install, 'src', 'cli.ts'), later, later);
    expect(await runCli(['build', '--quiet'], project, { bin: bin(), timeout: 120_000 })).toMatchObject({
      code: 0,
      stderr: '',
      stdout: '',
    });
    expect(await compiledAt()).not.toBe(first);
    expect(await listTree(path.join(project, 'dist'))).toEqual(before);
    expect((await readFile(path.join(project, 'dist', 'index.html'))).equals(html)).toBe(true);
  }, 180_000);
});
