// plainYamlData: for every document it reads, the data `yaml` gives with no error or warning; everything else is left to `yaml`.
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { plainYamlData } from '../../src/content/plain-yaml.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

/** What loading gets from `yaml` (src/content/load.ts, parseYaml and toData): the data of a clean document, or undefined. */
function yamlData(text: string): { data: unknown } | undefined {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0 || document.warnings.length > 0) return undefined;
  return { data: document.toJS({ maxAliasCount: 100 }) };
}

/** Same values, types, prototypes and key order (toStrictEqual reads a `constructor` key as the object's class). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Reflect.ownKeys(a);
  const other = Reflect.ownKeys(b);
  return keys.length === other.length && keys.every((key, i) => key === other[i] && same((a as Record<PropertyKey, unknown>)[key], (b as Record<PropertyKey, unknown>)[key]));
}

// Scalars the language takes and their neighbours: core-schema words, numbers, indicators, quotes, URLs.
const GOOD_SCALARS = ['Professionista 1', 'Psicologa', "Iscritta all'Ordine, n. 1001", 'https://www.linkedin.com/in/a-b', 'a@example.com', 'images/a.jpg', 'Tappa 1 del percorso', 'è così', 'Ω', '50', '0', 'true', 'false', '"+39 333 000 0001"', "'a b'"];
const SCALARS = [
  ...GOOD_SCALARS, '007', '1.5', '-3', '+39', '1e3', '0x1F', '.inf', '.nan', '~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'yes', 'no', 'on', 'off', 'y', 'n',
  '"+39 333 000 0001"', '"2000-01"', '"a # b"', '"a\\nb"', '"a\'b"', "'a\"b'", "'it''s'", '""', "''", '"unterminated', '2000-01-01', '12:30', 'a: b', 'a:b', 'a:', 'a #b', 'a#b', 'a  b',
  '&anchor a', '*alias', '!tag a', '|', '>', '[a, b]', '{a: b}', '- a', '? a', '@a', '`a`', '%a', 'a,b', 'a [b]', 'a {b}', "a'", 'a"b', 'a\u2028b', '"a\u2028b"', 'a\u00a0b', '😀 a', 'a 😀',
];
const GOOD_KEYS = ['name', 'role', 'order', 'photo', 'image', 'alt', 'listed', 'timeline', 'type', 'date', 'place', 'title', 'x1', 'a-b', 'a_b'];
const KEYS = ['name', 'role', 'order', 'photo', 'image', 'alt', 'listed', 'timeline', 'type', 'a-b', 'a_b', 'x1', 'true', 'null', 'Yes', 'y', '1a', '"q"', 'a b', '<<', '__proto__', 'constructor', 'name'];

/** Mostly keys the language takes (a repeated one now and then), sometimes one of the others. */
function key(next: () => number): string {
  return pick(next, next() < 0.95 ? GOOD_KEYS : KEYS);
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

/** A random block document: maps and lists nested up to three levels, with the scalars above. */
function document(next: () => number): string {
  const lines: string[] = [];
  const value = (indent: number, depth: number): void => {
    const kind = depth > 2 ? 0 : Math.floor(next() * 4);
    if (kind === 0) return void (lines[lines.length - 1] += ` ${pick(next, next() < 0.9 ? GOOD_SCALARS : SCALARS)}`);
    const inner = indent + 2;
    if (kind === 1) return entries(inner, depth + 1);
    for (let i = 0, count = 1 + Math.floor(next() * 3); i < count; i++) {
      if (next() < 0.5) lines.push(`${' '.repeat(inner)}- ${pick(next, next() < 0.9 ? GOOD_SCALARS : SCALARS)}`);
      else {
        lines.push(`${' '.repeat(inner)}- ${key(next)}:`);
        value(inner + 2, depth + 2);
        for (let j = 0, more = Math.floor(next() * 3); j < more; j++) {
          lines.push(`${' '.repeat(inner + 2)}${key(next)}:`);
          value(inner + 2, depth + 2);
        }
      }
    }
  };
  const entries = (indent: number, depth: number): void => {
    for (let i = 0, count = 1 + Math.floor(next() * 5); i < count; i++) {
      lines.push(`${' '.repeat(indent)}${key(next)}:`);
      value(indent, depth);
    }
  };
  entries(0, 0);
  return `\n${lines.join('\n')}\n`;
}

/** A document with one change at a random place: a character put in or taken out, a line indented or joined. */
function nearMiss(next: () => number): string {
  const text = document(next);
  const at = 1 + Math.floor(next() * (text.length - 1));
  const change = pick(next, [' ', '  ', '\t', '#', ':', '-', '- ', '"', "'", '\n', '\n ', '\n\n', 'x', '1', '*', '&', '[', '{', '', '\r', '\u00a0']);
  return next() < 0.3 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + change + text.slice(at);
}

/** The generated professional's front matter (bench/big-site.ts): what the fast path is for. */
const PROFESSIONAL = `
name: Professionista 1
role: Psicologa
description: Scheda della professionista numero 1.
photo:
  image: images/giulia-marchetti.jpg
  alt: Ritratto
order: 101
phone: "+39 333 000 0001"
email: professionista1@example.com
linkedin: https://www.linkedin.com/in/professionista-1-example
registration: Iscritta all'Ordine degli Psicologi della Regione Abruzzo, n. 1001
specialisation:
  - Sostegno psicologico
  - Psicodiagnostica
listed: true
timeline:
  - date: "2000-01"
    title: Tappa 1 del percorso
    place: Pescara
    type: study
  - date: "2001-02"
    title: Tappa 2 del percorso
    place: Pescara
    type: work
`;

describe('plainYamlData', () => {
  it('reads block maps, lists, quoted text, whole numbers and booleans as yaml does', () => {
    const plain = plainYamlData(PROFESSIONAL);
    expect(same(plain?.data, yamlData(PROFESSIONAL)?.data)).toBe(true);
    expect(plain?.data).toMatchObject({ order: 101, listed: true, phone: '+39 333 000 0001', photo: { alt: 'Ritratto' }, specialisation: ['Sostegno psicologico', 'Psicodiagnostica'] });
    expect(JSON.stringify(plain?.data)).toBe(JSON.stringify(yamlData(PROFESSIONAL)?.data));
  });

  it('leaves to yaml what it does not read: errors, comments, empty values, other scalars and layouts', () => {
    for (const text of ['', 'a: 1\na: 2', 'a: 1 # c', '# c\na: 1', 'a:', 'a: null', 'a: True', 'a: 1.5', 'a: 007', 'a: [1]', 'a: &x b', 'a: |\n  b', 'a: b\n  c', 'a:\n- b', ' a: 1', 'a: b: c', 'a:\tb', 'a: b ', 'true: 1', '- a\nb: 1', 'a: "b\\n"'])
      expect(plainYamlData(text), JSON.stringify(text)).toBeUndefined();
  });

  it('gives yaml’s data for every generated document it reads', () => {
    const next = seededRandom(13);
    const kinds = [document, nearMiss];
    const read = [0, 0];
    for (let i = 0; i < 30_000; i++) {
      const text = kinds[i % 2]!(next);
      const plain = plainYamlData(text);
      if (plain === undefined) continue;
      read[i % 2]!++;
      const parsed = yamlData(text);
      expect(parsed, JSON.stringify(text)).toBeDefined();
      expect(same(plain.data, parsed!.data), JSON.stringify(text)).toBe(true);
      expect(JSON.stringify(plain.data), JSON.stringify(text)).toBe(JSON.stringify(parsed!.data));
    }
    // Not vacuous: both kinds are read often enough.
    expect(read[0]).toBeGreaterThan(2_000);
    expect(read[1]).toBeGreaterThan(500);
  });
});
