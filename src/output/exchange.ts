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
export async function exchangeFolders(a: string, b: string): Promise<boolean> {
  return (await exchange(a, b, false)) !== false;
}

/**
 * Exchanges folders `a` and `b` as `exchangeFolders` does, then removes `a` (what `b` held) in the
 * helper's own process (`rm -rf`, on the other core while this one goes on). Resolves false, changing
 * nothing, where the exchange is not possible; else, once the folders are exchanged, to the removal
 * under way, which resolves whether `rm` removed it all (when not, the caller removes what is left).
 */
export function exchangeFoldersThenRemove(a: string, b: string): Promise<false | Exchanged> {
  return exchange(a, b, true);
}

/** Two folders exchanged; `removed`: whether the helper then exited well (its removal done, when asked for one). */
interface Exchanged {
  removed: Promise<boolean>;
}

function exchange(a: string, b: string, remove: boolean): Promise<false | Exchanged> {
  const call = RENAMEAT2[process.arch];
  if (process.platform !== 'linux' || call === undefined) return Promise.resolve(false);
  const helper = prepared ?? startHelper(call);
  prepared = undefined;
  return helper(a, b, remove);
}

/** A perl started ahead of time, waiting for its two paths on stdin. */
let prepared: ((a: string, b: string, remove: boolean) => Promise<false | Exchanged>) | undefined;

/**
 * Starts the perl of the next `exchangeFolders` now. Starting a process costs the parent time that
 * grows with its memory (fork copies its page tables): 1–4 ms for a CLI that has just started, 20–45 ms
 * at the end of a build that holds React, the model and the pages. Unused, it exits with this process.
 */
export function prepareExchange(): void {
  const call = RENAMEAT2[process.arch];
  if (process.platform === 'linux' && call !== undefined && !prepared) prepared = startHelper(call);
}

function startHelper(call: number): (a: string, b: string, remove: boolean) => Promise<false | Exchanged> {
  // The paths come NUL-terminated (a path holds no NUL); end of input before both means "not now".
  // Once exchanged it says so (one byte); asked to remove the first folder (a third field), it then
  // becomes rm: removing files costs rm a fraction of what it costs Node, and no new process is started
  // from this one, whose memory has grown by then.
  const script = `$/ = "\\0"; my ($a, $b, $rm) = (scalar <STDIN>, scalar <STDIN>, scalar <STDIN>); defined $b or exit 2; chomp $a; chomp $b; syscall(${call}, ${AT_FDCWD}, $a, ${AT_FDCWD}, $b, ${RENAME_EXCHANGE}) == 0 or exit 1; $| = 1; print "x"; defined $rm or exit 0; exec("rm", "-rf", "--", $a) or exit 3`;
  const child = spawn('perl', ['-e', script], { stdio: ['pipe', 'pipe', 'ignore'] });
  const stdin = child.stdin as Socket;
  const stdout = child.stdout as Socket;
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('exit', (code) => resolve(code));
  });
  // Its byte, or its exit (which may come before the byte is read): 0 and 3 (no rm) come after the exchange.
  const exchanged = new Promise<boolean>((resolve) => {
    stdout.once('data', () => resolve(true));
    void exited.then((code) => resolve(code === 0 || code === 3));
  });
  // Waiting for paths must not keep this process alive, and a perl that is gone must not throw here.
  child.unref();
  stdin.unref();
  stdout.unref();
  stdin.on('error', () => undefined);
  stdout.on('error', () => undefined);
  return async (a, b, remove) => {
    child.ref();
    stdin.end(remove ? `${a}\0${b}\0rm\0` : `${a}\0${b}\0`);
    const timer = setTimeout(() => child.kill(), 10_000);
    const done = await exchanged.finally(() => clearTimeout(timer));
    return done && { removed: exited.then((code) => code === 0) };
  };
}
