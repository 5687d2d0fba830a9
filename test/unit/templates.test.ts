import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProblemsError } from '../../src/errors.ts';
import { resolveOptions } from '../../src/options.ts';
import { loadTemplates } from '../../src/bundle/templates.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';

/** Options whose templates folder is a private copy the test may edit. */
async function withTemplatesCopy() {
  // Templates import `../../src/render/…`, so the copy sits beside a link to the real src/.
  const dir = await tempDir('brochure-templates-');
  await cp(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  await symlink(path.join(ROOT, 'src'), path.join(dir, 'src'));
  return { ...resolveOptions({}, ROOT), templatesDir: path.join(dir, 'templates') };
}

describe('loadTemplates', () => {
  it('returns a component for every route kind', async () => {
    const { pages } = await loadTemplates(resolveOptions({}, ROOT));
    expect(Object.keys(pages).sort()).toEqual(['contacts', 'home', 'not-found', 'privacy', 'professional', 'services']);
    for (const component of Object.values(pages)) expect(typeof component).toBe('function');
  });

  it('loads once when asked again while loading (build starts it before the content is read)', async () => {
    const options = await withTemplatesCopy();
    const first = loadTemplates(options);
    expect(loadTemplates(options)).toBe(first);
    expect((await first).pages.home).toBeTypeOf('function');
  });

  it('imports from a bundle named by its content hash', async () => {
    const file = (await loadTemplates(resolveOptions({}, ROOT))).bundleFile!;
    expect(path.basename(file)).toMatch(/^pages\.[0-9a-f]{16}\.mjs$/);
    expect(await readFile(file, 'utf8')).toContain('export {\n  pages\n};');
  });

  it('returns the same module while no template changes, and a fresh one after an edit', async () => {
    const options = await withTemplatesCopy();
    const first = await loadTemplates(options);
    const again = await loadTemplates(options);
    expect(again.pages).toBe(first.pages);
    expect(again.bundleFile).toBe(first.bundleFile);
    const page = path.join(options.templatesDir, 'pages', 'NotFoundPage.tsx');
    // An edit to the code: a comment alone leaves the bundle (without a source map, as `build` makes it) the same.
    await writeFile(
      page,
      (await readFile(page, 'utf8')).replace('<Layout {...props} />', '<Layout {...props} key="edited" />'),
    );
    const second = await loadTemplates(options);
    expect(second.pages).not.toBe(first.pages);
    expect(second.bundleFile).not.toBe(first.bundleFile);
  });

  it('reports a template that does not compile as a located problem', async () => {
    const options = await withTemplatesCopy();
    const page = path.join(options.templatesDir, 'pages', 'PrivacyPage.tsx');
    await writeFile(page, `${await readFile(page, 'utf8')}\nexport const broken = (;\n`);
    const error = await loadTemplates(options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProblemsError);
    const [problem] = (error as ProblemsError).problems;
    expect(problem?.file).toMatch(/pages\/PrivacyPage\.tsx$/);
    expect(problem?.line).toBeGreaterThan(1);
    expect(problem?.field).toBe('code');
  });
});
