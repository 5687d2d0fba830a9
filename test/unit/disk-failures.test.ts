// A read-only disk, a full one, an output folder that is a mount point: `build` says each in one line naming the path and what to do, in the site's language, and keeps the last output.
// The failures are injected where brochure meets the file system (node:fs/promises), as the kernel gives
// them and as Node reports them: a recursive mkdir on a read-only disk says ENOENT (only a plain mkdir
// says EROFS), a failed write names no file. The same three run on real tmpfs mounts too
// (read-only, 64 kB full, a mount point as --out): test/integration/environment.test.ts, "real disks", as root.
import { readFile, readdir, writeFile as realWriteFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.ts';
import { describeEnvironmentError } from '../../src/cli/environment-error.ts';
import { makeFolder } from '../../src/output/write-site.ts';
import { hashTree } from '../helpers/files.ts';
import { projectWith } from '../helpers/fixtures.ts';

/** Where each failure applies: paths starting with these (unset: none). */
const failing = vi.hoisted(() => ({
  readOnly: undefined as string | undefined,
  full: undefined as string | undefined,
  mountPoint: undefined as string | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const inside = (root: string | undefined, file: unknown) => root !== undefined && String(file).startsWith(root);
  const failure = (code: string, syscall: string, file?: string) =>
    Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, ...(file !== undefined && { path: file }) });
  const mocked: typeof actual = {
    ...actual,
    mkdir: (async (folder: string, options?: { recursive?: boolean }) => {
      if (inside(failing.readOnly, folder))
        throw options?.recursive ? failure('ENOENT', 'mkdir', folder) : failure('EROFS', 'mkdir', folder);
      return actual.mkdir(folder, options);
    }) as typeof actual.mkdir,
    writeFile: (async (
      file: string,
      ...rest: Parameters<typeof actual.writeFile> extends [unknown, ...infer R] ? R : never
    ) => {
      if (inside(failing.full, file)) throw failure('ENOSPC', 'write');
      return actual.writeFile(file, ...rest);
    }) as typeof actual.writeFile,
    rename: (async (from: string, to: string) => {
      if (failing.mountPoint !== undefined && String(from) === failing.mountPoint)
        throw failure('EBUSY', 'rename', from);
      return actual.rename(from, to);
    }) as typeof actual.rename,
  };
  return { ...mocked, default: mocked };
});

// The output's files are written synchronously (src/output/write-site.ts): the same full disk there.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const mocked: typeof actual = {
    ...actual,
    writeFileSync: ((
      file: string,
      ...rest: Parameters<typeof actual.writeFileSync> extends [unknown, ...infer R] ? R : never
    ) => {
      if (failing.full !== undefined && String(file).startsWith(failing.full))
        throw Object.assign(new Error('ENOSPC: write'), { code: 'ENOSPC', syscall: 'write' });
      return actual.writeFileSync(file, ...rest);
    }) as typeof actual.writeFileSync,
  };
  return { ...mocked, default: mocked };
});

afterEach(() => {
  failing.readOnly = failing.full = failing.mountPoint = undefined;
  process.exitCode = undefined;
});

/** `build` run by main, as the CLI runs it, with what it printed. */
async function build(...argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
    vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)),
    vi.spyOn(console, 'log').mockImplementation(() => undefined),
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void (stderr += `${parts.join(' ')}\n`)),
  ];
  try {
    return { code: await main(['build', ...argv]), stderr };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The minimal site, Italian (site.yaml `language: it`), built once into `dist/`. */
async function italianSite(): Promise<{ project: string; content: string; out: string }> {
  const project = await projectWith();
  const content = path.join(project, 'content');
  const site = path.join(content, 'site.yaml');
  await realWriteFile(site, `${(await readFile(site, 'utf8')).replace(/^language: .*\n/m, '')}language: it\n`);
  const out = path.join(project, 'dist');
  expect((await build('--content', content, '--out', out, '--quiet')).code).toBe(0);
  return { project, content, out };
}

// Each test builds the site twice (the first cold): a busy machine takes longer than vitest's 5 s.
describe(
  'the machine fails under build: one line in the site’s language, the last output kept',
  { timeout: 60_000 },
  () => {
    it('an output folder on a read-only disk names the folder (not the ENOENT Node gives a recursive mkdir there)', async () => {
      const { project, content } = await italianSite();
      const disk = path.join(project, 'sola-lettura');
      failing.readOnly = `${disk}/`;
      const { mkdir } = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
      await mkdir(disk);
      const result = await build('--content', content, '--out', path.join(disk, 'dist'));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^impossibile scrivere \S*sola-lettura\/dist: il disco è in sola lettura: scegli con --out una cartella su un disco in cui si può scrivere\.\n$/,
      );
      expect(await readdir(disk)).toEqual([]);
    });

    it('a full disk names the file it could not write, and leaves no staging folder', async () => {
      const { project, content, out } = await italianSite();
      const before = await hashTree(out);
      failing.full = `${out}.tmp-`;
      const result = await build('--content', content, '--out', out);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^impossibile scrivere \S*dist\/\S+: il disco è pieno: libera un po’ di spazio e rilancia il comando\.\n$/,
      );
      expect(await hashTree(out)).toEqual(before);
      expect((await readdir(project)).filter((name) => name.startsWith('dist.'))).toEqual([]);
    });

    it('an output folder that is a mount point (it cannot be renamed) says so, not "in use by another program" alone', async () => {
      const { content, out } = await italianSite();
      const before = await hashTree(out);
      failing.mountPoint = out;
      const result = await build('--content', content, '--out', out, '--lang', 'en');
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^cannot write \S*dist: it is a mount point \(a disk of its own\) or in use by another program, and a build replaces its output folder as a whole; choose a folder inside it with --out\.\n$/,
      );
      expect(await hashTree(out)).toEqual(before);
    });
  },
);

describe('makeFolder', () => {
  it('fails with the reason a plain mkdir gives, at the first folder it could not make', async () => {
    const project = await projectWith();
    failing.readOnly = `${project}/ro/`;
    const { mkdir } = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    await mkdir(path.join(project, 'ro'));
    const error = await makeFolder(path.join(project, 'ro', 'a', 'b')).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'EROFS', syscall: 'mkdir', path: path.join(project, 'ro', 'a') });
    expect(describeEnvironmentError(error, (file) => path.relative(project, file), 'it')).toBe(
      'impossibile scrivere ro/a: il disco è in sola lettura: scegli con --out una cartella su un disco in cui si può scrivere.',
    );
  });
});
