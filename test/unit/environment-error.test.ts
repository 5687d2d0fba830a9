// describeEnvironmentError: the machine's failures in one line with the path and what to do; anything else is left alone.
import { describe, expect, it } from 'vitest';
import { describeEnvironmentError } from '../../src/cli/environment-error.ts';

const failure = (code: string, syscall: string, path?: string) =>
  Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, path });
const shown = (absolute: string) => absolute.replace('/work/site/', '');

describe('describeEnvironmentError', () => {
  it.each([
    [
      failure('EACCES', 'mkdir', '/work/site/dist.tmp-1'),
      'cannot write dist.tmp-1: permission denied; check who owns it (ls -l) or choose a folder you can write to.',
    ],
    [
      failure('ENOSPC', 'write', '/work/site/dist.tmp-1/index.html'),
      'cannot write dist.tmp-1/index.html: the disk is full; free some space and run again.',
    ],
    [
      failure('EROFS', 'rename', '/work/site/dist'),
      'cannot write dist: the disk is read-only; choose a folder on a writable disk with --out.',
    ],
    [
      failure('EACCES', 'open', '/work/site/content/home.md'),
      'cannot access content/home.md: permission denied; check who owns it (ls -l) or choose a folder you can write to.',
    ],
    [failure('ENOSPC', 'write'), 'brochure could not finish: the disk is full; free some space and run again.'],
    [
      failure('EBUSY', 'rename', '/work/site/dist'),
      'cannot write dist: it is a mount point (a disk of its own) or in use by another program, and a build replaces its output folder as a whole; choose a folder inside it with --out.',
    ],
    [
      failure('EBUSY', 'open', '/work/site/content/home.md'),
      'cannot access content/home.md: it is in use by another program; close that program and run again.',
    ],
  ])('describes %s', (error, line) => {
    expect(describeEnvironmentError(error, shown)).toBe(line);
  });

  it('says a failure without a path of the folder being written, when it is given', () => {
    expect(describeEnvironmentError(failure('ENOSPC', 'write'), shown, 'en', '/work/site/dist')).toBe(
      'cannot write dist: the disk is full; free some space and run again.',
    );
  });

  it.each([
    [
      failure('EROFS', 'mkdir', '/work/site/dist'),
      'impossibile scrivere dist: il disco è in sola lettura: scegli con --out una cartella su un disco in cui si può scrivere.',
    ],
    [
      failure('ENOSPC', 'write', '/work/site/dist/index.html'),
      'impossibile scrivere dist/index.html: il disco è pieno: libera un po’ di spazio e rilancia il comando.',
    ],
    [
      failure('EACCES', 'open', '/work/site/content/home.md'),
      'impossibile accedere a content/home.md: permesso negato: controlla a chi appartiene (ls -l) oppure scegli una cartella in cui puoi scrivere.',
    ],
    [
      failure('ENOSPC', 'write'),
      'brochure non ha potuto finire: il disco è pieno: libera un po’ di spazio e rilancia il comando.',
    ],
  ])('says %s in Italian', (error, line) => {
    expect(describeEnvironmentError(error, shown, 'it')).toBe(line);
  });

  it('has an Italian advice for every error code it knows', async () => {
    const { environmentAdvice } = await import('../../src/refusals.ts');
    for (const code of Object.keys(environmentAdvice)) {
      const italian = describeEnvironmentError(failure(code, 'mkdir', '/work/site/dist'), shown, 'it')!;
      expect(italian, code).toMatch(/^impossibile scrivere dist: /);
      expect(italian, code).not.toContain(
        describeEnvironmentError(failure(code, 'mkdir', '/work/site/dist'), shown, 'en')!.slice(
          'cannot write dist: '.length,
        ),
      );
    }
  });

  it('leaves bugs alone', () => {
    expect(describeEnvironmentError(new TypeError('x is undefined'), shown)).toBeUndefined();
    expect(describeEnvironmentError(failure('ENOENT', 'open', '/x'), shown)).toBeUndefined();
    expect(describeEnvironmentError('a string', shown)).toBeUndefined();
  });
});

describe('a port that needs privileges', () => {
  it('is said of the port, with one to choose, not of a file', () => {
    const error = Object.assign(failure('EACCES', 'listen'), { port: 80, address: '127.0.0.1' });
    expect(describeEnvironmentError(error, shown, 'it')).toBe(
      'la porta 80 richiede i permessi di amministratore: scegli una porta da 1024 in su, per esempio --port 4321.',
    );
    expect(describeEnvironmentError(error, shown, 'en')).toBe(
      'port 80 needs administrator rights; choose a port from 1024 up, such as --port 4321.',
    );
  });
});
