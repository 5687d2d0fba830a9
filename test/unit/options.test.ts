// resolveOptions: defaults in one place, every path absolute, brochure's own folders found from its package.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, resolveOptions } from '../../src/options.ts';
import { ROOT } from '../helpers/fixtures.ts';

describe('resolveOptions', () => {
  it('fills the defaults and resolves paths against the working folder', () => {
    const options = resolveOptions({}, '/home/editor/sito');
    expect(options).toMatchObject({
      content: '/home/editor/sito/content',
      out: '/home/editor/sito/dist',
      port: 4321,
      quiet: false,
      cwd: '/home/editor/sito',
    });
  });

  it('takes given values over the defaults, relative or absolute', () => {
    const options = resolveOptions(
      { content: 'test/fixtures/minimal/content', out: '/tmp/out', port: 8080, quiet: true },
      '/repo',
    );
    expect(options).toMatchObject({
      content: '/repo/test/fixtures/minimal/content',
      out: '/tmp/out',
      port: 8080,
      quiet: true,
    });
  });

  it('ignores flags that were given as undefined (commander leaves unset flags undefined)', () => {
    const options = resolveOptions({ content: undefined, out: undefined, quiet: undefined }, '/repo');
    expect(options).toMatchObject({ content: '/repo/content', out: '/repo/dist', quiet: false });
  });

  it('defaults to the process working folder', () => {
    expect(resolveOptions().cwd).toBe(process.cwd());
    expect(resolveOptions().content).toBe(path.resolve('content'));
  });

  it("locates brochure's own templates, client entry and cache inside its package, wherever the user runs it", () => {
    const options = resolveOptions({}, '/somewhere/else');
    expect(options.packageRoot).toBe(ROOT.replace(/\/$/, ''));
    expect(options.templatesDir).toBe(path.join(options.packageRoot, 'templates'));
    expect(existsSync(options.clientEntry)).toBe(true);
    expect(options.cacheDir).toBe(path.join(options.packageRoot, 'node_modules', '.cache', 'brochure'));
  });

  it('keeps DEFAULTS as the single source of default values', () => {
    expect(DEFAULTS).toEqual({ content: 'content', out: 'dist', port: 4321, host: '127.0.0.1', quiet: false });
  });
});
