// The machine's mistakes, not brochure's: a read-only install, an output folder the user cannot write. One line, no stack.
import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';
import { listTree, tempDir } from '../helpers/files.ts';

const STACK = /^\s+at .+:\d+:\d+\)?$/m;

/**
 * File modes do not stop root. As root, brochure runs as root without a single capability (setpriv,
 * from util-linux), so the modes bind it as they bind any owner, while it still reaches the checkout
 * wherever that sits: running it as another user ("nobody") failed wherever the checkout's parent
 * folders are closed to others (/root, a `mktemp -d` folder).
 */
const asRoot = process.getuid?.() === 0;
const POWERLESS = ['setpriv', '--inh-caps=-all', '--bounding-set=-all', '--'];
/** Why these tests cannot run here, or undefined: only as root without a working setpriv. */
const cannotRun = asRoot ? powerlessFails() : undefined;

function powerlessFails(): string | undefined {
  const probe = spawnSync(POWERLESS[0]!, [...POWERLESS.slice(1), process.execPath, '--version'], { encoding: 'utf8' });
  if (probe.status === 0) return undefined;
  return `as root, brochure must run without root's capabilities and \`${POWERLESS.join(' ')} node\` failed: ${probe.error?.message ?? probe.stderr.trim()}`;
}

/** `home` is the user's temporary folder too: caches kept there go with the test's folders. */
function runAs(bin: string, args: string[], cwd: string, home: string): Promise<CliResult> {
  return runCli(args, cwd, { bin, env: { HOME: home, TMPDIR: home }, timeout: 120_000, ...(asRoot && { through: POWERLESS }) });
}

describe.skipIf(cannotRun !== undefined)(`the environment${cannotRun ? ` (skipped: ${cannotRun})` : ''}`, { concurrent: true }, () => {
  it('a read-only install without lib/ runs from src/ and keeps its caches in the temporary folder', async () => {
    const install = await tempDir('brochure-install-');
    for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json']) await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
    // Its packages are the checkout's, but its node_modules/ is a read-only folder of its own, where no cache can go.
    const modules = path.join(install, 'node_modules');
    await mkdir(modules);
    for (const name of await readdir(path.join(ROOT, 'node_modules'))) if (name !== '.cache') await symlink(path.join(ROOT, 'node_modules', name), path.join(modules, name));
    const project = await tempDir('brochure-project-');
    await cp(fixture('minimal'), project, { recursive: true });
    const home = await tempDir('brochure-home-');
    await Promise.all([chmod(install, 0o555), chmod(modules, 0o555)]);
    try {
      const result = await runAs(path.join(install, 'bin', 'brochure.js'), ['build', '--quiet'], project, home);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(await listTree(path.join(project, 'dist'))).toContain('index.html');
      expect(await readdir(install)).not.toContain('lib');
      expect(await readdir(home)).toContainEqual(expect.stringMatching(/^brochure-cache-/));
    } finally {
      await Promise.all([chmod(install, 0o755), chmod(modules, 0o755)]);
    }
  }, 120_000);

  it('an output folder in a folder the user cannot write: one line naming it and what to do', async () => {
    const project = await tempDir('brochure-project-');
    await cp(fixture('minimal'), project, { recursive: true });
    await mkdir(path.join(project, 'locked'), { mode: 0o555 });
    await chmod(path.join(project, 'locked'), 0o555);
    const home = await tempDir('brochure-home-');
    const result = await runAs(path.join(ROOT, 'bin', 'brochure.js'), ['build', '--out', 'locked/dist'], project, home);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('cannot write locked/dist: permission denied; check who owns it (ls -l) or choose a folder you can write to.\n');
    expect(result.stderr).not.toMatch(STACK);
    expect(await readdir(path.join(project, 'locked'))).toEqual([]);
  }, 120_000);
});
