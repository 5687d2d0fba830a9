// favicon.ico and apple-touch-icon.png from the site's `favicon` image (or its logo), cached by content.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hash, producerKey, writeFileAtomic } from '../cache-file.ts';
import { FAVICON_FILE, TOUCH_ICON_FILE } from '../routes.ts';

const ICO_SIZE = 32;
// Apple's size for current iPhones; the system rounds the corners, and shows transparency as black.
const TOUCH_SIZE = 180;
const TOUCH_PADDING = 18;
const WHITE = '#ffffff';
// Part of the cache key, with sharp's version and this file's source: icons drawn another way are not reused.
const SETTINGS_ID = `${ICO_SIZE}\0${TOUCH_SIZE}\0${TOUCH_PADDING}\0${WHITE}`;

/**
 * The two icon files. The image is fitted inside the square (a wide logo is not cropped); the
 * touch icon sits on white with a margin, since iOS fills transparent pixels with black.
 */
export async function makeFavicons(
  source: string,
  contentDir: string,
  cacheDir: string,
): Promise<Map<string, Uint8Array>> {
  const bytes = await readFile(path.join(contentDir, source));
  // Kept with the other encoded images (src/bundle/images.ts), which outlive every other cache.
  const entry = path.join(
    cacheDir,
    'images',
    'favicons',
    hash(
      Buffer.concat([
        bytes,
        Buffer.from(`\0${SETTINGS_ID}\0${producerKey({ packages: ['sharp'], sources: ['src/bundle/favicon.ts'] })}`),
      ]),
    ),
  );
  // The cached icons are read synchronously: a cold build's thread pool is busy compressing meanwhile (src/cache-file.ts).
  const cached = cachedIcons(entry);
  if (cached)
    return new Map([
      [FAVICON_FILE, cached[0]],
      [TOUCH_ICON_FILE, cached[1]],
    ]);
  const { default: sharp } = await import('sharp');
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  const inner = TOUCH_SIZE - 2 * TOUCH_PADDING;
  const [small, touch] = await Promise.all([
    sharp(bytes, { density: 300 })
      .resize(ICO_SIZE, ICO_SIZE, { fit: 'contain', background: transparent })
      .png()
      .toBuffer(),
    // sharp flattens before it resizes and extends, whatever the call order: every step gets white.
    sharp(bytes, { density: 300 })
      .flatten({ background: WHITE })
      .resize(inner, inner, { fit: 'contain', background: WHITE })
      .extend({
        top: TOUCH_PADDING,
        bottom: TOUCH_PADDING,
        left: TOUCH_PADDING,
        right: TOUCH_PADDING,
        background: WHITE,
      })
      .removeAlpha()
      .png({ compressionLevel: 9 })
      .toBuffer(),
  ]);
  const ico = icoOf(small, ICO_SIZE);
  await Promise.all([writeFileAtomic(`${entry}.ico`, ico), writeFileAtomic(`${entry}.png`, touch)]);
  return new Map([
    [FAVICON_FILE, ico],
    [TOUCH_ICON_FILE, touch],
  ]);
}

function cachedIcons(entry: string): [Buffer, Buffer] | undefined {
  try {
    return [readFileSync(`${entry}.ico`), readFileSync(`${entry}.png`)];
  } catch {
    return undefined;
  }
}

/**
 * An ICO file holding one PNG image: a 6-byte header, one 16-byte directory entry, then the PNG.
 * Every browser in use reads PNG inside ICO (Windows since Vista); sharp cannot write ICO itself.
 */
export function icoOf(png: Uint8Array, size: number): Uint8Array {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.byteLength, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}
