// Waits for files still being copied (a photo from a phone, a large download) to stop growing before a build reads them.
import { stat } from 'node:fs/promises';
import path from 'node:path';

// Editors write a text file in one go; images and anything large arrive in many writes.
const SLOW_FILES = /\.(?:jpe?g|png|webp|avif|svg|gif|heic|heif|tiff?)$/i;
const LARGE_BYTES = 1024 * 1024;
/** A file whose size and time have not changed for this long is taken as complete. */
const STABLE_MS = 150;
/** A copy that keeps growing longer than this is built anyway; the next event rebuilds it. */
const GIVE_UP_MS = 30_000;

/** Resolves once every image or large file in `files` has kept the same size and time for STABLE_MS. */
export async function settle(
  files: Iterable<string>,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  await Promise.all(
    [...files].map(async (file) => {
      let before = await signature(file);
      if (before === undefined || (!SLOW_FILES.test(path.basename(file)) && before.size < LARGE_BYTES)) return;
      const start = Date.now();
      while (Date.now() - start < GIVE_UP_MS) {
        // Already quiet for long enough (an image saved a while ago, touched now): no wait at all.
        if (Date.now() - before.mtimeMs >= STABLE_MS) return;
        await sleep(STABLE_MS);
        const after = await signature(file);
        if (after === undefined || (after.size === before.size && after.mtimeMs === before.mtimeMs)) return;
        before = after;
      }
    }),
  );
}

async function signature(file: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
}
