// content/public/: copied unchanged to the output root, dot-folders included; a clash with a generated file is an error naming both.
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatProblem } from '../../src/errors.ts';
import { resolveOptions } from '../../src/options.ts';
import { projectWith } from '../helpers/fixtures.ts';
import path from 'node:path';

async function buildWith(files: Record<string, string>) {
  const dir = await projectWith(files);
  return { dir, result: await buildSite(resolveOptions({ content: path.join(dir, 'content') }, dir)) };
}

describe('content/public/', () => {
  it('copies every file, byte for byte, to the same path in the output', async () => {
    const { result } = await buildWith({
      'content/public/CNAME': 'studio.example.com\n',
      'content/public/google1234abcd.html': 'google-site-verification: google1234abcd.html',
      'content/public/.well-known/security.txt': 'Contact: mailto:security@studio.example.com\n',
    });
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    expect(Buffer.from(result.files.get('CNAME')!).toString()).toBe('studio.example.com\n');
    expect(Buffer.from(result.files.get('.well-known/security.txt')!).toString()).toContain('Contact:');
    expect(result.files.has('google1234abcd.html')).toBe(true);
  });

  it('refuses a file that would replace a generated one, naming both', async () => {
    const { result } = await buildWith({ 'content/public/robots.txt': 'User-agent: *\nDisallow: /\n', 'content/public/favicon.ico': 'x' });
    expect(result.ok).toBe(false);
    expect(result.problems.map(formatProblem)).toEqual([
      'content/public/favicon.ico: public: clashes with favicon.ico, which brochure generates; remove or rename content/public/favicon.ico',
      'content/public/robots.txt: public: clashes with robots.txt, which brochure generates; remove or rename content/public/robots.txt',
    ]);
  });
});
