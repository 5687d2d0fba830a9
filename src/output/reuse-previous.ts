// Output files identical to the previous output's are hard-linked into the staging folder instead of written again.
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a staging folder's files, linking each one whose bytes the previous output already holds.
 *
 * Why: creating a file costs a new inode, and a build replaces every file of its output (atomic swap),
 * so each build used to allocate thousands of inodes and free as many. On ext4 that churn is the most
 * expensive part of writing (0.5 ms of system time a file on the benchmark machine, next to 0.02 ms for
 * a link: README, "Performance"); most files of a rebuilt site are unchanged. The previous output is
 * only read: the new site is still assembled apart and swapped in whole, and the old folder is then
 * deleted, which leaves the linked files with one name each again.
 *
 * A file is linked only when it is a regular file (never a symbolic link), with one name, owned by this
 * user, with the mode a new file gets, and the same bytes; and when, after linking, the new name leads
 * to the inode that was compared, unmodified since (same inode, size and modification time). Anything
 * else, or any error, and the file is written as usual.
 */
export class PreviousOutput {
  readonly #previous: string;
  readonly #mode: number;
  #scratch = Buffer.allocUnsafe(64 * 1024);

  private constructor(previous: string, mode: number) {
    this.#previous = previous;
    this.#mode = mode;
  }

  /** For a build writing into `staging` whose output is now at `previous`; undefined when there is no previous output. */
  static async open(previous: string, staging: string): Promise<PreviousOutput | undefined> {
    const [before, folder] = await Promise.all([stat(previous).catch(() => undefined), stat(staging)]);
    if (!before?.isDirectory()) return undefined;
    // A new file's mode is 0o666 less the umask, as a new folder's (the staging folder) is 0o777 less it.
    return new PreviousOutput(previous, folder.mode & 0o666);
  }

  /**
   * Makes `target` (in the staging folder) a link to the previous output's `file` when that holds
   * `contents`; false when it does not (the caller writes the file). Synchronous: a handful of system
   * calls on files the system has cached cost less than as many trips through the thread pool, and
   * this runs once per output file.
   */
  reuse(file: string, target: string, contents: Uint8Array): boolean {
    const previous = path.join(this.#previous, file);
    const compared = this.#sameBytes(previous, contents);
    if (!compared) return false;
    try {
      linkSync(previous, target);
    } catch {
      return false;
    }
    const linked = lstatSync(target, { bigint: true, throwIfNoEntry: false });
    if (linked && linked.ino === compared.ino && linked.size === compared.size && linked.mtimeNs === compared.mtimeNs) return true;
    // Replaced or changed while it was compared: write the bytes instead.
    unlinkSync(target);
    return false;
  }

  #sameBytes(previous: string, contents: Uint8Array): { ino: bigint; size: bigint; mtimeNs: bigint } | undefined {
    let fd: number;
    try {
      // O_NOFOLLOW: a symbolic link in the old output is never followed, let alone linked.
      fd = openSync(previous, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const info = fstatSync(fd, { bigint: true });
      const uid = process.getuid?.();
      if (!info.isFile() || info.nlink !== 1n || Number(info.mode & 0o7777n) !== this.#mode || (uid !== undefined && info.uid !== BigInt(uid))) return undefined;
      if (info.size !== BigInt(contents.byteLength)) return undefined;
      // One buffer for every comparison, grown as needed: a new one per file made the garbage collector
      // account for every output byte again (170 MB at XL).
      if (this.#scratch.byteLength < contents.byteLength) this.#scratch = Buffer.allocUnsafe(Math.max(contents.byteLength, 2 * this.#scratch.byteLength));
      const bytes = this.#scratch.subarray(0, contents.byteLength);
      const read = readSync(fd, bytes, 0, bytes.byteLength, 0);
      return read === bytes.byteLength && bytes.equals(contents) ? { ino: info.ino, size: info.size, mtimeNs: info.mtimeNs } : undefined;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }
}
