// plainFrontMatterData: plain YAML with comment lines and folded paragraphs gives yaml's data; everything else is left to `yaml`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { plainFrontMatterData } from '../../src/content/plain-front-matter.ts';
import { splitFrontMatter } from '../../src/content/load.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { ROOT } from '../helpers/fixtures.ts';

/** What loading gets from `yaml` (src/content/load.ts): the data of a clean document, or undefined. */
function yamlData(text: string): { data: unknown } | undefined {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0 || document.warnings.length > 0) return undefined;
  return { data: document.toJS({ maxAliasCount: 100 }) };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

const WORDS = ['Studio', 'PSS', 'a', 'Pescara:', 'psicologa', "dell'Ordine", '"citato"', 'e-mail', '#1', '- voce', 'n.', '«G.', 'x:', '\\', 'è', '1', 'true', '{a}', '[b]', '&x', '*y', '!t', '%', '@', '`'];
const KEYS = ['description', 'title', 'alt', 'noscript', 'text', 'a-b'];
const SCALARS = ['Studio PSS', '"+39 333 000 0001"', '3', 'true', "'a b'", 'https://example.com/a'];

/** A random document: maps, lists of maps, scalars, folded and literal paragraphs at various columns, comment lines anywhere. */
function document(next: () => number): string {
  const lines: string[] = [];
  const comment = (indent: number) => {
    if (next() < 0.15) lines.push(`${' '.repeat(pick(next, [0, indent, indent + 2]))}#${pick(next, ['', ' nota', ' a: b', '#'])}`);
  };
  const paragraph = (column: number) => {
    const count = 1 + Math.floor(next() * 3);
    for (let i = 0; i < count; i++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(next, WORDS)).join(' ');
      lines.push(`${' '.repeat(column)}${words}`);
    }
  };
  const entry = (indent: number, prefix: string, depth: number) => {
    comment(indent);
    const key = pick(next, KEYS);
    const kind = next();
    if (kind < 0.45) {
      lines.push(`${' '.repeat(indent)}${prefix}${key}: ${pick(next, ['>-', '>-', '>-', '|-', '>', '|', '>+', '>2-', '>- # c'])}`);
      const keyColumn = indent + prefix.length;
      paragraph(keyColumn + pick(next, [2, 2, 2, 1, 4, 0]));
      if (next() < 0.1) lines.push('');
      if (next() < 0.05) paragraph(keyColumn + 2);
    } else if (kind < 0.7 || depth > 1) {
      lines.push(`${' '.repeat(indent)}${prefix}${key}: ${pick(next, SCALARS)}`);
    } else if (kind < 0.85) {
      lines.push(`${' '.repeat(indent)}${prefix}${key}:`);
      const inner = indent + prefix.length + 2;
      for (let i = 0, count = 1 + Math.floor(next() * 2); i < count; i++) entry(inner, '', depth + 1);
    } else {
      lines.push(`${' '.repeat(indent)}${prefix}${key}:`);
      const inner = indent + prefix.length + 2;
      for (let i = 0, count = 1 + Math.floor(next() * 2); i < count; i++) {
        entry(inner, '- ', depth + 1);
        if (next() < 0.5) entry(inner + 2, '', depth + 1);
      }
    }
  };
  for (let i = 0, count = 1 + Math.floor(next() * 5); i < count; i++) entry(0, '', 0);
  comment(0);
  return `\n${lines.join('\n')}\n`;
}

/** A document with one change at a random place. */
function nearMiss(next: () => number): string {
  const text = document(next);
  const at = 1 + Math.floor(next() * (text.length - 1));
  const change = pick(next, [' ', '  ', '\t', '#', ' #', ':', '-', '- ', '"', "'", '\n', '\n ', '\n\n', '\n#', 'x', '>', '|', '', '\r', '\u00a0']);
  return next() < 0.3 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + change + text.slice(at);
}

/** Same values, types and key order. */
function expectSame(text: string, plain: { data: unknown }): void {
  const parsed = yamlData(text);
  expect(parsed, JSON.stringify(text)).toBeDefined();
  expect(JSON.stringify(plain.data), JSON.stringify(text)).toBe(JSON.stringify(parsed!.data));
}

describe('plainFrontMatterData', () => {
  it('reads comment lines and folded paragraphs as yaml does', () => {
    const text = '# Il sito\ntitle: Studio PSS\ndescription: >-\n  Due psicologhe a Pescara:\n  ascolto e "sostegno".\n  # non un commento\nphoto:\n  # ritratto\n  image: images/a.jpg\n  alt: >-\n    Ritratto di\n    Giulia\ntimeline:\n  - title: |-\n      Laurea\n    type: study\n';
    const plain = plainFrontMatterData(text);
    expect(plain?.data).toEqual({
      title: 'Studio PSS',
      description: 'Due psicologhe a Pescara: ascolto e "sostegno". # non un commento',
      photo: { image: 'images/a.jpg', alt: 'Ritratto di Giulia' },
      timeline: [{ title: 'Laurea', type: 'study' }],
    });
    expectSame(text, plain!);
  });

  it('leaves to yaml the block scalars it does not fold: kept or clipped line breaks, two paragraphs, lines further in, both quotes', () => {
    for (const text of ['a: >\n  b', 'a: |\n  b', 'a: |-\n  b\n  c', 'a: >+\n  b', 'a: >2-\n  b', 'a: >- # c\n  b', 'a: >-\n  b\n\n  c', 'a: >-\n  b\n    c', 'a: >-\n    b\n  c', 'a: >-\n  "b\'', 'a: >-\n  b ', 'a: >-\n  b\tc', 'a: >-\n\n  b', 'a: >-'])
      expect(plainFrontMatterData(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads the sample content’s front matter and site.yaml without yaml, with yaml’s data', () => {
    const content = path.join(ROOT, 'content');
    const files = ['site.yaml', 'home.md', 'contatti.md', 'percorsi.md', 'privacy.md', 'professionals/giulia-marchetti.md', 'professionals/chiara-de-santis.md', 'services/02-sessuologia.md'];
    for (const file of files) {
      const text = readFileSync(path.join(content, file), 'utf8');
      const matter = file.endsWith('.yaml') ? text : splitFrontMatter(text).matter;
      const plain = plainFrontMatterData(matter);
      expect(plain, file).toBeDefined();
      expectSame(matter, plain!);
    }
  });

  it('gives yaml’s data for every generated document it reads', () => {
    const next = seededRandom(18);
    const kinds = [document, nearMiss];
    const read = [0, 0];
    let rewritten = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = kinds[i % 2]!(next);
      const plain = plainFrontMatterData(text);
      if (plain === undefined) continue;
      read[i % 2]!++;
      if (/^ *#|: [>|]-$/m.test(text)) rewritten++;
      expectSame(text, plain);
    }
    // Not vacuous: both kinds are read often enough, most with a comment line or a folded paragraph.
    expect(read[0]).toBeGreaterThan(1_000);
    expect(read[1]).toBeGreaterThan(500);
    expect(rewritten).toBeGreaterThan(1_000);
  });
});
