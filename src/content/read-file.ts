// Reads content from disk defensively: only regular files, bounded in size, UTF-8 checked; symlink loops end.
import { readdir, realpath, stat } from 'node:fs/promises';
import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { say, type Text } from '../messages/text.ts';
import { fileProblems } from '../refusals.ts';
import { MAX_FILE_BYTES } from './limits.ts';
import { decodeText } from './text-encoding.ts';

/** A content file's text, or why it cannot be used (`missing` keeps the caller's own wording). */
export type ReadResult = { text: string } | { missing: true } | { problem: Text; line: number };

const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/**
 * Reads `absolute` as UTF-8 text; a pipe, socket, device or folder is refused, never opened (a pipe
 * would block forever). Synchronously: an asynchronous read is four trips through the thread pool
 * (stat, open, read, close), which a cold build keeps busy compressing meanwhile.
 */
export function readContentFile(absolute: string): ReadResult {
  try {
    return refusal(statSync(absolute)) ?? decoded(readFileSync(absolute));
  } catch (error) {
    return readProblem(error);
  }
}

/** Why a file of this kind or size is not opened at all. */
function refusal(info: Stats): { problem: Text; line: number } | undefined {
  const kind = specialKind(info);
  if (kind) return { problem: fileProblems.special(kind), line: 0 };
  if (info.size > MAX_FILE_BYTES) return { problem: fileProblems.tooLarge(info.size, MAX_FILE_BYTES), line: 0 };
  return undefined;
}

function decoded(bytes: Uint8Array): ReadResult {
  const text = decodeText(bytes);
  return 'text' in text ? text : { problem: text.message, line: text.line };
}

/** A read failure as a problem of the file (a symlink loop, no permission), or `missing`. */
export function readProblem(error: unknown): { missing: true } | { problem: Text; line: number } {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (MISSING.has(code)) return { missing: true };
  if (code === 'ELOOP') return { problem: fileProblems.loop, line: 0 };
  if (code === 'EACCES' || code === 'EPERM') return { problem: fileProblems.unreadable, line: 0 };
  if (code === 'EISDIR') return { problem: fileProblems.folder, line: 0 };
  throw error;
}

/** What a path is ("a named pipe") when it is not a regular file; undefined for a regular file. */
export function specialKind(info: Stats): Text | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return say('kindFolder');
  if (info.isFIFO()) return say('kindPipe');
  if (info.isSocket()) return say('kindSocket');
  if (info.isCharacterDevice() || info.isBlockDevice()) return say('kindDevice');
  return say('kindOther');
}

/**
 * Every file name under `dir` (relative, platform separators), following symlinked folders unless
 * one leads back to a folder it sits in (a loop), so `a -> b`, `b -> a` or `team/up -> ..` end.
 * Broken links and links into loops are listed like files: validation reports them if referenced.
 */
export async function walkImages(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string, ancestors: readonly string[]): Promise<void> => {
    const real = await realpath(folder).catch(() => undefined);
    // A cap on the listing too: links that fan out at every level could otherwise multiply it.
    if (!real || ancestors.includes(real) || found.length >= MAX_IMAGE_ENTRIES) return;
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const relative = prefix ? path.join(prefix, entry.name) : entry.name;
      const absolute = path.join(folder, entry.name);
      const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && (await stat(absolute).catch(() => undefined))?.isDirectory());
      if (isFolder) await walk(absolute, relative, [...ancestors, real]);
      else found.push(relative);
    }
  };
  await walk(dir, '', []);
  return found;
}

const MAX_IMAGE_ENTRIES = 100_000;
