// Writes the output to a staging folder beside dist/ and renames it into place only once it is complete.
import { writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath } from '../cli/display-path.ts';
import { siblingsOf } from '../host/precompress.ts';
import { HOST_FILES } from '../host/redirects.ts';
import { outputRefusals } from '../refusals.ts';
import { checkOutputFolder, markOutput, OutputRefused, type OutputGuard } from './output-guard.ts';

/**
 * Writes a build with only what site.yaml's `host` reads: `_headers` and `_redirects` for Netlify and
 * Cloudflare Pages, `.br`/`.gz` for nginx (or as `precompress` says); no host named, everything.
 */
export async function writeBuild(
  out: string,
  build: { files: ReadonlyMap<string, Uint8Array>; pages: readonly unknown[]; model: { site: { host?: string } } },
  guard: OutputGuard | undefined,
  cacheDir: string,
  precompress?: boolean,
): Promise<void> {
  const { host } = build.model.site;
  const ignored: readonly string[] = host === 'github-pages' || host === 'nginx' ? HOST_FILES : [];
  const files = new Map([...build.files].filter(([file]) => !ignored.includes(file)));
  const siblings = (file: string, bytes: Uint8Array) => siblingsOf(file, bytes, build.pages.length, cacheDir);
  await writeSite(out, files, guard, (precompress ?? (!host || host === 'nginx')) ? siblings : undefined);
}

/**
 * Fills `<out>.tmp-<pid>/` (with each file's `siblings` beside it, when given), moves the old
 * `<out>/` aside, renames the new one in, then deletes the old one. Any failure before the swap
 * removes the staging folder and leaves `<out>/` untouched.
 * Refuses (OutputRefused) an output that is not brochure's to replace (see checkOutputFolder); a
 * symlinked output is written through: the swap happens at the folder the link points to.
 */
export async function writeSite(
  outDir: string,
  files: ReadonlyMap<string, Uint8Array>,
  guard: OutputGuard = { protectedFolders: [] },
  siblings?: Siblings,
): Promise<void> {
  await recoverOutput(outDir);
  const target = await checkOutputFolder(outDir, guard, new Set([...files.keys()].map((file) => file.split('/')[0]!)));
  await makeFolder(path.dirname(target));
  const unlock = await lockOutput(target, guard.cwd);
  try {
    await removeAbandonedFolders(target);
    await writeStaged(target, files, siblings);
  } finally {
    await unlock();
  }
}

/**
 * Holds `<out>.lock` (this process's id) while the output is written and swapped, so a second build
 * refuses rather than swap at the same time; a lock whose process is gone (killed) is removed.
 */
async function lockOutput(target: string, cwd?: string): Promise<() => Promise<void>> {
  const lock = `${target}.lock`;
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      return () => rm(lock, { force: true });
    } catch (error) {
      // A message names the output, not its lock.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw Object.assign(error!, { path: target, syscall: 'write' });
    }
    const holder = Number(await readFile(lock, 'utf8').catch(() => NaN)); // NaN: released meanwhile, 0: no id yet
    if (holder === 0 || (holder && isRunning(holder))) {
      const shown = (file: string) => displayPath(file, cwd);
      throw new OutputRefused(outputRefusals.busy(`${shown(target)}/`, String(holder || '?'), shown(lock)));
    }
    if (holder) await rm(lock, { force: true });
  }
}

async function writeStaged(target: string, files: ReadonlyMap<string, Uint8Array>, siblings?: Siblings): Promise<void> {
  const staging = `${target}.tmp-${process.pid}`;
  const previous = `${target}.old-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await makeFolder(staging);
    const folders = new Set([...files.keys()].map((file) => path.dirname(path.join(staging, file))));
    for (const folder of [...folders].sort()) await makeFolder(folder);
    // A few files at a time, each with its compressed forms as soon as they are made: the forms of the
    // whole site never sit in memory together. Every write settles before the staging folder is
    // removed: one still under way when another failed would add a file while rm empties the folder.
    const entries = [...files];
    let next = 0;
    let failure: { reason: unknown } | undefined;
    const writer = async (): Promise<void> => {
      while (!failure && next < entries.length) {
        const [file, contents] = entries[next++]!;
        const target = path.join(staging, file);
        try {
          const { br, gz } = siblings ? await siblings(file, contents) : {};
          if (failure) return;
          const writes: [string, Uint8Array][] = [[target, contents]];
          if (br) writes.push([`${target}.br`, br]);
          if (gz) writes.push([`${target}.gz`, gz]);
          for (const [name, bytes] of writes) writeNamed(name, bytes);
        } catch (reason) {
          failure ??= { reason };
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    if (failure) throw failure.reason;
    await markOutput(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Messages name the output the user chose, not the staging folder beside it.
    const failed = error as NodeJS.ErrnoException;
    if (typeof failed.path === 'string' && failed.path.startsWith(staging))
      failed.path = target + failed.path.slice(staging.length);
    throw error;
  }
  await swap(staging, target, previous);
}

/**
 * `mkdir -p` that fails with the real reason: Node's recursive mkdir says ENOENT where the disk is
 * read-only (EROFS), so the first missing folder is made alone to learn why.
 */
export async function makeFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = folder;
    while (path.dirname(missing) !== missing && !(await stat(path.dirname(missing)).catch(() => undefined)))
      missing = path.dirname(missing);
    await mkdir(missing);
    throw error;
  }
}

/**
 * Writes one file on this thread: on the team's machine (ext4 in a VM) an asynchronous write costs
 * about three times the CPU (3,030 of L's files: 0.3 s against 0.1 s), its open, write and close each
 * a trip through libuv's threads, which a build keeps busy compressing meanwhile. A failed write
 * names no file (only opening does): the file it was, for the message.
 */
function writeNamed(file: string, bytes: Uint8Array): void {
  try {
    writeFileSync(file, bytes);
  } catch (error) {
    (error as NodeJS.ErrnoException).path ??= file;
    throw error;
  }
}

/** The `.br` and `.gz` forms of an output file, each only when smaller (src/host/precompress.ts `siblingsOf`). */
export type Siblings = (file: string, bytes: Uint8Array) => Promise<{ br?: Uint8Array; gz?: Uint8Array }>;

// Files written (and compressed) at a time: enough to keep libuv's four threads busy.
const WRITERS = 8;

/**
 * Puts the staging folder in place of the target with two renames, then removes the previous site.
 * Between the renames the path is briefly empty; a process killed exactly there leaves
 * `<out>.old-<pid>` (the previous site) and `<out>.tmp-<pid>` (the new one), which recoverOutput puts
 * back before anything else reads or writes the output.
 */
async function swap(staging: string, target: string, previous: string): Promise<void> {
  const hadPrevious = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await rename(staging, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

/**
 * Undoes a swap cut short by a killed build: when `<out>/` is missing and a dead build left the
 * previous site aside (`<out>.old-<pid>`), puts it back. Returns whether a site is at `outDir` afterwards.
 */
export async function recoverOutput(linkOrDir: string): Promise<boolean> {
  // A symlinked output is swapped at the folder it points to: recover there.
  const link = await readlink(linkOrDir).catch(() => undefined);
  const outDir = link === undefined ? linkOrDir : path.resolve(path.dirname(linkOrDir), link);
  const present = async () => (await stat(outDir).catch(() => undefined)) !== undefined;
  if (await present()) return true;
  const old = (await abandonedFolders(outDir)).find((folder) => folder.kind === 'old');
  if (old) await rename(old.path, outDir).catch(() => undefined);
  return present();
}

// A build killed mid-write leaves `dist.tmp-<pid>` or `dist.old-<pid>` behind; clean those whose
// process is gone so they never pile up (a live pid may be a concurrent build: leave it alone).
async function removeAbandonedFolders(outDir: string): Promise<void> {
  await Promise.all(
    (await abandonedFolders(outDir)).map((folder) => rm(folder.path, { recursive: true, force: true })),
  );
}

async function abandonedFolders(outDir: string): Promise<{ path: string; kind: 'tmp' | 'old' }[]> {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}.`;
  const names = await readdir(parent).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const match = name.startsWith(prefix) ? /^(tmp|old)-(\d+)$/.exec(name.slice(prefix.length)) : null;
    const pid = Number(match?.[2]);
    return match && pid && pid !== process.pid && !isRunning(pid)
      ? [{ path: path.join(parent, name), kind: match[1] as 'tmp' | 'old' }]
      : [];
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
