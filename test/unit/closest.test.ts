// "Did you mean": the nearest known field name to a typo.
import { describe, expect, it } from 'vitest';
import { closest } from '../../src/content/closest.ts';

const PROFESSIONAL = [
  'name',
  'role',
  'description',
  'photo',
  'order',
  'phone',
  'email',
  'linkedin',
  'registration',
  'specialisation',
  'listed',
  'timeline',
];

describe('closest', () => {
  it.each([
    ['lsited', 'listed'],
    ['specialization', 'specialisation'],
    ['emial', 'email'],
    ['linkedIn', 'linkedin'],
    ['Timeline', 'timeline'],
  ])('suggests %s -> %s', (typo, expected) => {
    expect(closest(typo, PROFESSIONAL)).toBe(expected);
  });

  it('suggests nothing for a word unlike every candidate', () => {
    expect(closest('colore', PROFESSIONAL)).toBeUndefined();
    // Italian for "phone": too far from "phone" to be a typo of it.
    expect(closest('telefono', PROFESSIONAL)).toBeUndefined();
    expect(closest('x', [])).toBeUndefined();
  });

  it('accepts up to a third of the word in edits for long words', () => {
    // 12 letters -> 4 edits allowed.
    expect(closest('regstrazione', ['registration'])).toBe('registration');
    expect(closest('abcdefghijkl', ['abcdefghwxyz'])).toBe('abcdefghwxyz');
    expect(closest('abcdefghijkl', ['abcdefgvwxyz'])).toBeUndefined();
  });

  it('keeps the first of two equally close candidates', () => {
    expect(closest('cat', ['bat', 'hat'])).toBe('bat');
  });
});
