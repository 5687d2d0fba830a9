// favicon.ico (PNG inside ICO) and apple-touch-icon.png from the logo or the `favicon` image, cached by content.
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icoOf, makeFavicons } from '../../src/bundle/favicon.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture } from '../helpers/fixtures.ts';

describe('makeFavicons', () => {
  it('makes a 32 px ICO and a 180 px opaque touch icon from an SVG logo, the same bytes from the cache', async () => {
    const cacheDir = await tempDir('brochure-favicon-');
    const content = path.join(fixture('minimal'), 'content');
    const icons = await makeFavicons('images/logo.svg', content, cacheDir);
    const ico = Buffer.from(icons.get('favicon.ico')!);
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry: 32 x 32, 32 bpp, PNG at offset 22.
    expect([
      ico.readUInt16LE(0),
      ico.readUInt16LE(2),
      ico.readUInt16LE(4),
      ico[6],
      ico[7],
      ico.readUInt16LE(12),
      ico.readUInt32LE(18),
    ]).toEqual([0, 1, 1, 32, 32, 32, 22]);
    expect(ico.readUInt32LE(14)).toBe(ico.byteLength - 22);
    expect(await sharp(ico.subarray(22)).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    const touch = await sharp(Buffer.from(icons.get('apple-touch-icon.png')!)).metadata();
    expect(touch).toMatchObject({ format: 'png', width: 180, height: 180, hasAlpha: false });
    const again = await makeFavicons('images/logo.svg', content, cacheDir);
    expect(Buffer.from(again.get('favicon.ico')!).equals(ico)).toBe(true);
  });
});

describe('icoOf', () => {
  it('writes 0 for a 256 px side, as the format requires', () => {
    const ico = Buffer.from(icoOf(Buffer.from('png'), 256));
    expect([ico[6], ico[7]]).toEqual([0, 0]);
  });
});
