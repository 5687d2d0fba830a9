// buildSite: the result it returns (sorted files, stage times, warnings), what stops it (content errors, a template that does not compile) and what it throws (bugs); the hooks watch passes.
// The full output contract of a good site and each content rule's report are in test/integration/build.test.ts.
import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type AssetStage, type BuildCache, type BuildResult, type BuildSuccess } from '../../src/build.ts';
import { formatProblem } from '../../src/errors.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { resolveOptions, type ResolvedOptions } from '../../src/options.ts';
import { WatchCache } from '../../src/watch/build-cache.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';

// A cold build bundles with esbuild and encodes images; later ones hit the cache.
const COLD = 60_000;

/** Options for the fixture `name`, with the repository root as the working folder. */
const optionsFor = (name: string): ResolvedOptions =>
  resolveOptions({ content: path.join(fixture(name), 'content') }, ROOT);

function success(result: BuildResult): BuildSuccess {
  if (!result.ok) throw new Error(`expected a good build, got:\n${result.problems.map(formatProblem).join('\n')}`);
  return result;
}

/**
 * `options` with a copy of templates/ where `edit` was applied to pages/HomePage.tsx, and a cache of
 * their own, so the shared cache never holds their records. Templates import `../../src/…`, so a
 * `src` link sits beside the copy.
 */
async function withTemplates(options: ResolvedOptions, edit: (source: string) => string): Promise<ResolvedOptions> {
  const dir = await tempDir('brochure-templates-');
  await cp(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  await symlink(path.join(ROOT, 'src'), path.join(dir, 'src'), 'dir');
  const home = path.join(dir, 'templates', 'pages', 'HomePage.tsx');
  await writeFile(home, edit(await readFile(home, 'utf8')));
  return { ...options, templatesDir: path.join(dir, 'templates'), cacheDir: path.join(dir, 'cache') };
}

describe('buildSite on the minimal fixture', () => {
  let result: BuildSuccess;

  beforeAll(async () => {
    result = success(await buildSite(optionsFor('minimal')));
  }, COLD);

  it('succeeds with one page per route, the model they came from and no problems', () => {
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([]);
    expect(result.pages.map((page) => page.route.file)).toEqual([
      'index.html',
      'contatti.html',
      'percorsi.html',
      'privacy.html',
      'rossi.html',
      '404.html',
    ]);
    expect(result.model.routes.map((route) => route.file)).toEqual(result.pages.map((page) => page.route.file));
    expect(result.imagesEncoded).toBeGreaterThanOrEqual(0);
  });

  it('holds every page, the hashed assets and the host files, sorted by path in code-unit order', () => {
    const files = [...result.files.keys()];
    expect(files).toEqual([...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const page of result.pages)
      expect(Buffer.from(result.files.get(page.route.file)!).toString('utf8')).toBe(page.html);
    expect(files).toEqual(
      expect.arrayContaining(['_headers', '_redirects', 'favicon.ico', 'robots.txt', 'sitemap.xml']),
    );
    expect(files.filter((file) => /^static\/js\/islands\.[0-9a-f]{10}\.js$/.test(file))).toHaveLength(1);
    expect(files.filter((file) => /^static\/css\/site\.[0-9a-f]{10}\.css$/.test(file))).toHaveLength(1);
    expect(files.some((file) => file.startsWith('static/media/hero'))).toBe(true);
  });

  it('times each stage, and the stages add up to the total', () => {
    const { content, assets, render, total } = result.times;
    for (const time of [content, assets, render]) expect(time).toBeGreaterThanOrEqual(0);
    expect(total).toBeGreaterThan(0);
    expect(content + assets + render).toBeCloseTo(total, 6);
  });
});

describe('buildSite with content problems', () => {
  it('carries warnings in a good build', { timeout: COLD }, async () => {
    const result = success(await buildSite(resolveOptions({}, fixture('unknown-key'))));
    expect(result.problems.map((problem) => [formatProblem(problem), problem.severity])).toEqual([
      ['content/professionals/rossi.md:9: warning: lsited: unknown field, ignored; did you mean "listed"?', 'warning'],
    ]);
  });

  it('stops at content errors, before rendering anything', async () => {
    const result = await buildSite(resolveOptions({}, fixture('missing-field')));
    expect(result).toEqual({
      ok: false,
      problems: [expect.objectContaining({ file: 'content/home.md', field: 'heading' })],
    });
  });
});

describe('buildSite with broken templates', () => {
  it(
    'turns a template that does not compile into located problems, after the content warnings',
    { timeout: COLD },
    async () => {
      const options = await withTemplates(
        resolveOptions({}, fixture('unknown-key')),
        (source) => `import { Missing } from './Missing.tsx';\n${source}`,
      );
      const result = await buildSite(options);
      expect(result.ok).toBe(false);
      const [warning, ...errors] = result.problems;
      expect(warning).toMatchObject({ field: 'lsited', severity: 'warning' });
      expect(errors).toHaveLength(1);
      expect(errors[0]!.file.endsWith('templates/pages/HomePage.tsx')).toBe(true);
      expect(errors[0]).toMatchObject({ line: 1, field: 'code', severity: 'error' });
      expect(errors[0]!.message).toMatch(/^Could not resolve "\.\/Missing\.tsx"/);
    },
  );

  it(
    'throws a template that crashes while loading as it is: a bug, not a content problem',
    { timeout: COLD },
    async () => {
      const options = await withTemplates(
        optionsFor('minimal'),
        (source) => `${source}\nthrow new Error('template crashed on import');\n`,
      );
      await expect(buildSite(options)).rejects.toThrow('template crashed on import');
    },
  );
});

describe('buildSite hooks (what watch passes)', () => {
  it(
    'gives a build lent the watch cache no reload script and no reload file: what `watch --out` writes is deployable',
    { timeout: COLD },
    async () => {
      const options = optionsFor('minimal');
      const watched = success(await buildSite(options, { cache: new WatchCache(options) }));
      const plain = success(await buildSite(options));
      expect([...watched.files.keys()]).toEqual([...plain.files.keys()]);
      expect([...watched.files.keys()].filter((file) => file.includes('__brochure'))).toEqual([]);
      for (const page of watched.pages)
        expect(page.html, page.route.file).not.toMatch(/__brochure|data-revision|EventSource/);
    },
  );

  it(
    'runs every stage through a cache it is lent, and a pass-through cache changes nothing in the output',
    { timeout: COLD },
    async () => {
      const options = optionsFor('minimal');
      const calls: string[] = [];
      const markdownCache = await tempDir();
      const cache: BuildCache = {
        parsedFiles: (file, parse) => (calls.push(`parse ${path.relative(options.content, file)}`), parse()),
        renderMarkdown: (bodies) => (
          calls.push(`markdown ${bodies.length}`),
          renderMarkdownBodies(bodies, markdownCache)
        ),
        reuse: <T>(stage: AssetStage, key: string, run: () => Promise<T>) => (
          calls.push(`reuse ${stage} ${JSON.stringify(key)}`),
          run()
        ),
        renderPages: (model, assets, templates, render) => (
          calls.push('render'),
          model.routes.map((route) => render(templates.pages, { model, route, assets }))
        ),
        memo: { keep: (room, _key, make) => (calls.push(`memo ${room}`), make()) },
      };
      const cached = success(await buildSite(options, { cache }));
      const plain = success(await buildSite(options));

      expect(calls.filter((call) => call.startsWith('parse ')).sort()).toEqual(
        [
          'parse contatti.md',
          'parse home.md',
          'parse percorsi.md',
          'parse privacy.md',
          'parse professionals/rossi.md',
          'parse services/01-colloquio.md',
          'parse site.yaml',
        ].sort(),
      );
      expect(calls.filter((call) => !call.startsWith('parse '))).toEqual([
        // The code bundles first: they read no content, so they start before it is read.
        'reuse templates ""',
        'reuse client ""',
        'reuse styles ""',
        // Each file's schema check and each image's verdict, kept by what they are made from.
        ...Array<string>(7).fill('memo schema'),
        ...Array<string>(4).fill('memo image'),
        // The image stage is keyed by the images the content refers to, sorted.
        // Each image with the widest variant its uses need (src/bundle/image-uses.ts): a change of use re-encodes.
        // It starts as soon as the content is checked: the photos encode while the Markdown renders.
        `reuse images ${JSON.stringify(['/', 'images/flag.svg 240', 'images/hero.jpg 2400', 'images/logo.svg 144', 'images/rossi.jpg 1200'].join('\n'))}`,
        'markdown 6',
        // The model's people, services and people's routes.
        'memo professional',
        'memo service',
        'memo route',
        'render',
        'memo links',
      ]);
      expect([...cached.files.keys()]).toEqual([...plain.files.keys()]);
      for (const [file, bytes] of plain.files)
        expect(Buffer.from(cached.files.get(file)!).equals(Buffer.from(bytes)), file).toBe(true);
    },
  );
});
