// Writes the output to a staging folder beside dist/ and swaps it in only once it is complete.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Fills `<out>.tmp-<pid>/`, moves the old `<out>/` aside, renames the new one in, then deletes the
 * old one. Any failure before the swap removes the staging folder and leaves `<out>/` untouched.
 */
export async function writeSite(outDir: string, files: ReadonlyMap<string, Uint8Array> | AsyncIterable<readonly [string, Uint8Array]>): Promise<void> {
  await removeAbandonedFolders(outDir);
  const staging = `${outDir}.tmp-${process.pid}`;
  const previous = `${outDir}.old-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    if (Symbol.asyncIterator in files) {
      await writeStream(staging, files);
    } else {
      const folders = new Set([...files.keys()].map((file) => path.dirname(path.join(staging, file))));
      for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
      await Promise.all([...files].map(([file, contents]) => writeFile(path.join(staging, file), contents)));
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadPrevious = await rename(outDir, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

// A streamed build (src/build.ts streamSite) is written as it comes, a few files in flight, so its
// bytes never pile up in memory; an error thrown by the stream lands in writeSite's clean-up.
const WRITES_IN_FLIGHT = 16;

async function writeStream(staging: string, files: AsyncIterable<readonly [string, Uint8Array]>): Promise<void> {
  const folders = new Map<string, Promise<unknown>>();
  const writes: Promise<void>[] = [];
  const inFlight = new Set<Promise<void>>();
  try {
    for await (const [file, contents] of files) {
      const target = path.join(staging, file);
      const folder = path.dirname(target);
      if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
      const write = folders.get(folder)!.then(() => writeFile(target, contents));
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

// A build killed mid-write leaves `dist.tmp-<pid>` or `dist.old-<pid>` behind; clean those whose
// process is gone so they never pile up (a live pid may be a concurrent build: leave it alone).
async function removeAbandonedFolders(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(outDir))}\\.(?:tmp|old)-(\\d+)$`);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(pattern.exec(name)?.[1]);
      if (pid && pid !== process.pid && !isRunning(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
    }),
  );
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
