import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, displayPathsIn } from '../../src/cli/display-path.ts';

describe('displayPath', () => {
  const cwd = path.resolve('/work/site');

  it('shows a file inside the working folder relative to it', () => {
    expect(displayPath(path.join(cwd, 'content', 'home.md'), cwd)).toBe('content/home.md');
  });

  it('shows the working folder itself as "."', () => {
    expect(displayPath(cwd, cwd)).toBe('.');
  });

  it('shows a file outside the working folder by its absolute path, not by ../ steps', () => {
    const outside = path.resolve('/tmp/copy/content/home.md');
    expect(displayPath(outside, cwd)).toBe(outside.split(path.sep).join('/'));
  });

  it('does not mistake a sibling folder that shares a prefix for the working folder', () => {
    const sibling = path.resolve('/work/site-old/content/home.md');
    expect(displayPath(sibling, cwd)).toBe(sibling.split(path.sep).join('/'));
  });
});

describe('displayPathsIn', () => {
  it('shows every file as displayPath does, folder by folder', () => {
    const cwd = path.resolve('/work/site');
    const files = [
      ['content', 'home.md'],
      ['content', 'services', '01-colloquio.md'],
      ['content', 'services', '02-coppia.md'],
      ['content', '..hidden.md'],
      ['..odd', 'home.md'],
      ['home.md'],
      ['..', 'site-old', 'content', 'home.md'],
      ['..', '..', 'tmp', 'copy', 'content', 'services', '01-colloquio.md'],
      ['..', 'site', 'content', 'about.md'],
      ['..', 'site'],
      ['..', '..', 'work', 'site'],
      ['..', 'elsewhere', '..odd.md'],
    ].map((parts) => path.join(cwd, ...parts));
    const display = displayPathsIn(cwd);
    // Twice: the second pass takes every folder from memory.
    for (const file of [...files, ...files]) expect(display(file)).toBe(displayPath(file, cwd));
    expect(display(path.join(cwd, 'content', 'services', '03-eta.md'))).toBe('content/services/03-eta.md');
  });
});
