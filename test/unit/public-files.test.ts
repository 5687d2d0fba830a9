// content/public/: copied unchanged to the output root, dot-folders included; a file that would replace or hide one brochure writes is an error at the public file.
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatProblem, formatProblemIn } from '../../src/errors.ts';
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
    const { result } = await buildWith({
      'content/public/robots.txt': 'User-agent: *\nDisallow: /\n',
      'content/public/favicon.ico': 'x',
    });
    expect(result.ok).toBe(false);
    expect(result.problems.map(formatProblem)).toEqual([
      'content/public/favicon.ico: public: clashes with favicon.ico, which brochure generates; remove or rename content/public/favicon.ico',
      'content/public/robots.txt: public: clashes with robots.txt, which brochure generates; remove or rename content/public/robots.txt',
    ]);
  });
});

describe('content/public/ files named like what brochure writes', () => {
  it('are refused for every file the build writes, and for the name a host serves in place of each page, derived from a real build', async () => {
    const { result: clean } = await buildWith({});
    if (!clean.ok) throw new Error(clean.problems.map(formatProblem).join('\n'));
    // Every file the build writes (assets, host files, favicons) and every page it renders after.
    const written = [...new Set([...clean.files.keys(), ...clean.model.routes.map((route) => route.file)])];
    const pages = clean.model.routes.flatMap((route) =>
      route.path && route.path !== '/' ? [route.path.slice(1)] : [],
    );
    expect(written).toEqual(
      expect.arrayContaining([
        '_headers',
        '_redirects',
        'sitemap.xml',
        'robots.txt',
        '404.html',
        'contatti.html',
        'favicon.ico',
      ]),
    );
    expect(pages).toEqual(expect.arrayContaining(['contatti', 'percorsi', 'privacy']));
    const publicFiles = [
      ...written.filter((file) => !file.startsWith('static/')),
      ...pages,
      'static/app.js',
      'admin/index.html',
      'admin/config.yml',
      'contatti.html.br',
      'robots.txt.gz',
    ];
    const { result } = await buildWith(Object.fromEntries(publicFiles.map((file) => [`content/public/${file}`, 'x'])));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const refused = new Map(
      result.problems.map((problem) => [problem.file.replace('content/public/', ''), formatProblem(problem)]),
    );
    expect([...refused.keys()].sort()).toEqual([...publicFiles].sort());
    expect(refused.get('_headers')).toBe(
      'content/public/_headers: public: clashes with _headers, which brochure generates; remove or rename content/public/_headers',
    );
    expect(refused.get('contatti')).toBe(
      'content/public/contatti: public: would be served at /contatti in place of contatti.html, which brochure generates; remove or rename content/public/contatti',
    );
    expect(refused.get('contatti.html.br')).toBe(
      'content/public/contatti.html.br: public: would be served as the compressed form of contatti.html, which brochure generates; remove or rename content/public/contatti.html.br',
    );
    expect(refused.get('admin/config.yml')).toBe(
      'content/public/admin/config.yml: public: is inside admin/, a folder brochure writes itself; move content/public/admin/config.yml out of it or remove it',
    );
    expect(refused.get('static/app.js')).toMatch(/: public: is inside static\/, a folder brochure writes itself; /);
  });

  it('are refused where the build makes a folder, or inside a file it writes (the write would fail)', async () => {
    const { result } = await buildWith({
      'content/public/static': 'x',
      'content/public/robots.txt/x': 'x',
      'content/public/favicon.ico/a/b': 'x',
    });
    if (result.ok) throw new Error('expected a refusal');
    expect(result.problems.map(formatProblem)).toEqual([
      'content/public/favicon.ico/a/b: public: clashes with favicon.ico, which brochure generates; remove or rename content/public/favicon.ico/a/b',
      'content/public/robots.txt/x: public: clashes with robots.txt, which brochure generates; remove or rename content/public/robots.txt/x',
      'content/public/static: public: clashes with static/, which brochure generates; remove or rename content/public/static',
    ]);
  });

  it('keep everything else: a verification page, .well-known/, a folder named like no page, a page-like name one level down', async () => {
    const { result } = await buildWith({
      'content/public/google1234abcd.html': 'x',
      'content/public/.well-known/security.txt': 'x',
      'content/public/documenti/contatti.html': 'x',
      'content/public/contatti/index.html': 'x',
      'content/public/static.txt': 'x',
      // Public files may hide each other: only what brochure writes is protected.
      'content/public/listino': 'x',
      'content/public/listino.html': 'x',
      'content/public/listino.html.gz': 'x',
    });
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    expect(result.files.has('documenti/contatti.html')).toBe(true);
  });

  it('are said in Italian on an Italian site', async () => {
    const { result } = await buildWith({ 'content/public/contatti': 'x', 'content/public/404.html': 'x' });
    if (result.ok) throw new Error('expected a refusal');
    expect(result.problems.map((problem) => formatProblemIn(problem, 'it'))).toEqual([
      'content/public/404.html: public: ha lo stesso nome di 404.html, che brochure genera da sé: togli o rinomina content/public/404.html',
      'content/public/contatti: public: verrebbe mostrato all’indirizzo /contatti al posto di contatti.html, che brochure genera da sé: togli o rinomina content/public/contatti',
    ]);
  });
});
