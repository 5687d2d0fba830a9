// Turns a file-system failure (permissions, full disk, read-only disk) into one line naming the path and what to do.

const ADVICE: Record<string, string> = {
  EACCES: 'permission denied; check who owns it (ls -l) or choose a folder you can write to',
  EPERM: 'operation not permitted; check who owns it (ls -l) or choose a folder you can write to',
  EROFS: 'the disk is read-only; choose a folder on a writable disk with --out',
  ENOSPC: 'the disk is full; free some space and run again',
  EDQUOT: 'your disk quota is used up; free some space and run again',
  EMFILE: 'too many files are open; close some programs (or raise "ulimit -n") and run again',
  ENFILE: 'too many files are open on this system; close some programs and run again',
  EIO: 'the disk reported an input/output error; check the disk and run again',
  ENAMETOOLONG: 'the path is too long; choose a shorter folder name',
  ENOTDIR: 'a part of the path is a file, not a folder; fix the path',
  EBUSY: 'it is in use by another program; close that program and run again',
};

/** One line for an error of the machine rather than of brochure, e.g. `cannot write dist/x.html: the disk is full; …`; undefined for anything else. */
export function describeEnvironmentError(error: unknown, shown: (absolute: string) => string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const advice = code ? ADVICE[code] : undefined;
  if (!advice) return undefined;
  const { path: file, syscall } = error as NodeJS.ErrnoException;
  const verb = syscall && ['mkdir', 'write', 'rename', 'unlink', 'rmdir', 'rm', 'copyfile'].includes(syscall) ? 'cannot write' : 'cannot access';
  return file ? `${verb} ${shown(file)}: ${advice}.` : `${advice[0]!.toUpperCase()}${advice.slice(1)}.`;
}
