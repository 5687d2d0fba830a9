// Field path -> line of that key in the YAML source, and the dotted path shown to editors.
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatPath, lineOf, type YamlSource } from '../../src/content/locate.ts';

function source(text: string): YamlSource {
  const lineCounter = new LineCounter();
  return { document: parseDocument(text, { lineCounter }), lineCounter };
}

const PROFESSIONAL = source(
  [
    'name: Maria Rossi', //                   1
    'photo:', //                              2
    '  image: images/rossi.jpg', //           3
    '  alt: Ritratto', //                     4
    'order: 1', //                            5
    'timeline:', //                           6
    '  - date: "2010"', //                    7
    '    title: Laurea', //                   8
    '    type: study', //                     9
    '', //                                    10
    '  - date: "2012"', //                    11
    '    title: Studio', //                   12
    '    type: job', //                       13
    'specialisation: [Clinica, Sessuologia]', // 14
  ].join('\n'),
);

describe('lineOf', () => {
  it('finds top-level and nested keys', () => {
    expect(lineOf(PROFESSIONAL, ['name'])).toBe(1);
    expect(lineOf(PROFESSIONAL, ['photo', 'alt'])).toBe(4);
    expect(lineOf(PROFESSIONAL, ['order'])).toBe(5);
  });

  it('walks into list items by index', () => {
    expect(lineOf(PROFESSIONAL, ['timeline', 1, 'type'])).toBe(13);
    expect(lineOf(PROFESSIONAL, ['timeline', 0, 'title'])).toBe(8);
    expect(lineOf(PROFESSIONAL, ['timeline', 1])).toBe(11);
  });

  it('finds items of a flow list on their own line', () => {
    expect(lineOf(PROFESSIONAL, ['specialisation', 1])).toBe(14);
  });

  it('reports a missing key where its parent is', () => {
    expect(lineOf(PROFESSIONAL, ['photo', 'caption'])).toBe(2);
    expect(lineOf(PROFESSIONAL, ['timeline', 1, 'place'])).toBe(11);
    expect(lineOf(PROFESSIONAL, ['timeline', 7, 'type'])).toBe(6);
  });

  it('reports a missing top-level key at the first line of the document', () => {
    expect(lineOf(PROFESSIONAL, ['role'])).toBe(1);
    expect(lineOf(source('\n\ntitle: x\n'), ['heading'])).toBe(3);
  });

  it('gives file lines for front matter, whose text (from gray-matter) starts after the opening ---', () => {
    // `---\ntitle: a\nheading: b\n---` arrives as '\ntitle: a\nheading: b': heading is on file line 3.
    expect(lineOf(source('\ntitle: a\nheading: b\n'), ['heading'])).toBe(3);
  });

  it('does not walk through scalars', () => {
    expect(lineOf(PROFESSIONAL, ['name', 'first'])).toBe(1);
  });

  it('matches numeric keys given as strings or numbers', () => {
    const years = source('years:\n  2019: a\n  2020: b\n');
    expect(lineOf(years, ['years', '2020'])).toBe(3);
    expect(lineOf(years, ['years', 2020])).toBe(3);
  });

  it('survives an empty document', () => {
    expect(lineOf(source(''), ['title'])).toBe(1);
  });
});

describe('formatPath', () => {
  it('joins keys with dots and puts indexes in brackets', () => {
    expect(formatPath(['timeline', 3, 'type'])).toBe('timeline[3].type');
    expect(formatPath(['photo', 'image'])).toBe('photo.image');
    expect(formatPath(['specialisation', 0])).toBe('specialisation[0]');
    expect(formatPath(['name'])).toBe('name');
    expect(formatPath([])).toBe('');
  });
});
