// The machine's mistakes, not brochure's: a read-only install, an output folder the user cannot write. One line, no stack.
import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
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
  return runCli(args, cwd, {
    bin,
    env: { HOME: home, TMPDIR: home },
    timeout: 120_000,
    ...(asRoot && { through: POWERLESS }),
  });
}

describe.skipIf(cannotRun !== undefined)(
  `the environment${cannotRun ? ` (skipped: ${cannotRun})` : ''}`,
  { concurrent: true },
  () => {
    it('a read-only install without lib/ runs from src/ and keeps its caches in the temporary folder', async () => {
      const install = await tempDir('brochure-install-');
      for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json'])
        await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
      // Its packages are the checkout's, but its node_modules/ is a read-only folder of its own, where no cache can go.
      const modules = path.join(install, 'node_modules');
      await mkdir(modules);
      for (const name of await readdir(path.join(ROOT, 'node_modules')))
        if (name !== '.cache') await symlink(path.join(ROOT, 'node_modules', name), path.join(modules, name));
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
      const result = await runAs(
        path.join(ROOT, 'bin', 'brochure.js'),
        ['build', '--out', 'locked/dist'],
        project,
        home,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'cannot write locked/dist: permission denied; check who owns it (ls -l) or choose a folder you can write to.\n',
      );
      expect(result.stderr).not.toMatch(STACK);
      expect(await readdir(path.join(project, 'locked'))).toEqual([]);
    }, 120_000);
  },
);

/**
 * Real disks: a read-only one, a full one, a mount point as the output, a read-only install. Each
 * command runs as root in a mount namespace of its own (unshare -m), where it mounts a small tmpfs
 * or a read-only bind mount that vanishes with it: nothing is left mounted whatever happens.
 */
const mounting = asRoot
  ? spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /mnt'], { encoding: 'utf8' })
  : undefined;
const cannotMount = !asRoot
  ? 'needs root, to mount'
  : mounting?.status !== 0
    ? `unshare -m could not mount a tmpfs: ${mounting?.error?.message ?? mounting?.stderr.trim()}`
    : undefined;

/** Runs `script` (sh) in a private mount namespace in `cwd`, with $BROCHURE the command to run brochure. */
function inNamespace(
  script: string,
  cwd: string,
  bin = path.join(ROOT, 'bin', 'brochure.js'),
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('unshare', ['-m', 'sh', '-ec', script], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', BROCHURE: `${process.execPath} ${bin}` },
  });
}

/** The minimal site, Italian (site.yaml `language: it`). */
async function italianProject(): Promise<string> {
  const project = await tempDir('brochure-project-');
  await cp(fixture('minimal'), project, { recursive: true });
  const site = path.join(project, 'content', 'site.yaml');
  await writeFile(site, `${(await readFile(site, 'utf8')).replace(/^language: .*\n/m, '')}language: it\n`);
  return project;
}

describe.skipIf(cannotMount !== undefined)(
  `real disks${cannotMount ? ` (skipped: ${cannotMount})` : ''}`,
  { concurrent: true },
  () => {
    it('an output folder on a read-only disk: one Italian line naming it, nothing written', async () => {
      const project = await italianProject();
      await mkdir(path.join(project, 'disk'));
      const result = inNamespace(
        'mount -t tmpfs -o size=64k tmpfs disk && mount -o remount,ro disk && $BROCHURE build --out disk/dist || echo "exit $?"',
        project,
      );
      expect(result.stderr).toBe(
        'impossibile scrivere disk/dist: il disco è in sola lettura: scegli con --out una cartella su un disco in cui si può scrivere.\n',
      );
      expect(result.stdout).toBe('exit 1\n');
    }, 120_000);

    it('a disk that fills up: one Italian line naming the file, no staging folder left', async () => {
      const project = await italianProject();
      await mkdir(path.join(project, 'disk'));
      const result = inNamespace(
        'mount -t tmpfs -o size=64k tmpfs disk && { $BROCHURE build --out disk/dist || echo "exit $?"; } && ls -A disk',
        project,
      );
      expect(result.stderr).toMatch(
        /^impossibile scrivere disk\/dist\/\S+: il disco è pieno: libera un po’ di spazio e rilancia il comando\.\n$/,
      );
      expect(result.stderr).not.toMatch(STACK);
      expect(result.stdout).toBe('exit 1\n');
    }, 120_000);

    it('an output folder that is a mount point: told to choose a folder inside it', async () => {
      const project = await italianProject();
      await mkdir(path.join(project, 'disk'));
      const result = inNamespace(
        'mount -t tmpfs -o size=4m tmpfs disk && $BROCHURE build --out disk || echo "exit $?"',
        project,
      );
      expect(result.stderr).toBe(
        'impossibile scrivere disk: è il punto di montaggio di un disco (o è in uso da un altro programma), e una build sostituisce per intero la cartella in cui scrive: scegli con --out una cartella al suo interno.\n',
      );
      expect(result.stdout).toBe('exit 1\n');
    }, 120_000);

    it('an install on a read-only disk without lib/ runs from src/ (Node says ENOENT for its recursive mkdir there)', async () => {
      const install = await tempDir('brochure-install-');
      for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json'])
        await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
      await symlink(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'));
      const project = await italianProject();
      const result = inNamespace(
        `mount --bind ${install} ${install} && mount -o remount,bind,ro ${install} && $BROCHURE build --quiet`,
        project,
        path.join(install, 'bin', 'brochure.js'),
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(await listTree(path.join(project, 'dist'))).toContain('index.html');
      expect(await readdir(install)).not.toContain('lib');
    }, 120_000);
  },
);
