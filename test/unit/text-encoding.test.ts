// decodeText: UTF-8 passes; Latin-1, Windows-1252 and UTF-16 are named with the line of the first bad byte.
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/content/text-encoding.ts';
import { render } from '../../src/messages/text.ts';

describe('decodeText', () => {
  it('decodes UTF-8, with or without a byte-order mark', () => {
    expect(decodeText(Buffer.from('genitorialità\n'))).toEqual({ text: 'genitorialità\n' });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('città')]))).toEqual({
      text: 'città',
    });
  });

  it('names Latin-1 and the line of the first byte that is not UTF-8', () => {
    const result = decodeText(Buffer.from('---\ntitle: x\n---\ngenitorialità\n', 'latin1'));
    expect(result).toMatchObject({ line: 4 });
    expect('message' in result && render(result.message, 'en')).toMatch(
      /^the file is not UTF-8 text; it looks like Latin-1 \(ISO-8859-1\) \(byte 0xE0 cannot start a UTF-8 character\)\. Open it in your editor and save it with the encoding "UTF-8"/,
    );
  });

  it('names Windows-1252 when its curly quotes are there', () => {
    const result = decodeText(Buffer.from([0x61, 0x0a, 0x93, 0x63, 0x94]));
    expect(result).toMatchObject({ line: 2 });
    expect('message' in result && render(result.message, 'en')).toMatch(/looks like Windows-1252/);
  });

  it('names UTF-16 with and without a byte-order mark', () => {
    expect(
      'message' in decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ciao', 'utf16le')])) && true,
    ).toBe(true);
    const bare = decodeText(Buffer.from('title: ciao\n', 'utf16le'));
    expect(bare).toMatchObject({ line: 1 });
    expect('message' in bare && render(bare.message, 'en')).toMatch(/looks like UTF-16 \(little-endian\)\./);
  });
});
