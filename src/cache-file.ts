// Content hashes and atomic writes: what every build cache (bundles, Markdown, images, templates) relies on.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** SHA-256 of the bytes, as 64 hex characters; callers shorten it for file names. */
export function hash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes to a private temporary name, then renames: concurrent builds (test workers, a build beside
 * watch) and interrupted ones never read half a file.
 */
export async function writeFileAtomic(file: string, data: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** `writeFileAtomic` without the thread pool, for small files on a path a busy pool would hold up. */
export function writeFileAtomicSync(file: string, data: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}
