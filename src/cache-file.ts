// Content hashes, the key of the code that made a cache entry, and atomic writes: what every build cache relies on.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findPackageRoot } from './options.ts';

/** SHA-256 of the bytes, as 64 hex characters; callers shorten it for file names. */
export function hash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The code that makes a cache's entries: the libraries it calls and brochure's own files that call them. */
export interface Producer {
  /** Package names, whose installed versions are read from their package.json. */
  packages: readonly string[];
  /** brochure's own files (relative to its folder), whose bytes are hashed. */
  sources: readonly string[];
  /** Node's own version too (zlib and brotli come with it). */
  runtime?: boolean;
}

/**
 * The part of a cache key that names the code which made the entry: brochure's version, the installed
 * version of each package (read from its package.json, not from a constant someone must remember to
 * bump), the hash of each source file, and Node's version when asked. Upgrading any of them, or
 * editing brochure's code, makes every entry of that cache a miss. `root` is brochure's folder; tests
 * pass a folder with fake packages. About a dozen small reads: cheap enough to do once per stage.
 */
export function producerKey(producer: Producer, root = findPackageRoot()): string {
  const parts = [`brochure ${versionIn(path.join(root, 'package.json'))}`];
  for (const name of producer.packages) parts.push(`${name} ${installedVersion(root, name)}`);
  for (const file of producer.sources) parts.push(`${file} ${hashOf(path.join(root, file))}`);
  if (producer.runtime) parts.push(`node ${process.versions.node}`);
  return hash(parts.join('\n'));
}

/** The version of `name` as the nearest node_modules folder from `root` up holds it; `none` when it is not installed. */
function installedVersion(root: string, name: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const version = versionIn(path.join(dir, 'node_modules', name, 'package.json'));
    if (version !== 'none' || dir === path.dirname(dir)) return version;
  }
}

function versionIn(packageJson: string): string {
  try {
    return String((JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version);
  } catch {
    return 'none';
  }
}

function hashOf(file: string): string {
  try {
    return hash(readFileSync(file));
  } catch {
    return 'none';
  }
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
