// The partita IVA: the check digit, and how `vat` in a professional's front matter is validated and located.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load.ts';
import { validateContent } from '../../src/content/validate.ts';
import { isValidVatNumber, vatCheckDigit } from '../../src/content/vat.ts';
import { formatProblem } from '../../src/errors.ts';
import { projectWith } from '../helpers/fixtures.ts';

describe('vatCheckDigit', () => {
  it.each([
    // Odd places added as they are; even places doubled, minus 9 above 9; the digit completes a multiple of ten.
    ['0000000000', 0],
    ['0000000001', 8],
    ['0123456789', 7],
    ['1234567001', 7],
    // The two sample professionals' numbers.
    ['0123456068', 6],
    ['0765432068', 3],
  ])('%s -> %i', (firstTen, digit) => {
    expect(vatCheckDigit(firstTen)).toBe(digit);
  });

  it('doubles the digits in even places, so swapping two neighbours changes the result', () => {
    expect(vatCheckDigit('1200000000')).not.toBe(vatCheckDigit('2100000000'));
  });
});

describe('isValidVatNumber', () => {
  it.each(['01234560686', '07654320683', '01234567897', '00000000000'])('accepts %s', (value) => {
    expect(isValidVatNumber(value)).toBe(true);
  });

  it.each([
    ['01234560687', 'a wrong check digit'],
    ['01234506686', 'two digits swapped'],
    ['0123456068', 'ten digits'],
    ['012345606860', 'twelve digits'],
    ['IT01234560686', 'a country prefix'],
    ['0123456068 6', 'a space'],
    ['0123456068a', 'a letter'],
  ])('rejects %s (%s)', (value) => {
    expect(isValidVatNumber(value)).toBe(false);
  });
});

/** Problems of the minimal site whose professional has `line` after `order: 1` (file line 9). */
async function problemsWithVat(line: string) {
  const project = await projectWith({});
  const file = path.join(project, 'content/professionals/rossi.md');
  await writeFile(file, (await readFile(file, 'utf8')).replace('order: 1\n', `order: 1\n${line}\n`));
  const { entries, problems } = validateContent(await loadContent(path.join(project, 'content'), project));
  return { vat: entries?.professionals[0]?.data.vat, lines: problems.map(formatProblem) };
}

describe('vat in front matter', () => {
  const AT = 'content/professionals/rossi.md:9: vat:';

  it('is optional', async () => {
    expect(await problemsWithVat('')).toEqual({ vat: undefined, lines: [] });
  });

  it('accepts a valid partita IVA in quotes and keeps its leading zero', async () => {
    expect(await problemsWithVat('vat: "01234560686"')).toEqual({ vat: '01234560686', lines: [] });
  });

  it('rejects a wrong check digit at its line, saying a digit is probably mistyped', async () => {
    expect((await problemsWithVat('vat: "01234560687"')).lines).toEqual([
      `${AT} the check digit (the last one) does not match the other ten, so a digit is probably mistyped; copy the partita IVA again from its VAT registration, got "01234560687"`,
    ]);
  });

  it('asks for quotes when YAML read the number and dropped its leading zero', async () => {
    expect((await problemsWithVat('vat: 01234560686')).lines).toEqual([
      `${AT} expected the 11 digits of a partita IVA, in quotes, such as "01234567897", got "1234560686"`,
    ]);
  });

  it.each(['"IT01234560686"', '"0123"', '"0123456068a"'])('rejects %s as not 11 digits', async (value) => {
    expect((await problemsWithVat(`vat: ${value}`)).lines).toEqual([
      `${AT} expected the 11 digits of a partita IVA, in quotes, such as "01234567897", got ${value}`,
    ]);
  });
});
