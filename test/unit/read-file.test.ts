// readContentFile and walkImages: only regular files are read; symlink loops end; names of special files are reported.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFile, walkImages } from '../../src/content/read-file.ts';
import { tempDir } from '../helpers/files.ts';
import { render, say } from '../../src/messages/text.ts';
import type { ReadResult } from '../../src/content/read-file.ts';

/** The English of a refused read. */
const english = (result: ReadResult) => ('problem' in result ? render(result.problem, 'en') : undefined);

describe('readContentFile', () => {
  it('reads a UTF-8 file and says missing for a missing one', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'a.md'), 'città');
    expect(readContentFile(path.join(dir, 'a.md'))).toEqual({ text: 'città' });
    expect(readContentFile(path.join(dir, 'b.md'))).toEqual({ missing: true });
  });

  it('never opens a named pipe (which would block forever), and names folders and link loops', async () => {
    const dir = await tempDir();
    execFileSync('mkfifo', [path.join(dir, 'pipe.md')]);
    await mkdir(path.join(dir, 'folder.md'));
    await symlink('loop.md', path.join(dir, 'loop.md'));
    expect(readContentFile(path.join(dir, 'pipe.md'))).toEqual({
      problem: say('fileSpecial', { kind: say('kindPipe') }),
      line: 0,
    });
    expect(english(readContentFile(path.join(dir, 'pipe.md')))).toBe(
      'is a named pipe, not a file; remove it or replace it with a regular file',
    );
    expect(english(readContentFile(path.join(dir, 'folder.md')))).toMatch(/^is a folder, not a file/);
    expect(english(readContentFile(path.join(dir, 'loop.md')))).toMatch(
      /^is a symbolic link that leads back to itself/,
    );
  });
});

describe('walkImages', () => {
  it('lists files in subfolders and symlinked folders, and ends on two links pointing at each other', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'team'));
    await writeFile(path.join(dir, 'hero.jpg'), 'x');
    await writeFile(path.join(dir, 'team', 'rossi.jpg'), 'x');
    await symlink(path.join(dir, 'team'), path.join(dir, 'staff'));
    // Two loops: a folder linking to its parent, and two links to each other.
    await symlink('..', path.join(dir, 'team', 'up'));
    await symlink('b', path.join(dir, 'a'));
    await symlink('a', path.join(dir, 'b'));
    const names = (await walkImages(dir)).sort();
    expect(names).toEqual(['a', 'b', 'hero.jpg', 'staff/rossi.jpg', 'team/rossi.jpg'].sort());
  });
});
