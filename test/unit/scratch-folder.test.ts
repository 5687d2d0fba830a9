import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryScratchFolder } from '../setup/scratch-folder.ts';

/** What coreutils' `stat -f` says of `folder`: its file system's type and free bytes, found independently of the code. */
function fileSystem(folder: string): { type: string; free: number } {
  const [type = '', blocks = '0', size = '0'] = execFileSync('stat', ['-f', '-c', '%T %a %S', folder], { encoding: 'utf8' }).trim().split(' ');
  return { type, free: Number(blocks) * Number(size) };
}

describe('memoryScratchFolder', () => {
  const saved = process.env.TMPDIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  });

  it('takes /dev/shm when it is a tmpfs with 2 GiB free, and leaves the temporary folder otherwise', () => {
    delete process.env.TMPDIR;
    const shm = fileSystem('/dev/shm');
    const roomy = shm.type === 'tmpfs' && shm.free >= 2 * 1024 ** 3;
    expect(memoryScratchFolder()).toBe(roomy ? '/dev/shm' : undefined);
  });

  it('leaves a folder on a disk file system alone (the project, unless it is itself in memory)', () => {
    delete process.env.TMPDIR;
    const project = process.cwd();
    const inMemory = ['tmpfs', 'ramfs'].includes(fileSystem(project).type) && fileSystem(project).free >= 2 * 1024 ** 3;
    expect(memoryScratchFolder(project)).toBe(inMemory ? project : undefined);
  });

  it('leaves a missing folder alone', () => {
    delete process.env.TMPDIR;
    expect(memoryScratchFolder('/no/such/folder')).toBeUndefined();
  });

  it('keeps a TMPDIR the user chose', () => {
    process.env.TMPDIR = '/var/tmp';
    expect(memoryScratchFolder()).toBeUndefined();
  });
});
