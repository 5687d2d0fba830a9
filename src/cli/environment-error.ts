// Turns a file-system failure (permissions, full disk, read-only disk) into one line naming the path and what to do, in the reader's language.
import { render, say, type Language } from '../messages/text.ts';
import { environmentAdvice, environmentLine, MOUNT_POINT_ADVICE } from '../refusals.ts';

/** System calls that change the disk: their failure is said as `cannot write`, any other's as `cannot access`. */
const WRITES = new Set(['mkdir', 'write', 'writev', 'rename', 'unlink', 'rmdir', 'rm', 'copyfile']);

/** A failure of the machine already said as one line in the reader's language: printed as it is, without a stack. */
export class EnvironmentFailure extends Error {
  override readonly name = 'EnvironmentFailure';
}

/**
 * One line for an error of the machine rather than of brochure, e.g. `cannot write dist/x.html: the
 * disk is full; …`; undefined for anything else. An error without a path (a failed `write` names no
 * file) is said of `fallback`, the folder being written, when there is one.
 */
export function describeEnvironmentError(
  error: unknown,
  shown: (absolute: string) => string,
  language: Language = 'en',
  fallback?: string,
): string | undefined {
  if (error instanceof EnvironmentFailure) return error.message;
  const { code, path: file, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  // A port below 1024 needs privileges: said of the port, not of a file (listen's error names none).
  if (syscall === 'listen' && (code === 'EACCES' || code === 'EPERM'))
    return render(say('portPrivileged', { port: String((error as { port?: number }).port) }), language);
  const advice =
    code === 'EBUSY' && syscall === 'rename'
      ? MOUNT_POINT_ADVICE
      : code && Object.hasOwn(environmentAdvice, code)
        ? environmentAdvice[code]
        : undefined;
  if (!advice) return undefined;
  const where = file ?? fallback;
  const verb = syscall && WRITES.has(syscall) ? 'write' : 'access';
  return render(environmentLine(verb, where === undefined ? undefined : shown(where), advice), language);
}
