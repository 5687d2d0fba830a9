// Turns content images into hashed responsive variants (AVIF, WebP, JPEG/PNG) under static/media/, cached by content.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hash } from '../cache-file.ts';
import { displayPath } from '../display-path.ts';
import { ContentError, ProblemsError } from '../errors.ts';
import type { ImageAsset } from '../render/page-props.ts';

/** What `processImages` returns: manifest entries, files to write under dist, and the cache-miss count. */
export interface ProcessedImages {
  images: Record<string, ImageAsset>;
  /** Output path under dist, e.g. `static/media/hero-800.1a2b3c4d.avif`, to bytes. */
  files: Map<string, Uint8Array>;
  /** Source images that had to be encoded (cache misses), for the build summary. */
  encoded: number;
}

type Format = 'avif' | 'webp' | 'jpeg' | 'png';
interface CachedVariant { width: number; height: number; format: Format; sha256: string }
/** One encoded file; `sha256` is computed once, when encoded, and checked once, when read from the cache. */
interface Variant extends CachedVariant { bytes: Uint8Array }

const MEDIA_DIR = 'static/media';
const DEFAULT_WIDTH = 800;
// Effort 3 encodes the sample ~3x faster than the default 4, and measured no larger on photos.
const SETTINGS = {
  version: 1,
  widths: [400, 800, 1200, 1600, 2400],
  avif: { quality: 50, effort: 3 },
  webp: { quality: 75 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;
// Serialising the settings themselves means any tweak invalidates the cache without a manual bump.
const SETTINGS_ID = JSON.stringify(SETTINGS);
// Each image already fans its variants out over libuv's pool; two images in flight keep 2 cores busy.
const IMAGE_CONCURRENCY = 2;
const EXTENSIONS: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** Builds the responsive variants of every source image, reusing `<cacheDir>/images/` entries whose content matches. */
export async function processImages(sources: string[], contentDir: string, cacheDir: string): Promise<ProcessedImages> {
  let encoded = 0;
  const results = await mapLimit(sources, IMAGE_CONCURRENCY, async (source) => {
    const bytes = await readSource(source, contentDir);
    if (path.extname(source).toLowerCase() === '.svg') return svgAsset(source, bytes, contentDir);
    const entry = cacheEntryOf(bytes, cacheDir);
    let variants = await readCache(entry);
    if (!variants) {
      variants = await encode(source, bytes, contentDir);
      await writeCache(entry, variants);
      encoded++;
    }
    return rasterAsset(source, variants);
  });
  const images: Record<string, ImageAsset> = {};
  const files = new Map<string, Uint8Array>();
  results.forEach(({ asset, outputs }, i) => {
    images[sources[i]!] = asset;
    for (const [name, bytes] of outputs) files.set(name, bytes);
  });
  return { images, files, encoded };
}

async function readSource(source: string, contentDir: string): Promise<Buffer> {
  try {
    return await readFile(path.join(contentDir, source));
  } catch (cause) {
    throw imageProblem(source, contentDir, `cannot be read (${describe(cause)}); it was readable when the content was checked, so it changed or was removed while building: save it again`);
  }
}

/** The cache folder of an image's variants; it exists only once the image was decoded and encoded without error. */
export function cacheEntryOf(bytes: Uint8Array, cacheDir: string): string {
  const salt = `\0${SETTINGS_ID}\0${sharpVersion()}`;
  return path.join(cacheDir, 'images', createHash('sha256').update(bytes).update(salt).digest('hex'));
}

// Reads the version from package.json so cache hits never pay for loading sharp's native binding.
function sharpVersion(): string {
  return (createRequire(import.meta.url)('sharp/package.json') as { version: string }).version;
}


function fileName(v: { width: number; format: Format }): string {
  return `${v.width}.${EXTENSIONS[v.format]}`;
}

// Any unreadable, mismatched or truncated entry counts as a miss: the cache must never be trusted over a re-encode.
async function readCache(entry: string): Promise<Variant[] | null> {
  try {
    const manifest: unknown = JSON.parse(await readFile(path.join(entry, 'manifest.json'), 'utf8'));
    if (!isManifest(manifest)) return null;
    return await Promise.all(manifest.variants.map(async ({ sha256: expected, ...v }) => {
      const bytes = await readFile(path.join(entry, fileName(v)));
      if (hash(bytes) !== expected) throw new Error('corrupt cache entry');
      return { ...v, sha256: expected, bytes };
    }));
  } catch {
    return null;
  }
}

function isManifest(value: unknown): value is { settings: string; variants: CachedVariant[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { settings, variants } = value as Record<string, unknown>;
  return settings === SETTINGS_ID && Array.isArray(variants) && variants.length > 0 && variants.every((v: unknown) => {
    const { width, height, format, sha256: hash } = (v ?? {}) as Record<string, unknown>;
    return Number.isInteger(width) && Number.isInteger(height) && typeof hash === 'string' &&
      typeof format === 'string' && Object.hasOwn(EXTENSIONS, format);
  });
}

// Built in a sibling temp dir and renamed into place, so a crash or a concurrent build never exposes half an entry.
async function writeCache(entry: string, variants: Variant[]): Promise<void> {
  const tmp = `${entry}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(tmp, { recursive: true });
  await Promise.all(variants.map((v) => writeFile(path.join(tmp, fileName(v)), v.bytes)));
  const cached = variants.map(({ width, height, format, sha256 }): CachedVariant => ({ width, height, format, sha256 }));
  await writeFile(path.join(tmp, 'manifest.json'), JSON.stringify({ settings: SETTINGS_ID, variants: cached }));
  await rm(entry, { recursive: true, force: true });
  try {
    await rename(tmp, entry);
  } catch {
    // A concurrent build renamed an equally valid entry first; ours is redundant.
    await rm(tmp, { recursive: true, force: true });
  }
}

async function encode(source: string, bytes: Buffer, contentDir: string): Promise<Variant[]> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes).metadata();
    const intrinsic = meta.autoOrient.width;
    const max = SETTINGS.widths[SETTINGS.widths.length - 1]!;
    const widths = new Set([...SETTINGS.widths.filter((w) => w < intrinsic), Math.min(intrinsic, max)]);
    // JPEG has no alpha channel; flattening a transparent image onto black would be worse than a bigger PNG.
    const fallback: Format = meta.hasAlpha ? 'png' : 'jpeg';
    const jobs = [...widths].flatMap((width) => (['avif', 'webp', fallback] as const).map(async (format): Promise<Variant> => {
      const pipeline = sharp(bytes).rotate().resize({ width });
      const { data, info } = await pipeline[format](SETTINGS[format]).toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, format, sha256: hash(data), bytes: data };
    }));
    return await Promise.all(jobs);
  } catch (cause) {
    throw imageProblem(source, contentDir, `cannot be encoded (${describe(cause)}); it decoded when the content was checked, so it changed while building: save it again, or export it again as JPEG or PNG`);
  }
}

function outputName(source: string, sha256: string, ext: string, width?: number): string {
  const base = path.posix.basename(source, path.posix.extname(source));
  return `${MEDIA_DIR}/${base}${width === undefined ? '' : `-${width}`}.${sha256.slice(0, 8)}.${ext}`;
}

function rasterAsset(source: string, variants: Variant[]): { asset: ImageAsset; outputs: [string, Uint8Array][] } {
  const named = variants.map((v) => ({ ...v, url: `/${outputName(source, v.sha256, EXTENSIONS[v.format], v.width)}` }));
  const srcset = (formats: Format[]) => named.filter((v) => formats.includes(v.format))
    .sort((a, b) => a.width - b.width).map((v) => `${v.url} ${v.width}w`).join(', ');
  const fallbacks = named.filter((v) => v.format === 'jpeg' || v.format === 'png').sort((a, b) => a.width - b.width);
  const largest = fallbacks[fallbacks.length - 1]!;
  const middle = fallbacks.reduce((best, v) => Math.abs(v.width - DEFAULT_WIDTH) < Math.abs(best.width - DEFAULT_WIDTH) ? v : best);
  return {
    asset: {
      src: middle.url,
      srcset: srcset(['jpeg', 'png']),
      width: largest.width,
      height: largest.height,
      sources: [{ type: 'image/avif', srcset: srcset(['avif']) }, { type: 'image/webp', srcset: srcset(['webp']) }],
    },
    outputs: named.map((v) => [v.url.slice(1), v.bytes]),
  };
}

function svgAsset(source: string, bytes: Buffer, contentDir: string): { asset: ImageAsset; outputs: [string, Uint8Array][] } {
  const size = svgSize(bytes.toString('utf8'));
  if (!size) throw imageProblem(source, contentDir, 'has no size: give its <svg> element width and height attributes or a viewBox');
  const { width, height } = size;
  const name = outputName(source, hash(bytes), 'svg');
  return { asset: { src: `/${name}`, srcset: '', width, height, sources: [] }, outputs: [[name, bytes]] };
}

// Templates need intrinsic dimensions to reserve layout space; unitless/px attributes win, the viewBox fills gaps.
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const px = (value?: string) => {
    const match = value === undefined ? null : /^\s*(\d*\.?\d+)\s*(?:px)?\s*$/.exec(value);
    return match ? Number(match[1]) : undefined;
  };
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const [boxWidth, boxHeight] = box?.length === 4 ? box.slice(2) : [];
  const w = px(attr('width'));
  const h = px(attr('height'));
  const width = w ?? (h !== undefined && boxWidth && boxHeight ? (h * boxWidth) / boxHeight : boxWidth);
  const height = h ?? (w !== undefined && boxWidth && boxHeight ? (w * boxHeight) / boxWidth : boxHeight);
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) return undefined;
  return { width: Math.round(width), height: Math.round(height) };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * An image that validation accepted but the encoder could not use (it changed in between): a
 * located problem of that file, as every user mistake is, never a stack trace.
 */
function imageProblem(source: string, contentDir: string, message: string): ProblemsError {
  return new ProblemsError([new ContentError(displayPath(path.join(contentDir, source)), 0, 'image', `"${source}" ${message}`)]);
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
