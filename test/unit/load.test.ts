// loadContent: every content file read and parsed with positions; reading problems collected, never thrown.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, type LoadedContent } from '../../src/content/load.ts';
import { formatProblem } from '../../src/errors.ts';
import { projectWith } from '../helpers/fixtures.ts';
import type { FileMap } from '../helpers/files.ts';

/** Loads a copy of the minimal fixture with `files` written over it, paths shown relative to the project. */
async function load(files: FileMap = {}): Promise<LoadedContent> {
  const project = await projectWith(files);
  return loadContent(path.join(project, 'content'), project);
}

const messages = (content: LoadedContent) => content.problems.map(formatProblem);

describe('loadContent on a valid site', () => {
  it('reads each page, professional and service with its kind and project-relative path', async () => {
    const content = await load();
    expect(content.problems).toEqual([]);
    expect(content.entries.map((entry) => [entry.kind, entry.file])).toEqual([
      ['site', 'content/site.yaml'],
      ['home', 'content/home.md'],
      ['contacts', 'content/contatti.md'],
      ['services-page', 'content/percorsi.md'],
      ['privacy', 'content/privacy.md'],
      ['professional', 'content/professionals/rossi.md'],
      ['service', 'content/services/01-colloquio.md'],
    ]);
  });

  it('keeps front matter as data and the Markdown body as text', async () => {
    const content = await load();
    const home = content.entries.find((entry) => entry.kind === 'home')!;
    expect(home.data).toMatchObject({ heading: 'Benvenuti', hero: { image: 'images/hero.jpg' } });
    expect(home.body.trim()).toBe('Testo della home.');
    const site = content.entries.find((entry) => entry.kind === 'site')!;
    expect(site.data).toMatchObject({ name: 'Studio Prova', address: { postalCode: '65100' } });
    expect(site.body).toBe('');
  });

  it('gives professionals their lowercased file name as slug, and services their <nn> position', async () => {
    const content = await load({
      'content/professionals/Bianchi.markdown': '---\nname: Anna Bianchi\n---\n',
      'content/services/10-lutto.md': '---\ntitle: Lutto\nduration: 50\n---\n',
    });
    expect(content.problems).toEqual([]);
    const named = content.entries
      .filter((entry) => entry.slug !== undefined)
      .map((entry) => [entry.file, entry.slug, entry.position]);
    expect(named).toEqual([
      ['content/professionals/Bianchi.markdown', 'bianchi', undefined],
      ['content/professionals/rossi.md', 'rossi', undefined],
      ['content/services/01-colloquio.md', 'colloquio', 1],
      ['content/services/10-lutto.md', 'lutto', 10],
    ]);
  });

  it('lists the files of content/images/ as content paths, skipping hidden files', async () => {
    const content = await load({ 'content/images/.DS_Store': 'x' });
    expect([...content.images].sort()).toEqual([
      'images/flag.svg',
      'images/hero.jpg',
      'images/logo.svg',
      'images/rossi.jpg',
    ]);
  });

  it('ignores files that are not Markdown and hidden files in professionals/ and services/', async () => {
    const content = await load({
      'content/professionals/appunti.txt': 'not content',
      'content/professionals/.rossi.md.swp': 'editor swap file',
      'content/services/.01-bozza.md': '---\ntitle: Bozza\n---\n',
    });
    expect(content.problems).toEqual([]);
    expect(content.entries.filter((entry) => entry.kind === 'professional' || entry.kind === 'service')).toHaveLength(
      2,
    );
  });

  it('reads a file saved with a UTF-8 byte-order mark', async () => {
    const content = await load({ 'content/contatti.md': '\uFEFF---\ntitle: Contatti\n---\nTesto\n' });
    expect(content.problems).toEqual([]);
    expect(content.entries.find((entry) => entry.kind === 'contacts')!.data).toEqual({ title: 'Contatti' });
  });
});

describe('loadContent problems', () => {
  it('reports a missing required file without a line', async () => {
    const content = await load({ 'content/privacy.md': null });
    expect(messages(content)).toEqual([
      'content/privacy.md: file: is missing; every site needs it (see README, "Content layout")',
    ]);
    expect(content.entries.map((entry) => entry.kind)).not.toContain('privacy');
  });

  it('reports a Markdown file with no front matter at line 1', async () => {
    const content = await load({ 'content/privacy.md': '# Privacy\n\nTesto senza front matter.\n' });
    expect(messages(content)).toEqual([
      'content/privacy.md:1: front matter: is missing; start the file with a block between two "---" lines holding its fields (see README, "Content layout")',
    ]);
  });

  it('reports malformed front matter at the line the YAML parser gives', async () => {
    const content = await load({
      'content/contatti.md': [
        '---', //                                        1
        'title: Contatti', //                            2
        'description: Orari: dal lunedì al venerdì', //  3  <- a second ": " in a plain value
        'heading: Contattaci', //                        4
        '---',
        'Testo',
      ].join('\n'),
    });
    expect(messages(content)).toEqual([
      'content/contatti.md:3: YAML: Nested mappings are not allowed in compact mappings',
    ]);
  });

  it('reports a value with several colons once, not once per colon', async () => {
    const content = await load({
      'content/contatti.md': '---\ntitle: Orari: lunedì: martedì: mercoledì\nheading: Contattaci\n---\nTesto\n',
    });
    expect(messages(content)).toEqual([
      'content/contatti.md:2: YAML: Nested mappings are not allowed in compact mappings',
    ]);
  });

  it('reports malformed site.yaml at the parser line, counting from the first line of the file', async () => {
    const content = await load({
      'content/site.yaml': [
        'name: Studio Prova', //  1
        'address:', //            2
        '  street: Via Roma 1', // 3
        '\tcity: Pescara', //     4  <- tab indentation
      ].join('\n'),
    });
    expect(messages(content)).toEqual(['content/site.yaml:4: YAML: Tabs are not allowed as indentation']);
  });

  it('reports a key given twice', async () => {
    const content = await load({
      'content/professionals/rossi.md': '---\nname: Maria Rossi\nrole: Psicologa\nname: Maria\n---\n',
    });
    expect(messages(content)).toEqual(['content/professionals/rossi.md:4: YAML: Map keys must be unique']);
  });

  it('reports a professional file name that cannot be a URL', async () => {
    const content = await load({ 'content/professionals/Maria Rossi.md': '---\nname: Maria Rossi\n---\n' });
    expect(messages(content)).toEqual([
      'content/professionals/Maria Rossi.md: file name: "Maria Rossi.md" cannot be a URL; use lowercase letters, digits and dashes, such as "maria-rossi.md"',
    ]);
  });

  it('reports a service file without its <nn>- prefix', async () => {
    const content = await load({ 'content/services/Lutto.md': '---\ntitle: Lutto\nduration: 50\n---\n' });
    expect(messages(content)).toEqual([
      'content/services/Lutto.md: file name: "Lutto.md" needs a number prefix that sets its place in the list, such as "01-lutto.md"',
    ]);
  });

  it.each([
    ['an empty services/ folder', { 'content/services/01-colloquio.md': null, 'content/services/.gitkeep': '' }],
    ['no services/ folder at all', { 'content/services/01-colloquio.md': null }],
  ])('reports %s', async (_, files) => {
    const content = await load(files);
    expect(messages(content)).toEqual([
      'content/services: services: no service files found; the Percorsi page needs at least one, such as services/01-colloquio.md',
    ]);
  });

  it('collects every reading problem instead of stopping at the first', async () => {
    const content = await load({
      'content/home.md': null,
      'content/privacy.md': 'no front matter',
      'content/contatti.md': '---\ntitle: [a\n---\n',
    });
    expect(content.problems.map((problem) => problem.file).sort()).toEqual([
      'content/contatti.md',
      'content/home.md',
      'content/privacy.md',
    ]);
  });
});
