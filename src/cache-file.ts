// Content hashes and atomic writes: what every build cache (bundles, Markdown, images, templates) relies on.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** SHA-256 of the bytes, as 64 hex characters; callers shorten it for file names. */
export function hash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes to a private temporary name, then renames: concurrent builds (test workers, a build beside
 * watch) and interrupted ones never read half a file. A list of parts is written as one file, in one
 * gathered write rather than copied into one buffer first (the pages' compressed forms: 8 MB at L).
 */
export async function writeFileAtomic(file: string, data: Uint8Array | string | readonly Uint8Array[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  if (Array.isArray(data)) await writeParts(temporary, data);
  else await writeFile(temporary, data as Uint8Array | string);
  await rename(temporary, file);
}

/** `writeFileAtomic` without the thread pool, for small files on a path a busy pool would hold up. */
export function writeFileAtomicSync(file: string, data: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

async function writeParts(file: string, parts: readonly Uint8Array[]): Promise<void> {
  const handle = await open(file, 'w');
  try {
    // libuv writes the parts in as many calls as the system needs (a short write goes on from there).
    const { bytesWritten } = await handle.writev(parts as Uint8Array[]);
    const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
    if (bytesWritten !== total) throw new Error(`${file}: wrote ${bytesWritten} of ${total} bytes`);
  } finally {
    await handle.close();
  }
}
