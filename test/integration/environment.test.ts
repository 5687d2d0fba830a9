// The machine's mistakes, not brochure's: a read-only install, an output folder the user cannot write. One line, no stack.
import { chmod, cp, mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';
import { listTree, tempDir } from '../helpers/files.ts';

const STACK = /^\s+at .+:\d+:\d+\)?$/m;
// As root, permissions do not stop writes: run brochure as the unprivileged "nobody" instead.
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** `home` is the user's temporary folder too: caches kept there go with the test's folders. */
function runAs(bin: string, args: string[], cwd: string, home: string): Promise<CliResult> {
  return runCli(args, cwd, { bin, env: { HOME: home, TMPDIR: home }, timeout: 120_000, ...(asRoot && { user: { uid: NOBODY, gid: NOBODY } }) });
}

/** A folder everyone may enter and, with `writable`, write in (the other user must reach the project). */
async function openFolder(prefix: string, writable = true): Promise<string> {
  const dir = await tempDir(prefix);
  await chmod(dir, writable ? 0o777 : 0o755);
  return dir;
}

describe.concurrent('the environment', () => {
  it('a read-only install without lib/ runs from src/ and keeps its caches in the temporary folder', async () => {
    const install = await openFolder('brochure-install-', false);
    for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json']) await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'));
    const project = await openFolder('brochure-project-');
    await cp(fixture('minimal'), project, { recursive: true });
    await chmod(path.join(project, 'content'), 0o777);
    const home = await openFolder('brochure-home-');
    if (!asRoot) await chmod(install, 0o555);
    try {
      const result = await runAs(path.join(install, 'bin', 'brochure.js'), ['build', '--quiet'], project, home);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(await listTree(path.join(project, 'dist'))).toContain('index.html');
      expect(await readdir(install)).not.toContain('lib');
      expect(await readdir(home)).toContainEqual(expect.stringMatching(/^brochure-cache-/));
    } finally {
      await chmod(install, 0o755);
    }
  }, 120_000);

  it('an output folder in a folder the user cannot write: one line naming it and what to do', async () => {
    const project = await openFolder('brochure-project-');
    await cp(fixture('minimal'), project, { recursive: true });
    await mkdir(path.join(project, 'locked'), { mode: 0o555 });
    await chmod(path.join(project, 'locked'), 0o555);
    const home = await openFolder('brochure-home-');
    const result = await runAs(path.join(ROOT, 'bin', 'brochure.js'), ['build', '--out', 'locked/dist'], project, home);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('cannot write locked/dist: permission denied; check who owns it (ls -l) or choose a folder you can write to.\n');
    expect(result.stderr).not.toMatch(STACK);
    expect(await readdir(path.join(project, 'locked'))).toEqual([]);
  }, 120_000);
});
