// Swaps two folders in one step where the system can (Linux renameat2 with RENAME_EXCHANGE), so a path always holds a site.
import { execFile } from 'node:child_process';

/*
 * Node has no binding for renameat2, so the call goes through perl's `syscall`, which every Debian
 * and most Linux systems carry (perl-base is essential); it costs about 3 ms. The syscall number
 * differs per architecture, so only the two known ones are tried; everything else (macOS, Windows,
 * no perl, a file system without RENAME_EXCHANGE) answers false and the caller renames twice.
 */
const RENAMEAT2: Partial<Record<NodeJS.Architecture, number>> = { x64: 316, arm64: 276 };
const AT_FDCWD = -100;
const RENAME_EXCHANGE = 2;

/** Exchanges folders `a` and `b` atomically; resolves false, changing nothing, where that is not possible. */
export function exchangeFolders(a: string, b: string): Promise<boolean> {
  const call = RENAMEAT2[process.arch];
  if (process.platform !== 'linux' || call === undefined) return Promise.resolve(false);
  const script = `syscall(${call}, ${AT_FDCWD}, $ARGV[0], ${AT_FDCWD}, $ARGV[1], ${RENAME_EXCHANGE}) == 0 or exit 1`;
  return new Promise((resolve) => {
    execFile('perl', ['-e', script, a, b], { timeout: 10_000 }, (error) => resolve(error === null));
  });
}
