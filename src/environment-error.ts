// Turns a file-system failure (permissions, full disk, read-only disk) into one line naming the path and what to do.
import { environmentAdvice, environmentLine } from './refusals.ts';


/** One line for an error of the machine rather than of brochure, e.g. `cannot write dist/x.html: the disk is full; …`; undefined for anything else. */
export function describeEnvironmentError(error: unknown, shown: (absolute: string) => string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const advice = code ? environmentAdvice[code] : undefined;
  if (!advice) return undefined;
  const { path: file, syscall } = error as NodeJS.ErrnoException;
  const verb = syscall && ['mkdir', 'write', 'rename', 'unlink', 'rmdir', 'rm', 'copyfile'].includes(syscall) ? 'write' : 'access';
  return file ? environmentLine(verb, shown(file), advice) : `${advice[0]!.toUpperCase()}${advice.slice(1)}.`;
}
