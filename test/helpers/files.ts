// Temporary folders and file maps for tests: write a tree from an inline map, read or hash one back.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Relative POSIX path -> text; `null` deletes the file (used when overlaying a fixture). */
export type FileMap = Record<string, string | null>;

const created: string[] = [];

/**
 * Removes the folders `tempDir` made. test/setup/temp-dirs.ts calls it after each test file: a hook
 * registered here would run after the first file only, since files share this module where the
 * unit tests share a worker's modules.
 */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A fresh empty folder under the system temp dir, removed after the test file. */
export async function tempDir(prefix = 'brochure-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Writes every file of `files` under `root`, creating folders; `null` entries remove the file. */
export async function writeTree(root: string, files: FileMap): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    const absolute = path.join(root, file);
    if (text === null) {
      await rm(absolute, { force: true });
      continue;
    }
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, text);
  }
}

/** Every file under `root` (recursively), as sorted relative POSIX paths. */
export async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Relative path -> sha256 of the bytes, for every file under `root`. */
export async function hashTree(root: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const file of await listTree(root)) hashes[file] = sha256(await readFile(path.join(root, file)));
  return hashes;
}

/** Hex sha256 of some bytes. */
export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
