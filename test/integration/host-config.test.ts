// `brochure host-config <host>` as a user runs it: the file written where the host reads it, what to commit, an edited file kept, nginx still printed.
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { netlifyToml, nodeVersionFile, pagesWorkflow } from '../../src/host/repository-files.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';
import { listTree, tempDir } from '../helpers/files.ts';

/** A copy of `minimal` whose site.yaml says `language: it`, as the shipped sample does. */
async function italianProject(): Promise<string> {
  const site = await readFile(path.join(fixture('minimal'), 'content', 'site.yaml'), 'utf8');
  return projectWith({ 'content/site.yaml': `${site}\nlanguage: it\n` });
}

describe('host-config', () => {
  it('github-pages writes the workflow, says what to commit and the one setting no file makes, in the site’s language', async () => {
    const project = await italianProject();
    const result = await runInProcess(['host-config', 'github-pages'], project);
    expect(result.code).toBe(0);
    expect(await readFile(path.join(project, '.github', 'workflows', 'pages.yml'), 'utf8')).toBe(pagesWorkflow().text);
    expect(result.stdout).toContain('Ho scritto .github/workflows/pages.yml.');
    expect(result.stdout).toContain(
      'git add .github/workflows/pages.yml && git commit -m "Deploy to github-pages" && git push',
    );
    expect(result.stdout).toContain('scegli "GitHub Actions" come Source');
  });

  it('netlify writes netlify.toml, then finds it up to date; an edited one is kept (exit 1) until --force', async () => {
    const project = await projectWith();
    const target = path.join(project, 'netlify.toml');
    expect((await runInProcess(['host-config', 'netlify'], project)).stdout).toMatch(
      /^Wrote netlify\.toml\. Commit it/,
    );
    expect(await readFile(target, 'utf8')).toBe(netlifyToml().text);
    expect((await runInProcess(['host-config', 'netlify'], project)).stdout).toMatch(
      /^netlify\.toml is already what brochure writes for netlify; nothing to do\./,
    );
    await writeFile(target, '[build]\n  command = "make"\n');
    const refused = await runInProcess(['host-config', 'netlify'], project);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'netlify.toml already exists and differs from what brochure writes for netlify, so it was left as it is.',
    );
    expect(refused.stderr).toContain('"npx brochure host-config netlify --force"');
    expect(await readFile(target, 'utf8')).toBe('[build]\n  command = "make"\n');
    const printed = await runInProcess(['host-config', 'netlify', '--print'], project);
    expect(printed.stdout).toBe(netlifyToml().text);
    expect((await runInProcess(['host-config', 'netlify', '--force'], project)).code).toBe(0);
    expect(await readFile(target, 'utf8')).toBe(netlifyToml().text);
  });

  it('cloudflare-pages writes .node-version and lists the dashboard settings Pages cannot read from the repository', async () => {
    const project = await projectWith();
    const before = await listTree(project);
    const result = await runInProcess(['host-config', 'cloudflare-pages'], project);
    expect(result.code).toBe(0);
    expect((await listTree(project)).filter((file) => !before.includes(file))).toEqual(['.node-version']);
    expect(await readFile(path.join(project, '.node-version'), 'utf8')).toBe(nodeVersionFile().text);
    expect(result.stdout).toContain(
      'Cloudflare Pages reads from the repository only .node-version (Node 24) and, from each build, dist/_headers and dist/_redirects.',
    );
    expect(result.stdout).toMatch(/^ {2}Build command +npm run build$/m);
    expect(result.stdout).toMatch(/^ {2}Build output directory +dist$/m);
  });

  it('nginx prints the server block and writes nothing', async () => {
    const project = await projectWith();
    const before = await listTree(project);
    const result = await runInProcess(['host-config', 'nginx', '--root', '/srv/studio'], project);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# nginx configuration for https:\/\/prova\.example\.com/);
    expect(result.stdout).toContain('    root /srv/studio;');
    expect(await listTree(project)).toEqual(before);
  });

  it('refuses a host it does not know, naming the ones it does', async () => {
    const result = await runInProcess(['host-config', 'vercel'], await projectWith());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are github-pages, netlify, cloudflare-pages, nginx.');
  });

  it('a netlify.toml that is a folder, a link out of the project, or under a linked folder: one located line in the site’s language, nothing written outside', async () => {
    const project = await italianProject();
    const elsewhere = await tempDir('brochure-elsewhere-');
    await writeFile(path.join(elsewhere, 'netlify.toml'), 'theirs');
    const cases: [string, () => Promise<void>, string][] = [
      ['a folder', () => mkdir(path.join(project, 'netlify.toml')), 'netlify'],
      ['a link', () => symlink(path.join(elsewhere, 'netlify.toml'), path.join(project, 'netlify.toml')), 'netlify'],
      ['a linked folder', () => symlink(elsewhere, path.join(project, '.github')), 'github-pages'],
    ];
    for (const [name, make, host] of cases) {
      await rm(path.join(project, 'netlify.toml'), { recursive: true, force: true });
      await make();
      const result = await runInProcess(['host-config', host], project);
      const file = host === 'netlify' ? 'netlify.toml' : '.github/workflows/pages.yml';
      expect(result.code, name).toBe(1);
      expect(result.stderr, name).toBe(
        `${file}: non è un normale file del progetto (è una cartella, o un collegamento a un altro posto), quindi non ho scritto nulla: brochure non scrive mai fuori dal progetto. Eliminalo, oppure guarda cosa scriverebbe brochure con "npx brochure host-config ${host} --print".\n`,
      );
    }
    expect(await listTree(elsewhere)).toEqual(['netlify.toml']);
    expect(await readFile(path.join(elsewhere, 'netlify.toml'), 'utf8')).toBe('theirs');
  });
});
