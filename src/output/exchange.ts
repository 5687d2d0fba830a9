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
  return helper()?.(a, b, false).exchanged ?? Promise.resolve(false);
}

/**
 * `exchangeFolders`, after which the same perl removes `a` (now holding what `b` held) on its own,
 * while this process goes on: a streamed build ends its report and record on one core while the
 * previous site (3,000 files at L, about 30 ms) is removed on the other. `removed` resolves true once
 * it is gone; false where the folders were not exchanged, or the removal failed (`a` is then the
 * caller's to remove). The perl keeps this process alive until it ends.
 */
export function exchangeThenRemove(a: string, b: string): { exchanged: Promise<boolean>; removed: Promise<boolean> } {
  return helper()?.(a, b, true) ?? { exchanged: Promise.resolve(false), removed: Promise.resolve(false) };
}

/** The perl that swaps: the one started ahead, or a new one; undefined where the system has no renameat2. */
function helper(): Helper | undefined {
  const call = RENAMEAT2[process.arch];
  if (process.platform !== 'linux' || call === undefined) return undefined;
  const started = prepared ?? startHelper(call);
  prepared = undefined;
  return started;
}

/** Gives a perl its two paths; `exchanged` resolves once the swap is done (or refused), `removed` when the perl ended, true if it also removed `a`. */
type Helper = (a: string, b: string, remove: boolean) => { exchanged: Promise<boolean>; removed: Promise<boolean> };

/** A perl started ahead of time, waiting for its two paths on stdin. */
let prepared: Helper | undefined;

/**
 * Starts the perl of the next `exchangeFolders` now. Starting a process costs the parent time that
 * grows with its memory (fork copies its page tables): 1–4 ms for a CLI that has just started, 20–45 ms
 * at the end of a build that holds React, the model and the pages. Unused, it exits with this process.
 */
export function prepareExchange(): void {
  const call = RENAMEAT2[process.arch];
  if (process.platform === 'linux' && call !== undefined && !prepared) prepared = startHelper(call);
}

function startHelper(call: number): Helper {
  // The paths come NUL-terminated (a path holds no NUL); end of input before both means "not now".
  // Then `remove` or `keep`: once swapped, it says so on stdout and, for `remove`, removes `a`
  // (File::Path is in perl-base); any failure there exits non-zero, after the swap was announced.
  const script = `$/ = "\\0"; my ($a, $b, $then) = (scalar <STDIN>, scalar <STDIN>, scalar <STDIN>); defined $b or exit 2; chomp $a; chomp $b; syscall(${call}, ${AT_FDCWD}, $a, ${AT_FDCWD}, $b, ${RENAME_EXCHANGE}) == 0 or exit 1; $| = 1; print "swapped"; if (defined $then && $then eq "remove\\0") { require File::Path; my $errors; File::Path::remove_tree($a, { error => \\$errors }); (@$errors == 0 && !-e $a) or exit 3; } exit 0`;
  const child = spawn('perl', ['-e', script], { stdio: ['pipe', 'pipe', 'ignore'] });
  const stdin = child.stdin as Socket;
  const stdout = child.stdout as Socket;
  const exited = new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  const swapped = new Promise<boolean>((resolve) => {
    stdout.once('data', () => resolve(true));
    void exited.then(() => resolve(false));
  });
  // Waiting for paths must not keep this process alive, and a perl that is gone must not throw here.
  child.unref();
  stdin.unref();
  stdout.unref();
  stdin.on('error', () => undefined);
  return (a, b, remove) => {
    child.ref();
    stdin.end(`${a}\0${b}\0${remove ? 'remove' : 'keep'}\0`);
    const timer = setTimeout(() => child.kill(), 10_000);
    const ended = exited.finally(() => clearTimeout(timer));
    // Without removal the perl ends right after the swap: its exit is the answer, as before.
    return remove ? { exchanged: swapped, removed: ended } : { exchanged: ended, removed: ended.then(() => false) };
  };
}
