// plainBlocksHtml: for every body it accepts, the same bytes as the unified pipeline (with sanitising); everything else is left to it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { loadRenderer } from '../../src/model/markdown.ts';
import { plainBlocksHtml } from '../../src/model/plain-blocks.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

/** The unified pipeline alone, which the fast path must agree with. */
const full = await loadRenderer();

type Next = () => number;
const pick = <T>(next: Next, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

// The accepted pieces, the Markdown and HTML characters next to them, and the places CommonMark's rules
// look at: line and block starts, indentation, runs of `*`, brackets, backticks, flanking punctuation.
const PIECES = [
  'a',
  'b',
  'Si',
  'occupa',
  'è',
  'perché',
  'Ω',
  'ß',
  '𝒜',
  '1',
  '42',
  '2024',
  '1.',
  '3)',
  ' ',
  ' ',
  '  ',
  '   ',
  '\t',
  '.',
  ',',
  ';',
  ':',
  '!',
  '?',
  "'",
  '(',
  ')',
  '/',
  '-',
  '–',
  '—',
  '“',
  '”',
  '’',
  '+',
  '@',
  '*',
  '*',
  '**',
  '***',
  '_',
  '__',
  '`',
  '``',
  '#',
  '##',
  '=',
  '>',
  '<',
  '&',
  '"',
  '[',
  ']',
  '](',
  '\\',
  '~',
  '|',
  '%',
  '\u00a0',
  '\r',
  '\n',
  '\n',
  '\n\n',
  '\n\n',
  '\n- ',
  '\n  ',
  '\n   ',
  '\n    ',
  '\n# ',
  '\n## ',
  '\n###### ',
  '\n####### ',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '---',
  '===',
  '\n---',
  '\n===',
  '# ',
  'http://a.it',
  '&amp;',
  'a*b',
  '[a](/b)',
  '[x_y.it](https://x.it/a_b)',
  '![a](/b)',
  '[a](b)',
  '[a]: /b',
  '[a] (/b)',
  '[a](/b "t")',
  '[a](javascript:x)',
  '[a](mailto:m@e.it)',
  '[a](#x)',
  '[ a](/b)',
  '[*a*](/b)',
  '`c-d`',
  '`a b`',
  '`*`',
  'a_b',
  '_a_',
  'x*y*',
  '*a*',
  '**b**',
  ' *c* ',
  ' **d**.',
  '(*e*)',
  "l'**f**",
  '*g*,',
  'h**i**',
  '**j**“',
];

function soup(next: Next): string {
  let text = next() < 0.5 ? 'Parola' : '';
  const length = 1 + Math.floor(next() * 16);
  for (let i = 0; i < length; i++) text += pick(next, PIECES);
  return text;
}

const WORDS = [
  'Biografia',
  'della',
  'è',
  'psicologico',
  "all'Ordine",
  'n.',
  '1001',
  '2016/679',
  'Pescara,',
  'ansia;',
  'vita:',
  'come?',
  '(anche)',
  '(PE)',
  '–',
  '“GDPR”',
  'LGBTQIA+',
  'e-mail',
  'snake_case',
  'www.esempio.it',
  'art.',
];
const DESTINATIONS = [
  '/contatti',
  '/percorsi/a-b',
  '/',
  'https://esempio.it',
  'https://www.esempio.it/wiki/Privacy_Policy',
  'https://a.it/b?c=d#e',
  'mailto:maria.rossi@example.com',
  '#sezione',
  '//a.it',
];

/** A run of words with emphasis, links and code spans, as editors write them, over one or more lines. */
function inline(next: Next, lines: number): string {
  const parts: string[] = [];
  const count = 2 + Math.floor(next() * 8);
  for (let i = 0; i < count; i++) {
    const roll = next();
    const words = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, WORDS)).join(' ');
    if (roll < 0.55) parts.push(pick(next, WORDS));
    else if (roll < 0.7) {
      const mark = pick(next, ['*', '**']);
      parts.push(
        `${pick(next, ['', '', "l'", '(', '“', '’', '`a`'])}${mark}${words().replace(/^\W+|\W+$/gu, '') || 'parola'}${mark}${pick(next, ['', '', '.', ',', ':', ')', '–', '”', '+', '[a](/b)'])}`,
      );
    } else if (roll < 0.85)
      parts.push(
        `[${pick(next, ['sito', 'maria.rossi@example.com', 'Privacy_Policy', 'la pagina dei contatti', '(PE)'])}](${pick(next, DESTINATIONS)})${pick(next, ['', '.', ';', ')'])}`,
      );
    else parts.push(`\`${pick(next, ['pss-consent-v1', 'localStorage', 'a.b/c', 'x_y'])}\``);
  }
  // Soft line breaks between words, in as many lines as asked.
  const words = parts.join(' ').split(' ');
  const breaks = new Set(Array.from({ length: lines - 1 }, () => 1 + Math.floor(next() * (words.length - 1))));
  return words.map((word, i) => (breaks.has(i) ? `\n${word}` : i === 0 ? word : ` ${word}`)).join('');
}

/** A body of headings, paragraphs and tight lists, the language the fast path is meant for. */
function document(next: Next): string {
  const blocks: string[] = [];
  let list = false;
  for (let i = 1 + Math.floor(next() * 5); i > 0; i--) {
    const roll = next();
    if (roll < 0.2) blocks.push(`${'#'.repeat(1 + Math.floor(next() * 6))} ${inline(next, 1)}`);
    else if (roll < 0.45 && !list) {
      const items = Array.from(
        { length: 1 + Math.floor(next() * 4) },
        () => `- ${inline(next, 1 + Math.floor(next() * 2)).replaceAll('\n', '\n  ')}`,
      );
      blocks.push(items.join('\n'));
      list = true;
      continue;
    } else blocks.push(inline(next, 1 + Math.floor(next() * 3)));
    list = false;
  }
  return `\n${blocks.join('\n\n')}\n`;
}

/** A body of `kind` with one thing changed: a piece put in, a character dropped or a blank line put in or taken out. */
function nearMiss(kind: (next: Next) => string): (next: Next) => string {
  return (next) => {
    const text = kind(next);
    const at = Math.floor(next() * text.length);
    const roll = next();
    if (roll < 0.6) return text.slice(0, at) + pick(next, PIECES) + text.slice(at);
    if (roll < 0.8) return text.slice(0, at) + text.slice(at + 1);
    return roll < 0.9 ? text.replace('\n\n', '\n') : text.replace(/\n(?!\n)/u, '\n\n');
  };
}

/** The Markdown bodies of every content folder in the repository. */
function repositoryBodies(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory()
        ? name === 'node_modules'
          ? []
          : files(file)
        : name.endsWith('.md')
          ? [file]
          : [];
    });
  return [...files('content'), ...files('test/fixtures')].map(bodyOf);
}

/** A file's Markdown body (its front matter is not this test's business, and some fixtures' is wrong on purpose). */
function bodyOf(file: string): string {
  return matter(readFileSync(file, 'utf8'), { engines: { yaml: () => ({}) } }).content;
}

/** Bodies the fast path is meant for: prose with emphasis, as editors write it. */
function prose(next: Next): string {
  const words = [
    'Biografia',
    'della',
    'professionista',
    'è',
    'sostegno',
    'psicologico',
    "all'Ordine",
    'n.',
    '1001',
    'Pescara,',
    'ansia;',
    'vita:',
    'come?',
    '(anche)',
    'https://example.com/a-b',
  ];
  const word = () => words[Math.floor(next() * words.length)]!;
  const phrase = (count: number) => Array.from({ length: count }, word).join(' ');
  const paragraphs = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
    const lines = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
      const marks = ['', '*', '**'][Math.floor(next() * 3)]!;
      const tail = ['', '.', ',', ' e altro', ')', ':'][Math.floor(next() * 6)]!;
      return `${'Testo'} ${phrase(2)} ${marks}${phrase(1 + Math.floor(next() * 3))}${marks}${tail}`;
    });
    return lines.join('\n');
  });
  return `\n${paragraphs.join('\n\n')}\n`;
}

/**
 * For each of the `kinds` in turn, makes bodies from `seed` until the fast path has accepted `each`
 * different ones (or `tries` bodies are made), and expects each of those to come out as unified makes
 * it; returns how many of each kind it compared. The work is bounded by `each`, not by a clock: unified
 * is the cost (a millisecond or more a body), and a kind the fast path rarely takes (a soup of pieces,
 * 3% of them) gets as many comparisons as one it nearly always takes (prose).
 */
function agreeing(seed: number, kinds: readonly ((next: Next) => string)[], each: number, tries: number): number[] {
  const next = seededRandom(seed);
  return kinds.map((kind) => {
    const compared = new Set<string>();
    for (let i = 0; i < tries && compared.size < each; i++) {
      const markdown = kind(next);
      const fast = compared.has(markdown) ? undefined : plainBlocksHtml(markdown);
      if (fast === undefined) continue;
      compared.add(markdown);
      expect(fast, JSON.stringify(markdown)).toBe(full(markdown));
    }
    return compared.size;
  });
}

describe('plainBlocksHtml', () => {
  it('writes paragraphs, soft line breaks, emphasis and strong as unified does', () => {
    const body =
      '\nBiografia della professionista 1. Si occupa di **sostegno psicologico** e di valutazione.\n\nHa lavorato in *diversi* servizi\ndel territorio.\n';
    expect(plainBlocksHtml(body)).toBe(
      '<p>Biografia della professionista 1. Si occupa di <strong>sostegno psicologico</strong> e di valutazione.</p>\n<p>Ha lavorato in <em>diversi</em> servizi\ndel territorio.</p>',
    );
    expect(plainBlocksHtml(body)).toBe(full(body));
    expect(plainBlocksHtml('')).toBe(full(''));
    expect(plainBlocksHtml('\n\n')).toBe(full('\n\n'));
  });

  it('gives unified’s bytes for every generated body of prose it accepts', () => {
    // Not vacuous: each kind is taken by the fast path often enough to fill its share.
    expect(agreeing(13, [prose, nearMiss(prose)], 200, 20_000)).toEqual([200, 200]);
  });

  it('writes headings, tight lists, links and code spans as unified does', () => {
    const body =
      "\n## Titolari\n\nScrivi a [maria.rossi@example.com](mailto:maria.rossi@example.com) o vedi\n(`pss-consent-v1`) nell'**archiviazione locale** – “GDPR”.\n\n- **dott.ssa Rossi**, psicologa\n  (PE) – [sito](https://esempio.it/a_b);\n- *seconda* voce.\n\n### Fine\n";
    expect(plainBlocksHtml(body)).toBe(
      '<h2>Titolari</h2>\n<p>Scrivi a <a href="mailto:maria.rossi@example.com">maria.rossi@example.com</a> o vedi\n(<code>pss-consent-v1</code>) nell\'<strong>archiviazione locale</strong> – “GDPR”.</p>\n<ul>\n<li><strong>dott.ssa Rossi</strong>, psicologa\n(PE) – <a href="https://esempio.it/a_b">sito</a>;</li>\n<li><em>seconda</em> voce.</li>\n</ul>\n<h3>Fine</h3>',
    );
    expect(plainBlocksHtml(body)).toBe(full(body));
  });

  it('leaves every other construct to unified', () => {
    const others = [
      '- a\n\n- b',
      '- a\n\n  b',
      '- a\nb',
      '-  a',
      '* a',
      '+ a',
      '1. a',
      '> a',
      '    a',
      '```\na\n```',
      '---',
      'a\n---',
      'a\n===',
      '## a ##',
      '####### a',
      '#a',
      '## a\nb',
      '![a](/b)',
      '[a](javascript:alert(1))',
      '[a](/b "t")',
      '[a]: /b',
      '[a] (/b)',
      '[*a*](/b)',
      '[`a`](/b)',
      '[a](<b>)',
      '[a](/b c)',
      '[a](/b&c)',
      'a <b>c</b>',
      '<https://a.it>',
      'a &amp; b',
      '`a b`',
      '``a``',
      '`a',
      'a_',
      '_a_',
      '__a__',
      'a\\\nb',
      'a  \nb',
      '***a***',
      '**a*',
      '*a **b***',
      'a*b*',
      '*a *',
      '𝒜**b**',
      'a "b"',
      'a | b',
      'fine ',
      ' rientro',
    ];
    for (const body of others) expect(plainBlocksHtml(body), body).toBeUndefined();
  });

  it('gives unified’s bytes for every generated body it accepts', () => {
    expect(agreeing(19, [soup, document, nearMiss(document)], 200, 20_000)).toEqual([200, 200, 200]);
  });

  it('gives unified’s bytes for the repository’s content and fixtures, and takes the sample site’s bodies', () => {
    const bodies = repositoryBodies();
    let accepted = 0;
    for (const body of bodies) {
      const fast = plainBlocksHtml(body);
      if (fast === undefined) continue;
      accepted++;
      expect(fast, body).toBe(full(body));
    }
    expect(bodies.length).toBeGreaterThan(40);
    expect(accepted).toBeGreaterThan(bodies.length - 5);
    const privacy = bodyOf('content/privacy.md');
    expect(plainBlocksHtml(privacy)).toBeDefined();
  });
});
