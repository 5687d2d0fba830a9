// Swaps two folders in one step where the system can (Linux renameat2 with RENAME_EXCHANGE), so a path always holds a site.
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/*
 * Node has no binding for renameat2, so the call goes through perl's `syscall`, which every Debian
 * and most Linux systems carry (perl-base is essential); it costs about 3 ms, or nothing when
 * `prepareExchange` started the perl ahead. The syscall number differs per architecture, so only
 * the two known ones are tried; everything else (macOS, Windows, no perl, a file system without
 * RENAME_EXCHANGE) answers false and the caller renames twice.
 */
const RENAMEAT2: Partial<Record<NodeJS.Architecture, number>> = { x64: 316, arm64: 276 };
const AT_FDCWD = -100;
const RENAME_EXCHANGE = 2;

/** Exchanges folders `a` and `b` atomically; resolves false, changing nothing, where that is not possible. */
export function exchangeFolders(a: string, b: string): Promise<boolean> {
  const call = RENAMEAT2[process.arch];
  if (process.platform !== 'linux' || call === undefined) return Promise.resolve(false);
  const helper = prepared ?? startHelper(call);
  prepared = undefined;
  return helper(a, b);
}

/** A perl started ahead of time, waiting for its two paths on stdin. */
let prepared: ((a: string, b: string) => Promise<boolean>) | undefined;

/**
 * Starts the perl of the next `exchangeFolders` now. Starting a process costs the parent time that
 * grows with its memory (fork copies its page tables): 1–4 ms for a CLI that has just started, 20–45 ms
 * at the end of a build that holds React, the model and the pages. Unused, it exits with this process.
 */
export function prepareExchange(): void {
  const call = RENAMEAT2[process.arch];
  if (process.platform === 'linux' && call !== undefined && !prepared) prepared = startHelper(call);
}

function startHelper(call: number): (a: string, b: string) => Promise<boolean> {
  // The paths come NUL-terminated (a path holds no NUL); end of input before both means "not now".
  const script = `$/ = "\\0"; my ($a, $b) = (scalar <STDIN>, scalar <STDIN>); defined $b or exit 2; chomp $a; chomp $b; syscall(${call}, ${AT_FDCWD}, $a, ${AT_FDCWD}, $b, ${RENAME_EXCHANGE}) == 0 or exit 1`;
  const child = spawn('perl', ['-e', script], { stdio: ['pipe', 'ignore', 'ignore'] });
  const stdin = child.stdin as Socket;
  const exited = new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  // Waiting for paths must not keep this process alive, and a perl that is gone must not throw here.
  child.unref();
  stdin.unref();
  stdin.on('error', () => undefined);
  return (a, b) => {
    child.ref();
    stdin.end(`${a}\0${b}\0`);
    const timer = setTimeout(() => child.kill(), 10_000);
    return exited.finally(() => clearTimeout(timer));
  };
}
