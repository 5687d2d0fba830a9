import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { ContentError, formatProblemIn, formatReport } from '../../src/errors.ts';
import { FIELDS, FRAGMENTS, MESSAGES, WORDS } from '../../src/messages/catalogue.ts';
import { messagesLanguage } from '../../src/messages/language.ts';
import { totals, translateField, translateMessage } from '../../src/messages/translate.ts';
import { resolveOptions } from '../../src/options.ts';
import { bodyProblems, fileProblems, folderNames, HTTP_IN_CSP, imageProblems, outputRefusals } from '../../src/refusals.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';

const CATALOGUE = { ...MESSAGES, ...FRAGMENTS, ...WORDS, ...FIELDS };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe('the message catalogue', () => {
  it.each(Object.entries(CATALOGUE))('%s has an English and an Italian text with the same placeholders', (_id, entry) => {
    expect(entry.en.trim()).not.toBe('');
    expect(entry.it.trim()).not.toBe('');
    expect(placeholders(entry.it)).toEqual(placeholders(entry.en));
  });

  it('has no two messages with the same English (each is found by its English)', () => {
    const english = Object.values(MESSAGES).map((entry) => entry.en);
    expect(new Set(english).size).toBe(english.length);
  });
});

describe('reports in Italian', () => {
  it('translate every problem of the every-error fixture: nothing is left in English', async () => {
    const { problems } = await checkContent(resolveOptions({}, fixture('every-error')));
    const italian = formatReport(problems, 'it').split('\n');
    expect(italian).toHaveLength(problems.length + 1);
    for (const problem of problems) expect(translateMessage(problem.message, 'it'), problem.message).not.toBe(problem.message);
    expect(italian).toContain('content/professionals/rossi.md:23: timeline, voce 2, type: serve "study" o "work", invece c’è "job"');
    expect(italian).toContain('content/professionals/rossi.md:9: attenzione: lsited: campo sconosciuto, ignorato (il sito non lo usa): forse volevi scrivere "listed"?');
    expect(italian.at(-1)).toBe('10 errori e 1 avviso.');
  });

  it('count list items from 1, as people do', () => {
    expect(translateField('timeline[9].date', 'it')).toBe('timeline, voce 10, date');
    expect(translateField('specialisation[0]', 'it')).toBe('specialisation, voce 1');
    expect(translateField('timeline[9].date', 'en')).toBe('timeline[9].date');
    expect(translateField('front matter', 'it')).toBe('intestazione del file');
  });

  it('explain a colon inside unquoted text, and how to fix it', () => {
    const line = formatProblemIn(new ContentError('content/contatti.md', 3, 'YAML', 'Nested mappings are not allowed in compact mappings'), 'it');
    expect(line).toContain('content/contatti.md:3: scrittura del file: il testo contiene due punti seguiti da uno spazio');
    expect(line).toContain('metti il testo tra virgolette');
  });

  it.each([
    ['title: "Ansia" e stress\n', 'metti tutto il testo tra virgolette'],
    ['title: "Ansia\n', 'aggiungi la virgoletta di chiusura'],
    ['title: A\ntitle: B\n', 'lo stesso campo compare due volte'],
    ['title: A\n\tb: c\n', 'usa solo spazi'],
  ])('explain the YAML mistake in %j', async (frontMatter, advice) => {
    const project = await projectWith({ 'content/contatti.md': `---\n${frontMatter}---\n\nTesto.\n` });
    const { problems } = await checkContent(resolveOptions({}, project));
    const yaml = problems.filter((problem) => problem.field === 'YAML');
    expect(yaml.length).toBeGreaterThan(0);
    expect(yaml.map((problem) => translateMessage(problem.message, 'it')).join('\n')).toContain(advice);
  });

  // Every message of src/refusals.ts that a content file's problem can carry, made as the code makes it.
  const refusals = [
    fileProblems.special('a named pipe'),
    fileProblems.tooLarge(2_000_000, 1_048_576),
    fileProblems.loop,
    fileProblems.unreadable,
    fileProblems.folder,
    fileProblems.notUtf8('Windows-1252', fileProblems.badByte(0xe0)),
    fileProblems.notUtf8('UTF-16', ''),
    fileProblems.aliasBomb(100),
    bodyProblems.tooLarge(300_000, 262_144),
    ...[bodyProblems.blockquotes, bodyProblems.listItems, bodyProblems.htmlElements].map((what) => bodyProblems.tooDeep(what, 101, 100)),
    imageProblems.heicName('images/foto.heic', 'images/foto.jpg'),
    imageProblems.heicContent('images/foto.jpg'),
    imageProblems.spaces('images/foto nuova.jpg', 'foto-nuova.jpg', 'images/foto-nuova.jpg'),
    imageProblems.characters('images/foto#1.jpg'),
    imageProblems.path,
    imageProblems.special('images/x.jpg', 'a socket'),
    imageProblems.empty('images/x.jpg'),
    imageProblems.danglingLink('images/x.jpg'),
    imageProblems.notAnImage('images/x.jpg'),
    imageProblems.format('images/x.gif', 'gif'),
    imageProblems.tooManyPixels('images/x.png', 30_000, 30_000, 100_000_000),
    imageProblems.damaged('images/x.jpg', 'premature end of data'),
    imageProblems.svgEncoding('images/x.svg', 'not UTF-8'),
    imageProblems.notSvg('images/x.svg'),
    imageProblems.unsafeSvg('images/x.svg', 'a <script> element'),
    imageProblems.svgSize('images/x.svg'),
    HTTP_IN_CSP,
  ];

  it.each(refusals)('translate the refusal %s', (english) => {
    const italian = translateMessage(english, 'it');
    expect(italian).not.toBe(english);
    // The values made from the arguments (the file's names, its size, its pixels) survive in the Italian.
    for (const value of english.match(/"images\/(?:x|foto)[^"]*"|\d+(?:\.\d+)? [kM]B|\d+×\d+/g) ?? []) expect(italian).toContain(value);
  });

  // Every output folder a command refuses, with every name the refusal can give a protected folder.
  const outputs = [
    ...Object.values(folderNames).flatMap((name) => [
      outputRefusals.protectedFolder('content/', 'is', `${name} (content)`),
      outputRefusals.protectedFolder('../', 'contains', name),
    ]),
    outputRefusals.insideInput('content/images/', 'content'),
    outputRefusals.literalTilde('~/sito/'),
    outputRefusals.danglingLink('dist/'),
    outputRefusals.existingFile('notes.txt/'),
    outputRefusals.foreignFiles('dist/', true, '.git, CNAME'),
    outputRefusals.foreignFiles('other/', false, 'a.jpg, b.jpg, c.jpg, d.jpg, and 3 more'),
  ];

  it.each(outputs)('translate the output refusal %s, its folder names and paths included', (english) => {
    const italian = translateMessage(english, 'it');
    expect(italian).not.toBe(english);
    expect(italian).not.toMatch(/\bthe\b|folder|\band\b|\bmore\b/);
    expect(italian.split(' ')[0]).toBe(english.split(' ')[0]);
    for (const value of english.match(/\([^)]*\)$|\(content\)|\.git, CNAME|d\.jpg/g) ?? []) expect(italian).toContain(value);
  });

  it('name the protected folder and the files left out of a refusal in Italian', () => {
    expect(translateMessage(outputRefusals.protectedFolder('./', 'is', `${folderNames.working} (.)`), 'it')).toMatch(/^\.\/ è la cartella di lavoro \(\.\): /);
    expect(translateMessage(outputRefusals.protectedFolder('/', 'is', folderNames.root), 'it')).toMatch(/^\/ è la radice del disco: /);
    expect(translateMessage(outputRefusals.foreignFiles('other/', false, 'a.jpg, b.jpg, c.jpg, d.jpg, and 3 more'), 'it')).toMatch(/^other\/ non è stata scritta da brochure \(contiene a\.jpg, b\.jpg, c\.jpg, d\.jpg e altri 3\): /);
  });

  it('leave a message the catalogue does not know in English rather than lose it', () => {
    expect(translateMessage('a brand-new check failed', 'it')).toBe('a brand-new check failed');
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
