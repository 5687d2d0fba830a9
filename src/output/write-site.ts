// Writes the output to a staging folder beside dist/ and swaps it in only once it is complete.
import { rmSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exchangeFolders, exchangeFoldersThenRemove } from './exchange.ts';
import { checkOutputFolder, isMarked, markOutput, type OutputGuard } from './output-guard.ts';
import { PreviousOutput } from './reuse-previous.ts';

/**
 * Fills `<out>.tmp-<pid>/`, moves the old `<out>/` aside, renames the new one in, then deletes the
 * old one. Any failure before the swap removes the staging folder and leaves `<out>/` untouched.
 * Refuses (OutputRefused) an output that is not brochure's to replace (see checkOutputFolder); a
 * symlinked output is written through: the swap happens at the folder the link points to.
 * `files` is a map, or a stream (src/build.ts streamSite) written as it comes; for a stream, `topLevel`
 * names the top-level entries it will write (known before it starts), which the guard checks first.
 * Resolves to the inode of the folder it put in place (how `build` knows the output it records is its own).
 * Given `handOver`, it does not wait for the previous site's removal where that goes on in another
 * process (see `swap`): it hands the removal over, and the caller waits for it before it ends.
 */
export async function writeSite(
  outDir: string,
  files: ReadonlyMap<string, Uint8Array> | AsyncIterable<readonly [string, Uint8Array, ...unknown[]]>,
  guard: OutputGuard = { protectedFolders: [] },
  topLevel?: ReadonlySet<string>,
  handOver?: (removal: Promise<void>) => void,
): Promise<bigint> {
  await recoverOutput(outDir);
  const stream = Symbol.asyncIterator in files;
  if (stream && !topLevel) throw new Error('writeSite: a stream needs the top-level names it will write');
  const target = await checkOutputFolder(outDir, guard, stream ? topLevel : new Set([...files.keys()].map((file) => file.split('/')[0]!)));
  await removeAbandonedFolders(target);
  const staging = `${target}.tmp-${process.pid}`;
  const previous = `${target}.old-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  let made: bigint;
  try {
    await mkdir(staging, { recursive: true });
    made = (await stat(staging, { bigint: true })).ino;
    // Files equal to the current output's are linked from it rather than created again (reuse-previous.ts).
    const reusable = await PreviousOutput.open(target, staging);
    const put = (file: string, contents: Uint8Array) => putFile(reusable, staging, file, contents);
    if (stream) {
      await writeStream(staging, files, put);
    } else {
      const folders = new Set([...files.keys()].map((file) => path.dirname(path.join(staging, file))));
      for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
      // Every write settles before the staging folder is removed: a write still under way when the
      // first fails would add a file while rm empties the folder, and rm would fail on it (ENOTEMPTY).
      const writes = await Promise.allSettled([...files].map(([file, contents]) => put(file, contents)));
      const failed = writes.find((write) => write.status === 'rejected');
      if (failed) throw failed.reason;
    }
    // Marked last: a marked staging folder is a complete site, which recovery may put in place.
    await markOutput(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Messages name the output the user chose, not the staging folder beside it.
    const failed = error as NodeJS.ErrnoException;
    if (typeof failed.path === 'string' && failed.path.startsWith(staging)) failed.path = target + failed.path.slice(staging.length);
    throw error;
  }
  await swap(staging, target, previous, stream, handOver);
  return made;
}

// A streamed build (src/build.ts streamSite) is written as it comes, a few files in flight, so its
// bytes never pile up in memory; an error thrown by the stream lands in writeSite's clean-up.
const WRITES_IN_FLIGHT = 16;

async function putFile(reusable: PreviousOutput | undefined, staging: string, file: string, contents: Uint8Array): Promise<void> {
  const target = path.join(staging, file);
  if (!reusable?.reuse(file, target, contents)) await writeFile(target, contents);
}

async function writeStream(staging: string, files: AsyncIterable<readonly [string, Uint8Array, ...unknown[]]>, put: (file: string, contents: Uint8Array) => Promise<void>): Promise<void> {
  const folders = new Map<string, Promise<unknown>>();
  const writes: Promise<void>[] = [];
  const inFlight = new Set<Promise<void>>();
  try {
    for await (const [file, contents] of files) {
      const target = path.join(staging, file);
      const folder = path.dirname(target);
      if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
      const write = folders.get(folder)!.then(() => put(file, contents));
      writes.push(write);
      inFlight.add(write);
      void write.finally(() => inFlight.delete(write)).catch(() => undefined);
      if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight).catch(() => undefined);
    }
  } finally {
    // Every write settles before the caller removes or renames the staging folder.
    await Promise.allSettled(writes);
  }
  await Promise.all(writes);
}

/**
 * Puts the staging folder in place of the target, then removes the previous site. Where the system
 * can exchange two folders in one step (Linux), the target holds the old site or the new one at every
 * instant. Elsewhere it takes two renames, and between them the path is briefly empty; a process
 * killed exactly there leaves `<out>.old-<pid>` (the previous site) and `<out>.tmp-<pid>` (the new
 * one), which recoverOutput puts back before anything else reads or writes the output.
 *
 * `blocking` (a streamed build, which has nothing left to do) removes the previous site synchronously:
 * a third of the CPU of `fs.promises.rm` for a site of thousands of files (about 30 against 95 ms at
 * L), whose every file costs it thread-pool round trips; `watch --out` keeps its event loop free for
 * the page being reloaded. With `handOver`, the process that exchanges the folders then removes the
 * previous site itself (`rm`, a fraction of Node's CPU, on the other core) while the caller goes on
 * (`build` prints its reports and records the output meanwhile), and the removal is handed over.
 */
async function swap(staging: string, target: string, previous: string, blocking = false, handOver?: (removal: Promise<void>) => void): Promise<void> {
  const remove = (folder: string) => (blocking ? rmSync(folder, { recursive: true, force: true }) : rm(folder, { recursive: true, force: true }));
  const exchange = (await stat(target).catch(() => undefined))?.isDirectory() ? (handOver ? exchangeFoldersThenRemove : exchangeFolders) : undefined;
  const exchanged = await exchange?.(staging, target);
  if (exchanged) {
    // `staging` now holds the previous site; whatever rm did not remove is removed here.
    if (exchanged === true) await remove(staging);
    else handOver!(exchanged.removed.then(async (removed) => void (removed || (await remove(staging)))));
    return;
  }
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
  if (hadPrevious) await remove(previous);
}

/**
 * Undoes a swap cut short by a killed build: when `<out>/` is missing and a dead build left the
 * previous site aside (`<out>.old-<pid>`), or a complete new one (`<out>.tmp-<pid>`, marked), puts it
 * back. Returns whether a site is at `outDir` afterwards.
 */
export async function recoverOutput(linkOrDir: string): Promise<boolean> {
  // A symlinked output is swapped at the folder it points to: recover there.
  const link = await readlink(linkOrDir).catch(() => undefined);
  const outDir = link === undefined ? linkOrDir : path.resolve(path.dirname(linkOrDir), link);
  const present = async () => (await stat(outDir).catch(() => undefined)) !== undefined;
  if (await present()) return true;
  const leftovers = await abandonedFolders(outDir);
  const old = leftovers.find((folder) => folder.kind === 'old');
  const finished = old ? undefined : (await Promise.all(leftovers.filter((folder) => folder.kind === 'tmp').map(async (folder) => ((await isMarked(folder.path)) ? folder : undefined)))).find(Boolean);
  const restore = old ?? finished;
  if (restore) await rename(restore.path, outDir).catch(() => undefined);
  return present();
}

// A build killed mid-write leaves `dist.tmp-<pid>` or `dist.old-<pid>` behind; clean those whose
// process is gone so they never pile up (a live pid may be a concurrent build: leave it alone).
async function removeAbandonedFolders(outDir: string): Promise<void> {
  await Promise.all((await abandonedFolders(outDir)).map((folder) => rm(folder.path, { recursive: true, force: true })));
}

async function abandonedFolders(outDir: string): Promise<{ path: string; kind: 'tmp' | 'old' }[]> {
  const parent = path.dirname(outDir);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(outDir))}\\.(tmp|old)-(\\d+)$`);
  const names = await readdir(parent).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const match = pattern.exec(name);
    const pid = Number(match?.[2]);
    return match && pid && pid !== process.pid && !isRunning(pid) ? [{ path: path.join(parent, name), kind: match[1] as 'tmp' | 'old' }] : [];
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
