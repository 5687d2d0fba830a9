// The message catalogue: every code in both languages, reports rendered from codes, Italian counting list items from 1.
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { ContentError, formatProblemIn, formatReport } from '../../src/errors.ts';
import { CATALOGUE } from '../../src/messages/catalogue.ts';
import { messagesLanguage } from '../../src/messages/language.ts';
import { render, renderField, say, totals, type Text } from '../../src/messages/text.ts';
import { resolveOptions } from '../../src/options.ts';
import {
  bodyProblems,
  fileProblems,
  folderNames,
  imageProblems,
  listedNames,
  outputRefusals,
} from '../../src/refusals.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe('the message catalogue', () => {
  it.each(Object.entries(CATALOGUE))(
    '%s has an English and an Italian text with the same placeholders',
    (_code, entry) => {
      expect(entry.en.trim()).not.toBe('');
      expect(entry.it.trim()).not.toBe('');
      expect(placeholders(entry.it)).toEqual(placeholders(entry.en));
    },
  );

  it('checks the values of a message against its placeholders, at compile time', () => {
    // @ts-expect-error imageEmpty needs its {image}
    expect(() => render(say('imageEmpty'), 'en')).not.toThrow();
    // @ts-expect-error imageEmpty has no {picture}
    expect(render(say('imageEmpty', { picture: 'images/x.jpg' }), 'en')).toContain('{image}');
    expect(render(say('imageEmpty', { image: 'images/x.jpg' }), 'en')).toMatch(/^"images\/x\.jpg" is empty/);
  });
});

describe('reports in Italian', () => {
  it('render every problem of the every-error fixture from its code: nothing is left in English', async () => {
    const { problems } = await checkContent(resolveOptions({}, fixture('every-error')));
    const italian = formatReport(problems, 'it').split('\n');
    expect(italian).toHaveLength(problems.length + 1);
    for (const problem of problems) expect(render(problem.text, 'it'), problem.message).not.toBe(problem.message);
    expect(italian).toContain(
      'content/professionals/rossi.md:23: timeline, voce 2, type: serve "study" o "work", invece c’è "job"',
    );
    expect(italian).toContain(
      'content/professionals/rossi.md:9: attenzione: lsited: campo sconosciuto, ignorato (il sito non lo usa): forse volevi scrivere "listed"?',
    );
    expect(italian.at(-1)).toBe('10 errori e 1 avviso.');
  });

  it('count list items from 1, as people do', () => {
    expect(renderField('timeline[9].date', 'it')).toBe('timeline, voce 10, date');
    expect(renderField('specialisation[0]', 'it')).toBe('specialisation, voce 1');
    expect(renderField('timeline[9].date', 'en')).toBe('timeline[9].date');
    expect(renderField(say('fieldFrontMatter'), 'it')).toBe('intestazione del file');
  });

  it('explain a colon inside unquoted text, and how to fix it', () => {
    const line = formatProblemIn(
      new ContentError('content/contatti.md', 3, say('fieldYaml'), say('yamlColonInText')),
      'it',
    );
    expect(line).toContain(
      'content/contatti.md:3: scrittura del file: il testo contiene due punti seguiti da uno spazio',
    );
    expect(line).toContain('metti il testo tra virgolette');
  });

  it.each([
    ['title: "Ansia" e stress\n', 'metti tutto il testo tra virgolette'],
    ['title: "Ansia\n', 'aggiungi la virgoletta di chiusura'],
    ['title: A\ntitle: B\n', 'lo stesso campo compare due volte'],
    ['title: A\n\tb: c\n', 'usa solo spazi'],
    [`title: A\n${'Una descrizione lunga '.repeat(50)}: ancora\n`, 'più di 1.024 caratteri'],
  ])('explain the YAML mistake in %j', async (frontMatter, advice) => {
    const project = await projectWith({ 'content/contatti.md': `---\n${frontMatter}---\n\nTesto.\n` });
    const { problems } = await checkContent(resolveOptions({}, project));
    const yaml = problems.filter((problem) => problem.field === 'YAML');
    expect(yaml.length).toBeGreaterThan(0);
    expect(yaml.map((problem) => render(problem.text, 'it')).join('\n')).toContain(advice);
  });

  it('locate a field name over 1,024 characters (which yaml refuses) on its line, in words an editor can act on', async () => {
    const text = 'Una descrizione lunga '.repeat(50);
    const project = await projectWith({
      'content/contatti.md': `---\ntitle: Contatti\n${text}: ancora\n---\n\nTesto.\n`,
    });
    const { problems } = await checkContent(resolveOptions({}, project));
    const yaml = problems.filter((problem) => problem.field === 'YAML');
    expect(yaml.map((problem) => formatProblemIn(problem, 'en'))).toEqual([
      'content/contatti.md:3: YAML: this line is read as a field name longer than 1,024 characters (everything before ": " is the name): if it is a long text, put it in quotes after the field name, as in description: "…"',
    ]);
  });

  // Every message of src/refusals.ts that a content file's problem can carry, made as the code makes it.
  const refusals: Text[] = [
    fileProblems.special(say('kindPipe')),
    fileProblems.tooLarge(2_000_000, 1_048_576),
    fileProblems.loop,
    fileProblems.unreadable,
    fileProblems.folder,
    fileProblems.notUtf8('Windows-1252', 0xe0),
    fileProblems.notUtf8('UTF-16'),
    fileProblems.aliasBomb(100),
    bodyProblems.tooLarge(300_000, 262_144),
    ...(['tooDeepQuotes', 'tooDeepLists', 'tooDeepHtml'] as const).map((what) => bodyProblems.tooDeep(what, 101, 100)),
    imageProblems.heicName('images/foto.heic', 'images/foto.jpg'),
    imageProblems.heicContent('images/foto.jpg'),
    imageProblems.spaces('images/foto nuova.jpg', 'foto-nuova.jpg', 'images/foto-nuova.jpg'),
    imageProblems.characters('images/foto#1.jpg'),
    say('expected', { what: imageProblems.path }),
    imageProblems.special('images/x.jpg', say('kindSocket')),
    imageProblems.empty('images/x.jpg'),
    imageProblems.danglingLink('images/x.jpg'),
    imageProblems.unreadableFile('images/x.jpg', fileProblems.unreadable),
    imageProblems.notAnImage('images/x.jpg'),
    imageProblems.format('images/x.gif', 'gif'),
    imageProblems.tooManyPixels('images/x.png', 30_000, 30_000, 100_000_000),
    imageProblems.damaged('images/x.jpg', 'premature end of data'),
    imageProblems.svgEncoding('images/x.svg', fileProblems.notUtf8('UTF-16')),
    imageProblems.notSvg('images/x.svg'),
    imageProblems.unsafeSvg('images/x.svg', say('svgOnLine', { what: say('svgScript'), line: 2 })),
    imageProblems.svgSize('images/x.svg'),
    say('expected', { what: say('httpInCsp') }),
  ];

  it.each(refusals.map((text) => [render(text, 'en'), text] as const))(
    'say the refusal %s in Italian',
    (english, text) => {
      const italian = render(text, 'it');
      expect(italian).not.toBe(english);
      // The values made from the arguments (the file's names, its size, its pixels) survive in the Italian.
      for (const value of english.match(/"images\/(?:x|foto)[^"]*"|\d+(?:\.\d+)? [kM]B|\d+×\d+/g) ?? [])
        expect(italian).toContain(value);
    },
  );

  it('word the refusals as before', () => {
    expect(render(fileProblems.notUtf8('Windows-1252', 0xe0), 'en')).toBe(
      'the file is not UTF-8 text; it looks like Windows-1252 (byte 0xE0 cannot start a UTF-8 character). Open it in your editor and save it with the encoding "UTF-8" (for example in VS Code: "Save with Encoding", in Notepad: "Save as", Encoding: UTF-8)',
    );
    expect(render(imageProblems.tooManyPixels('images/x.png', 30_000, 30_000, 100_000_000), 'it')).toBe(
      '"images/x.png" misura 30000×30000 pixel (900 megapixel), più dei 100 megapixel che brochure legge; il sito mostra le immagini larghe al massimo 2400 pixel, quindi ridimensionala a quella larghezza',
    );
    expect(render(fileProblems.tooLarge(2_000_000, 1_048_576), 'en')).toBe(
      'is 1.9 MB; content files may be at most 1.0 MB (a page that long would not be read anyway); split it or shorten it',
    );
  });

  // Every output folder a command refuses, with every name the refusal can give a protected folder.
  const outputs: Text[] = [
    ...Object.values(folderNames).flatMap((name) => [
      outputRefusals.protectedFolder('content/', 'is', say('folderAt', { folder: name, path: 'content' })),
      outputRefusals.protectedFolder('../', 'contains', name),
    ]),
    outputRefusals.insideInput('content/images/', 'content'),
    outputRefusals.literalTilde('~/sito/'),
    outputRefusals.danglingLink('dist/'),
    outputRefusals.existingFile('notes.txt/'),
    outputRefusals.foreignFiles('dist/', true, listedNames(['.git', 'CNAME'])),
    outputRefusals.foreignFiles(
      'other/',
      false,
      listedNames(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg', 'f.jpg', 'g.jpg']),
    ),
  ];

  it.each(outputs.map((text) => [render(text, 'en'), text] as const))(
    'say the output refusal %s in Italian, its folder names and paths included',
    (english, text) => {
      const italian = render(text, 'it');
      expect(italian).not.toBe(english);
      expect(italian).not.toMatch(/\bthe\b|folder|\band\b|\bmore\b/);
      expect(italian.split(' ')[0]).toBe(english.split(' ')[0]);
      for (const value of english.match(/\([^)]*\)$|\(content\)|\.git, CNAME|d\.jpg/g) ?? [])
        expect(italian).toContain(value);
    },
  );

  it('name the protected folder and the files left out of a refusal', () => {
    expect(
      render(
        outputRefusals.protectedFolder('./', 'is', say('folderAt', { folder: folderNames.working, path: '.' })),
        'it',
      ),
    ).toMatch(/^\.\/ è la cartella di lavoro \(\.\): /);
    expect(
      render(
        outputRefusals.protectedFolder('./', 'is', say('folderAt', { folder: folderNames.working, path: '.' })),
        'en',
      ),
    ).toMatch(/^\.\/ is the working folder \(\.\); /);
    expect(render(outputRefusals.protectedFolder('/', 'is', folderNames.root), 'it')).toMatch(
      /^\/ è la radice del disco: /,
    );
    const many = outputRefusals.foreignFiles(
      'other/',
      false,
      listedNames(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg', 'f.jpg', 'g.jpg']),
    );
    expect(render(many, 'it')).toMatch(
      /^other\/ non è stata scritta da brochure \(contiene a\.jpg, b\.jpg, c\.jpg, d\.jpg e altri 3\): /,
    );
    expect(render(many, 'en')).toMatch(
      /^other\/ was not written by brochure \(it holds a\.jpg, b\.jpg, c\.jpg, d\.jpg, and 3 more\); /,
    );
    // One more than shown is named rather than counted: «e altri 1» is not Italian.
    expect(render(listedNames(['a', 'b', 'c', 'd', 'e']), 'it')).toBe('a, b, c, d, e');
    expect(render(listedNames(['a', 'b', 'c', 'd', 'e', 'f']), 'it')).toBe('a, b, c, d e altri 2');
  });

  it("say a number out of bounds and a code of the wrong length in Italian, with zod's words kept in English", async () => {
    const { readFile } = await import('node:fs/promises');
    const minimal = fixture('minimal');
    const site = (await readFile(`${minimal}/content/site.yaml`, 'utf8'))
      .replace('copyrightYear: 2025', 'copyrightYear: 1999\nconsent:\n  maxAgeDays: 0')
      .replace('  province: PE', '  province: PE\n  country: ITA');
    const service = (await readFile(`${minimal}/content/services/01-colloquio.md`, 'utf8')).replace(
      'duration: 50',
      'duration: 0',
    );
    const project = await projectWith({ 'content/site.yaml': site, 'content/services/01-colloquio.md': service });
    const { problems } = await checkContent(resolveOptions({}, project));
    const lines = (language: 'it' | 'en') =>
      problems.map((problem) => `${problem.field}: ${render(problem.text, language)}`).sort();
    expect(lines('en')).toEqual([
      'address.country: Too big: expected string to have exactly 2 characters, got "ITA"',
      'consent.maxAgeDays: Too small: expected number to be >0, got 0',
      'copyrightYear: Too small: expected number to be >=2000, got 1999',
      'duration: Too small: expected number to be >0, got 0',
    ]);
    expect(lines('it')).toEqual([
      'address.country: servono esattamente 2 caratteri; c’è "ITA"',
      'consent.maxAgeDays: serve un numero maggiore di 0; c’è 0',
      'copyrightYear: serve un numero da 2000 in su; c’è 1999',
      'duration: serve un numero maggiore di 0; c’è 0',
    ]);
  });

  it('keep English reports exactly as before', async () => {
    const { problems } = await checkContent(resolveOptions({}, fixture('every-error')));
    expect(formatReport(problems)).toBe(formatReport(problems, 'en'));
    expect(totals(2, 1, 'en')).toBe('2 errors and 1 warning.');
    expect(totals(1, 0, 'it')).toBe('1 errore.');
  });
});

describe('messagesLanguage', () => {
  it('is the flag, else site.yaml’s language, else English', async () => {
    const italian = await projectWith({ 'content/site.yaml': null });
    expect(await messagesLanguage(undefined, `${italian}/content`)).toBe('en');
    const declared = await projectWith();
    const { writeFile, readFile } = await import('node:fs/promises');
    const site = `${declared}/content/site.yaml`;
    await writeFile(site, `${await readFile(site, 'utf8')}\nlanguage: it\n`);
    expect(await messagesLanguage(undefined, `${declared}/content`)).toBe('it');
    expect(await messagesLanguage('en', `${declared}/content`)).toBe('en');
  });
});
