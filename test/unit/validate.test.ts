// validateContent: every schema issue, slug clash and missing image becomes a located problem.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load.ts';
import { validateContent, type Entries } from '../../src/content/validate.ts';
import { formatProblem } from '../../src/errors.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';
import type { FileMap } from '../helpers/files.ts';

/** Loads and validates a copy of the minimal fixture with `files` written over it. */
async function check(files: FileMap = {}): Promise<{ entries?: Entries; lines: string[] }> {
  const project = await projectWith(files);
  const { entries, problems } = validateContent(await loadContent(path.join(project, 'content'), project));
  return { entries, lines: problems.map(formatProblem).sort() };
}

// The minimal fixture's professional, with its file lines.
const ROSSI = [
  '---', //                                                         1
  'name: Maria Rossi', //                                           2
  'role: Psicologa', //                                             3
  'description: Maria Rossi, psicologa a Pescara.', //              4
  'photo:', //                                                      5
  '  image: images/rossi.jpg', //                                   6
  '  alt: Ritratto di Maria Rossi', //                              7
  'order: 1', //                                                    8
  'phone: "+39 333 000 0001"', //                                   9
  'email: maria.rossi@example.com', //                              10
  'linkedin: https://www.linkedin.com/in/maria-rossi-example', //   11
  "registration: Iscritta all'Albo, n. 1234", //                    12
  'specialisation:', //                                             13
  '  - Psicologia clinica', //                                      14
  'timeline:', //                                                   15
  '  - date: "2010"', //                                            16
  '    title: Laurea in Psicologia', //                             17
  '    place: Università di Chieti', //                             18
  '    type: study', //                                             19
  '  - date: "2012-03"', //                                         20
  '    title: Studio privato', //                                   21
  '    type: work', //                                              22
  '---',
  '',
  'Sono psicologa.',
].join('\n');

/** ROSSI with one line replaced, checked to exist so a typo in a test cannot pass silently. */
function rossiWith(line: string, replacement: string): string {
  expect(ROSSI.split('\n')).toContain(line);
  return ROSSI.replace(`${line}\n`, replacement === '' ? '' : `${replacement}\n`);
}

const AT = 'content/professionals/rossi.md';

describe('validateContent on valid content', () => {
  it('returns typed entries with defaults filled in and no problems', async () => {
    const { entries, lines } = await check({ [AT]: ROSSI });
    expect(lines).toEqual([]);
    expect(entries!.site.data.address.country).toBe('IT');
    expect(entries!.site.data.emailjs.endpoint).toBe('https://api.emailjs.com/api/v1.0/email/send');
    expect(entries!.professionals).toHaveLength(1);
    expect(entries!.professionals[0]).toMatchObject({ slug: 'rossi', file: AT, data: { listed: true, order: 1 } });
    expect(entries!.professionals[0]!.data.timeline.map((item) => [item.date, item.type])).toEqual([
      ['2010', 'study'],
      ['2012-03', 'work'],
    ]);
    expect(entries!.services[0]).toMatchObject({
      slug: 'colloquio',
      position: 1,
      data: { title: 'Colloquio psicologico', duration: 50 },
    });
  });

  it.each([
    ['a bare year read as a number', '  - date: 2010'],
    ['a full date', '  - date: "2010-06-30"'],
    ['29 February of a leap year', '  - date: "2020-02-29"'],
  ])('accepts %s as a timeline date', async (_, line) => {
    const { lines } = await check({ [AT]: rossiWith('  - date: "2010"', line) });
    expect(lines).toEqual([]);
  });

  it('accepts "in corso" as the end of a period that is still going on', async () => {
    const { lines } = await check({ [AT]: rossiWith('    type: work', '    type: work\n    end: in corso') });
    expect(lines).toEqual([]);
  });

  it('accepts "caso per caso" as a service duration', async () => {
    const { lines } = await check({
      'content/services/01-colloquio.md': '---\ntitle: Colloquio\nduration: caso per caso\n---\n',
    });
    expect(lines).toEqual([]);
  });
});

describe('validateContent: located field problems', () => {
  it('reports an unknown timeline type at the line of the key, as in the issue', async () => {
    const { entries, lines } = await check({ [AT]: rossiWith('    type: work', '    type: job') });
    expect(lines).toEqual([`${AT}:22: timeline[1].type: expected "study" or "work", got "job"`]);
    expect(entries).toBeUndefined();
  });

  it('reports a missing required field at the start of the map that should hold it', async () => {
    const { lines } = await check({ [AT]: rossiWith('role: Psicologa', '') });
    expect(lines).toEqual([`${AT}:2: role: required field is missing`]);
  });

  it('reports a missing field inside a list item at the item', async () => {
    const { lines } = await check({ [AT]: rossiWith('    type: work', '') });
    expect(lines).toEqual([`${AT}:20: timeline[1].type: required field is missing`]);
  });

  it.each([
    ['order: 1', 'order: primo', `${AT}:8: order: expected a number, got "primo"`],
    ['order: 1', 'order: 1.5', `${AT}:8: order: expected a whole number, got 1.5`],
    ['order: 1', 'order: 1\nlisted: "no"', `${AT}:9: listed: expected true or false, got "no"`],
    ['phone: "+39 333 000 0001"', 'phone: 3330000001', `${AT}:9: phone: expected text, got 3330000001`],
    ['name: Maria Rossi', 'name:', `${AT}:2: name: expected text, got an empty value`],
    ['name: Maria Rossi', 'name: ""', `${AT}:2: name: must not be empty, got ""`],
  ])('reports a wrong type: %s -> %s', async (line, replacement, expected) => {
    const { lines } = await check({ [AT]: rossiWith(line, replacement) });
    expect(lines).toEqual([expected]);
  });

  it('reports a single value where a list is expected', async () => {
    const { lines } = await check({
      [AT]: ROSSI.replace('specialisation:\n  - Psicologia clinica', 'specialisation: Psicologia clinica'),
    });
    expect(lines).toEqual([`${AT}:13: specialisation: expected a list, got "Psicologia clinica"`]);
  });

  it('reports an empty list where one item is needed', async () => {
    const { lines } = await check({
      [AT]: rossiWith('specialisation:', 'specialisation: []').replace('  - Psicologia clinica\n', ''),
    });
    expect(lines).toEqual([`${AT}:13: specialisation: list at least one specialisation, got an empty list`]);
  });

  it.each([
    ['03/2012', 'the Italian day/month order'],
    ['"marzo 2012"', 'words'],
  ])('reports a date not written as YYYY-MM-DD: %s (%s)', async (value) => {
    const { lines } = await check({ [AT]: rossiWith('  - date: "2012-03"', `  - date: ${value}`) });
    expect(lines).toEqual([
      `${AT}:20: timeline[1].date: expected a date written as YYYY, YYYY-MM or YYYY-MM-DD, got "${value.replace(/"/g, '')}"`,
    ]);
  });

  it.each([
    ['"2012-02-30"', '30 February'],
    ['"2012-13"', 'month 13'],
  ])('reports a well-written date that does not exist: %s (%s)', async (value) => {
    const { lines } = await check({ [AT]: rossiWith('  - date: "2012-03"', `  - date: ${value}`) });
    expect(lines).toEqual([
      `${AT}:20: timeline[1].date: expected a real calendar date (check the month and the day), got "${value.replace(/"/g, '')}"`,
    ]);
  });

  it('reports malformed e-mail, URL and image path values with what the file has', async () => {
    const text = rossiWith('  image: images/rossi.jpg', '  image: rossi.jpg')
      .replace('email: maria.rossi@example.com', 'email: maria.rossi')
      .replace('linkedin: https://www.linkedin.com/in/maria-rossi-example', 'linkedin: www.linkedin.com/in/maria');
    const { lines } = await check({ [AT]: text });
    expect(lines).toEqual([
      `${AT}:10: email: expected an e-mail address, got "maria.rossi"`,
      `${AT}:11: linkedin: expected an absolute http(s) URL, got "www.linkedin.com/in/maria"`,
      `${AT}:6: photo.image: expected a path like "images/photo.jpg" (jpg, png, webp, avif or svg inside content/images/), got "rossi.jpg"`,
    ]);
  });

  it('reports front matter that is a list instead of fields', async () => {
    const { lines } = await check({ [AT]: '---\n- Maria Rossi\n---\n' });
    expect(lines).toEqual([`${AT}:2: front matter: expected a set of fields, got a list`]);
  });

  it('reports a wrong type in site.yaml, whose lines count from 1 with no delimiter', async () => {
    const site = await readFile(path.join(fixture('minimal'), 'content', 'site.yaml'), 'utf8');
    const { lines } = await check({
      'content/site.yaml': site.replace('copyrightYear: 2025', 'copyrightYear: "2025"'),
    });
    expect(lines).toEqual(['content/site.yaml:26: copyrightYear: expected a number, got "2025"']);
  });

  it('counts lines the same in a file saved with Windows line endings', async () => {
    const { lines } = await check({ [AT]: rossiWith('    type: work', '    type: job').replace(/\n/g, '\r\n') });
    expect(lines).toEqual([`${AT}:22: timeline[1].type: expected "study" or "work", got "job"`]);
  });

  it('collects the problems of every file together', async () => {
    const { lines } = await check({
      [AT]: rossiWith('    type: work', '    type: job'),
      'content/services/01-colloquio.md': '---\ntitle: Colloquio\nduration: "50"\n---\n',
      'content/home.md': '---\ntitle: Home\n---\n',
    });
    expect(lines).toEqual([
      'content/home.md:2: description: required field is missing',
      'content/home.md:2: form: required field is missing',
      'content/home.md:2: heading: required field is missing',
      'content/home.md:2: hero: required field is missing',
      'content/home.md:2: reviews: required field is missing',
      `${AT}:22: timeline[1].type: expected "study" or "work", got "job"`,
      'content/services/01-colloquio.md:3: duration: expected a number or "caso per caso", got "50"',
    ]);
  });
});

describe('validateContent: images', () => {
  it('reports an image that is referenced but missing from content/images/', async () => {
    const { entries, lines } = await check({
      [AT]: rossiWith('  image: images/rossi.jpg', '  image: images/rosi.jpg'),
    });
    expect(lines).toEqual([
      `${AT}:6: photo.image: image "images/rosi.jpg" not found; add it to content/images/ or fix the name`,
    ]);
    expect(entries).toBeUndefined();
  });

  it('reports a missing image even when another field of the same file is wrong', async () => {
    const text = rossiWith('  image: images/rossi.jpg', '  image: images/rosi.jpg').replace('order: 1', 'order: primo');
    const { lines } = await check({ [AT]: text });
    expect(lines).toEqual([
      `${AT}:6: photo.image: image "images/rosi.jpg" not found; add it to content/images/ or fix the name`,
      `${AT}:8: order: expected a number, got "primo"`,
    ]);
  });

  it('reports missing images in site.yaml and page files too', async () => {
    const { lines } = await check({ 'content/images/logo.svg': null, 'content/images/flag.svg': null });
    expect(lines).toEqual([
      'content/percorsi.md:8: badge.image: image "images/flag.svg" not found; add it to content/images/ or fix the name',
      'content/site.yaml:5: logo: image "images/logo.svg" not found; add it to content/images/ or fix the name',
    ]);
  });
});

describe('validateContent: slugs', () => {
  it.each(['contatti', 'percorsi', 'privacy', 'index', '404', 'static'])(
    'rejects a professional named after the built-in route "%s"',
    async (slug) => {
      const { lines } = await check({ [AT]: null, [`content/professionals/${slug}.md`]: ROSSI });
      expect(lines).toEqual([
        `content/professionals/${slug}.md: slug: "${slug}" is a built-in route of the site (index, contatti, percorsi, privacy, 404, static, admin); rename the file`,
      ]);
    },
  );

  it('rejects two files whose names differ only by extension', async () => {
    const { lines } = await check({ 'content/professionals/rossi.markdown': ROSSI });
    expect(lines).toEqual([
      `${AT}: slug: "rossi" is already used by content/professionals/rossi.markdown; two professionals cannot share a URL, rename one of the files`,
    ]);
  });

  it('rejects two files whose names differ only by case (slugs are lowercased)', async (context) => {
    if (!(await caseSensitiveTempDir())) context.skip();
    const { lines } = await check({ 'content/professionals/Rossi.md': ROSSI });
    expect(lines).toEqual([
      `${AT}: slug: "rossi" is already used by content/professionals/Rossi.md; two professionals cannot share a URL, rename one of the files`,
    ]);
  });
});

describe('validateContent: unknown fields', () => {
  it('warns about an unknown key, suggests the closest known one, and still returns entries', async () => {
    const { entries, lines } = await check({ [AT]: rossiWith('order: 1', 'order: 1\nlsited: false') });
    expect(lines).toEqual([`${AT}:9: warning: lsited: unknown field, ignored; did you mean "listed"?`]);
    expect(entries).toBeDefined();
    // Ignored means ignored: the misspelt value does not hide the person.
    expect(entries!.professionals[0]!.data.listed).toBe(true);
  });

  it('suggests the field an Italian key names by its label in the web editor', async () => {
    const { lines } = await check({
      [AT]: rossiWith(
        'order: 1',
        'order: 1\ntelefono: "+39 333 000 0000"\nPosizione: 2\nvisibile_nel_menu: false\ncolore: blu',
      ),
    });
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        `${AT}:9: warning: telefono: unknown field, ignored; did you mean "phone"?`,
        `${AT}:10: warning: Posizione: unknown field, ignored; did you mean "order"?`,
        `${AT}:11: warning: visibile_nel_menu: unknown field, ignored; did you mean "listed"?`,
        // A word no label spells either: the list of the fields there are.
        expect.stringMatching(
          new RegExp(`^${AT}:12: warning: colore: unknown field, ignored; known fields: name, role, `),
        ),
      ]),
    );
  });

  it('warns about unknown keys nested in maps and list items', async () => {
    const text = rossiWith('  alt: Ritratto di Maria Rossi', '  alt: Ritratto di Maria Rossi\n  titolo: Foto').replace(
      '    place: Università di Chieti',
      '    luogo: Università di Chieti',
    );
    const { lines } = await check({ [AT]: text });
    expect(lines).toEqual([
      // `luogo` is how the web editor labels `place`.
      `${AT}:19: warning: timeline[0].luogo: unknown field, ignored; did you mean "place"?`,
      `${AT}:8: warning: photo.titolo: unknown field, ignored; known fields: image, alt`,
    ]);
  });

  it('warns about __proto__ and constructor like any other unknown key, and nothing is polluted', async () => {
    const { lines, entries } = await check({
      'content/services/01-colloquio.md':
        '---\ntitle: Colloquio\nduration: 50\n__proto__:\n  polluted: true\nconstructor: x\n---\n',
    });
    expect(lines).toEqual([
      'content/services/01-colloquio.md:4: warning: __proto__: unknown field, ignored; known fields: title, duration, order',
      'content/services/01-colloquio.md:6: warning: constructor: unknown field, ignored; known fields: title, duration, order',
    ]);
    expect(entries).toBeDefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists the known fields when no field is close', async () => {
    const { lines } = await check({
      'content/services/01-colloquio.md': '---\ntitle: Colloquio\nduration: 50\ncolore: blu\n---\n',
    });
    expect(lines).toEqual([
      'content/services/01-colloquio.md:4: warning: colore: unknown field, ignored; known fields: title, duration, order',
    ]);
  });
});

/** Whether two names differing only by case can coexist in the temp folder (not on macOS or Windows defaults). */
async function caseSensitiveTempDir(): Promise<boolean> {
  const dir = await mkdtemp(path.join(tmpdir(), 'brochure-case-'));
  try {
    await writeFile(path.join(dir, 'a'), '');
    await writeFile(path.join(dir, 'A'), '');
    return (await readdir(dir)).length === 2;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
