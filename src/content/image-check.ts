// Validation of every referenced image: the file is decoded (not only sniffed), so check and build agree.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { readProblem, specialKind } from './read-file.ts';
import { decodeText } from './text-encoding.ts';
import type { ImageReferences } from './validate.ts';
import type { Param, Text } from '../messages/text.ts';
import { imageProblems } from '../refusals.ts';
import { cacheEntryOf, svgSize } from '../bundle/images.ts';
import { unsafeSvgContent } from './svg-safety.ts';
import { MAX_IMAGE_PIXELS } from '../content/limits.ts';
import { NO_MEMO, type Memo } from '../memo.ts';

const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** One located error per image that cannot be published: unreadable, damaged, not an image, too large, unsafe SVG. */
export async function checkImages(references: ImageReferences, contentDir: string, cacheDir: string, memo: Memo = NO_MEMO): Promise<ContentError[]> {
  const problems = await Promise.all(
    [...references].map(async ([image, at]) => {
      const problem = await checkImage(path.join(contentDir, image), image, cacheDir, memo);
      return problem ? [new ContentError(at.file, at.line, at.field, problem)] : [];
    }),
  );
  return problems.flat();
}

async function checkImage(absolute: string, image: string, cacheDir: string, memo: Memo): Promise<Text | undefined> {
  let signature: string;
  try {
    // Synchronously (here and below): a cold build's thread pool is busy compressing meanwhile, and each
    // of these waited behind it (src/cache-file.ts).
    const info = statSync(absolute);
    const kind = specialKind(info);
    if (kind) return imageProblems.special(image, kind);
    if (info.size === 0) return imageProblems.empty(image);
    signature = `${absolute}\0${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
  } catch (error) {
    const read = readProblem(error);
    return 'missing' in read ? imageProblems.danglingLink(image) : imageProblems.unreadableFile(image, read.problem);
  }
  // By the file's signature, so `watch` decodes again only the images that changed.
  return memo.keep('image', signature, () => inspect(readFileSync(absolute), image, cacheDir));
}

async function inspect(bytes: Buffer, image: string, cacheDir: string): Promise<Text | undefined> {
  if (path.extname(image).toLowerCase() === '.svg') return inspectSvg(bytes, image);
  // Decoding is skipped only for bytes an earlier build already decoded and encoded without error.
  if (statSync(cacheEntryOf(bytes, cacheDir), { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const { default: sharp } = await import('sharp');
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return imageProblems.notAnImage(image);
  }
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    return imageProblems.heicContent(image);
  }
  if (!RASTER_FORMATS.has(meta.format ?? '')) {
    return imageProblems.format(image, String(meta.format));
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    return imageProblems.tooManyPixels(image, width, height, MAX_IMAGE_PIXELS);
  }
  try {
    // Shrinking on load still reads every byte of the file, so a truncated or damaged one fails here.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' }).rotate().resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch (error) {
    return imageProblems.damaged(image, decoderReason(error instanceof Error ? error.message : String(error)));
  }
  return undefined;
}

function inspectSvg(bytes: Buffer, image: string): Text | undefined {
  const decoded = decodeText(bytes);
  if (!('text' in decoded)) return imageProblems.svgEncoding(image, decoded.message);
  if (!/<svg\b/i.test(decoded.text)) return imageProblems.notSvg(image);
  const unsafe = unsafeSvgContent(decoded.text);
  if (unsafe) return imageProblems.unsafeSvg(image, unsafe);
  return svgSize(decoded.text) ? undefined : imageProblems.svgSize(image);
}

/**
 * What the decoder said was wrong, in one line. libvips also notes that it was told to fail on a
 * warning ("Warning treated as error due to failOn setting"), sometimes as the only line, depending
 * on what its per-thread error buffer held: that setting is ours, not the editor's business.
 */
function decoderReason(message: string): Param {
  const lines = message.split('\n').map((line) => line.replace(/\s*\(?Warning treated as error due to failOn setting\)?\s*/, '').trim());
  return lines.find((line) => line !== '') ?? imageProblems.decoderStopped;
}

