// loadContent: every content file read and parsed with positions; reading problems collected, never thrown.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadContent, parseData, type LoadedContent } from '../../src/content/load.ts';
import { formatProblem, type ContentError } from '../../src/errors.ts';
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

  it("reports front matter nested thousands deep at its line in the site's words, not the engine's stack overflow", async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const content = await load({ 'content/contatti.md': `---\ntitle: Contatti\nnote: ${deep}\n---\nTesto\n` });
    expect(messages(content)).toEqual([
      'content/contatti.md:3: YAML: lists or fields nested inside one another far too deeply for a content file: no page uses more than a few levels; remove the extra [ or {',
    ]);
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

describe('parseData: js-yaml first, yaml where it declines', () => {
  // Each a front matter whose reading by the two libraries could differ: numbers of YAML 1.1, keys
  // that are not text, aliases, block scalars, flow collections, every mistake the report explains.
  const CASES = [
    ...[
      '1',
      '012',
      '0o17',
      '0x1F',
      '-0x1F',
      '1_000',
      '1:30',
      '0b101',
      '+1',
      '-0',
      '1e3',
      '1.',
      '.5',
      '.inf',
      '-.Inf',
      '.NaN',
    ],
    ...['12345678901234567890', 'yes', 'no', 'on', 'True', 'TRUE', 'tRue', '~', 'null', 'Null', '', '""', '2012-02-30'],
    ...[
      '2024-01-01T10:00:00Z',
      '<<',
      '=',
      '[1, 2',
      '{b: 1',
      '@x',
      '`x',
      '%x',
      '"x" y',
      '"x',
      'b: c',
      '- b',
      'x #c',
      'x#c',
    ],
    ...['!!str 1', '!foo x', '!!int "3"', '[a, b, ]', '{b, c}', '{b: }', '[x: y]', '{x: y: z}', 'x:y', '-', '?', '---'],
    ...[
      '|\n  uno\n  due\n',
      '>\n  uno\n  due\n\n  tre\n',
      '|-\n  x\n',
      '|+\n  x\n\n',
      '|2\n   x\n',
      '>-\n  a\n   b\n  c\n',
    ],
    ...['uno\n  due\n\n  tre', '"uno\\ndue \\u00e8 \\x41"', "'it''s'", '"a\n  b"', "'a\n\n  b'", '\u00a0x', '😀'],
  ].map((value) => `a: ${value}`);
  const DOCUMENTS = [
    ...CASES,
    ...[
      'null: x',
      '~: x',
      '"null": x',
      'true: x',
      '1: x',
      '0x10: x',
      '1.5: x',
      '? a\n: b',
      '? [a, b]\n: c',
      '[a, b]: c',
    ],
    ...['<<: {b: 1}', '__proto__: {x: 1}', 'a: 1\na: 2', '\ta: 1', 'a:\n\t- x', 'a: &x 1\nb: *x', 'a: x\n b: y'],
    ...[
      '%YAML 1.2\n---\na: 1',
      '---\na: 1\n---\nb: 2',
      '',
      '# only a comment',
      'just text',
      '- a\n- b',
      '...',
      'a: 1\n...\n',
    ],
    ...['title: Ansia: come riconoscerla', `${'k'.repeat(1100)}: v`, `a: ${'x'.repeat(2000)}`, '  a: 1', '- - - a'],
  ];

  it.each(DOCUMENTS.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    '%s: the data and problems yaml alone gives',
    (_name, text) => {
      const alone = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
      const problems: ContentError[] = [];
      const parsed = parseData('x.yaml', text, problems);
      if (alone.errors.length > 0) {
        expect(parsed).toBeUndefined();
        expect(problems.length).toBeGreaterThan(0);
      } else {
        expect(problems).toEqual([]);
        expect(parsed?.data).toStrictEqual(alone.toJS({ maxAliasCount: 100 }));
      }
    },
  );
});
