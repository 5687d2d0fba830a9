// describeEnvironmentError: the machine's failures in one line with the path and what to do; anything else is left alone.
import { describe, expect, it } from 'vitest';
import { describeEnvironmentError } from '../../src/environment-error.ts';

const failure = (code: string, syscall: string, path?: string) => Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, path });
const shown = (absolute: string) => absolute.replace('/work/site/', '');

describe('describeEnvironmentError', () => {
  it.each([
    [failure('EACCES', 'mkdir', '/work/site/dist.tmp-1'), 'cannot write dist.tmp-1: permission denied; check who owns it (ls -l) or choose a folder you can write to.'],
    [failure('ENOSPC', 'write', '/work/site/dist.tmp-1/index.html'), 'cannot write dist.tmp-1/index.html: the disk is full; free some space and run again.'],
    [failure('EROFS', 'rename', '/work/site/dist'), 'cannot write dist: the disk is read-only; choose a folder on a writable disk with --out.'],
    [failure('EACCES', 'open', '/work/site/content/home.md'), 'cannot access content/home.md: permission denied; check who owns it (ls -l) or choose a folder you can write to.'],
    [failure('ENOSPC', 'write'), 'The disk is full; free some space and run again.'],
  ])('describes %s', (error, line) => {
    expect(describeEnvironmentError(error, shown)).toBe(line);
  });

  it('leaves bugs alone', () => {
    expect(describeEnvironmentError(new TypeError('x is undefined'), shown)).toBeUndefined();
    expect(describeEnvironmentError(failure('ENOENT', 'open', '/x'), shown)).toBeUndefined();
    expect(describeEnvironmentError('a string', shown)).toBeUndefined();
  });
});
