// Turns content images into hashed responsive variants (AVIF, WebP, JPEG/PNG) under static/media/, cached by content.
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sitePath } from '../base-path.ts';
import { hash, producerKey } from '../cache-file.ts';
import { displayPath } from '../cli/display-path.ts';
import { ContentError, ProblemsError } from '../errors.ts';
import { say, type Text } from '../messages/text.ts';
import type { ImageAsset } from '../render/page-props.ts';
import { imageProgress } from './image-progress.ts';
import { FULL_WIDTH } from './image-uses.ts';

/** What `processImages` returns: manifest entries, files to write under dist, and the cache-miss count. */
export interface ProcessedImages {
  images: Record<string, ImageAsset>;
  /** Output path under dist, e.g. `static/media/hero-800.1a2b3c4d.avif`, to bytes. */
  files: Map<string, Uint8Array>;
  /** Source images that had to be encoded (cache misses), for the build summary. */
  encoded: number;
}

type Format = 'avif' | 'webp' | 'jpeg' | 'png';
interface CachedVariant {
  width: number;
  height: number;
  format: Format;
  sha256: string;
}
/** One encoded file; `sha256` is computed once, when encoded, and checked once, when read from the cache. */
interface Variant extends CachedVariant {
  bytes: Uint8Array;
}

const MEDIA_DIR = 'static/media';
const DEFAULT_WIDTH = 800;
/*
 * Measured on the sample's photos and a textured photograph (docs/performance.md): AVIF at effort 1
 * with 4:2:0 chroma (what camera JPEGs carry anyway) is as small as effort 3 with 4:4:4 and five
 * times faster; WebP at effort 2 is 6–8 % larger than at 4 and 2.5 times faster (it only serves
 * browsers without AVIF). The JPEG serves browsers with neither (about none) and link previews (the
 * Open Graph image): libjpeg with optimised Huffman tables, four times faster than mozjpeg's
 * trellis search for files about 45 % larger.
 */
const SETTINGS = {
  version: 2,
  widths: [400, 800, 1200, 1600, FULL_WIDTH],
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 2 },
  jpeg: { quality: 75, progressive: true, optimiseCoding: true },
  png: { compressionLevel: 9 },
} as const;
// Serialising the settings themselves means any tweak invalidates the cache without a manual bump.
const SETTINGS_ID = JSON.stringify(SETTINGS);
// Images read, looked up in the cache and measured at once; their pixels are decoded two at a time.
const PREPARE_CONCURRENCY = 8;
const DECODE_CONCURRENCY = 2;
// Relative encoding cost per pixel (AVIF effort 1 = 1), to start the longest encodes first.
const COST: Record<Format, number> = { avif: 1, webp: 0.75, jpeg: 0.3, png: 1 };
const EXTENSIONS: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/**
 * Builds the responsive variants of every source image, reusing `<cacheDir>/images/` entries whose
 * content matches. `widest` caps each image's variants at what its uses draw (src/bundle/image-uses.ts).
 * Each photo to encode is decoded once, at its largest width; every smaller width is resized from
 * those pixels once and encoded to each format, the encodes of all photos sharing one queue, longest
 * first, one per core.
 */
export async function processImages(
  sources: string[],
  contentDir: string,
  cacheDir: string,
  widest: ReadonlyMap<string, number> = new Map(),
  base = '/',
): Promise<ProcessedImages> {
  const prepared = await mapLimit(sources, PREPARE_CONCURRENCY, (source) =>
    prepare(source, contentDir, cacheDir, widest.get(source) ?? FULL_WIDTH, base),
  );
  const plans = prepared.filter((item): item is Plan => 'jobs' in item);
  const progress = imageProgress(plans.reduce((sum, plan) => sum + plan.jobs.length, 0));
  const pool = new EncodeQueue(availableParallelism());
  let encodedVariants: Variant[][] = [];
  try {
    encodedVariants = await mapLimit(plans, DECODE_CONCURRENCY, async (plan) => {
      const variants = await encode(plan, contentDir, cacheDir, pool, progress.step);
      await writeCache(plan.entry, plan.widest, variants);
      return variants;
    });
  } finally {
    progress.end();
  }
  const encoded = new Map(plans.map((plan, i) => [plan, encodedVariants[i]!]));
  const images: Record<string, ImageAsset> = {};
  const files = new Map<string, Uint8Array>();
  prepared.forEach((item, i) => {
    const { asset, outputs } =
      'asset' in item ? item : rasterAsset(item.source, 'variants' in item ? item.variants : encoded.get(item)!, base);
    images[sources[i]!] = asset;
    for (const [name, bytes] of outputs) files.set(name, bytes);
  });
  return { images, files, encoded: plans.length };
}

/** A source that needs encoding: where its cache entry goes and the variants to make. */
interface Plan {
  source: string;
  entry: string;
  widest: number;
  jobs: { width: number; format: Format }[];
}

type Prepared = Plan | { source: string; variants: Variant[] } | ({ source: string } & Output);

/** An image's asset, its URLs under the site's base path, and the files it writes (output path, bytes). */
type Output = { asset: ImageAsset; outputs: [string, Uint8Array][] };

/** An SVG's asset, a cached image's variants, or the plan of what to encode (from the header alone: nothing is decoded yet). */
async function prepare(
  source: string,
  contentDir: string,
  cacheDir: string,
  widest: number,
  base: string,
): Promise<Prepared> {
  const bytes = await readSource(source, contentDir);
  if (path.extname(source).toLowerCase() === '.svg') return { source, ...svgAsset(source, bytes, contentDir, base) };
  const entry = cacheEntryOf(bytes, cacheDir);
  const variants = await readCache(entry, widest);
  if (variants) return { source, variants };
  const { default: sharp } = await import('sharp');
  let meta;
  try {
    meta = await sharp(bytes).metadata();
  } catch (cause) {
    throw encodeProblem(source, contentDir, cause);
  }
  const top = Math.min(meta.autoOrient.width, widest);
  const widths = [...new Set([...SETTINGS.widths.filter((w) => w < top), top])];
  // JPEG has no alpha channel; flattening a transparent image onto black would be worse than a bigger PNG.
  const formats = ['avif', 'webp', meta.hasAlpha ? 'png' : 'jpeg'] as const;
  return { source, entry, widest, jobs: widths.flatMap((width) => formats.map((format) => ({ width, format }))) };
}

async function readSource(source: string, contentDir: string): Promise<Buffer> {
  try {
    // Synchronously, as the cache below: a cold build's thread pool is busy compressing meanwhile (src/cache-file.ts).
    return readFileSync(path.join(contentDir, source));
  } catch (cause) {
    throw imageProblem(source, contentDir, say('imageChangedUnreadable', { image: source, reason: describe(cause) }));
  }
}

/** The cache folder of an image's variants; it exists only once the image was decoded and encoded without error. */
export function cacheEntryOf(bytes: Uint8Array, cacheDir: string): string {
  const salt = `\0${SETTINGS_ID}\0${producerKey(IMAGES_PRODUCER)}`;
  return path.join(cacheDir, 'images', createHash('sha256').update(bytes).update(salt).digest('hex'));
}

// sharp's version from its package.json (a cache hit never pays for loading its native binding) and
// this file's source: variants made by other code are not reused.
const IMAGES_PRODUCER = { packages: ['sharp'], sources: ['src/bundle/images.ts'] };

function fileName(v: { width: number; format: Format }): string {
  return `${v.width}.${EXTENSIONS[v.format]}`;
}

// Any unreadable, mismatched or truncated entry counts as a miss: the cache must never be trusted over a re-encode.
// An entry made for other uses (a portrait now also the hero) is a miss too: its widths differ.
async function readCache(entry: string, widest: number): Promise<Variant[] | null> {
  try {
    const manifest: unknown = JSON.parse(readFileSync(path.join(entry, 'manifest.json'), 'utf8'));
    if (!isManifest(manifest) || manifest.widest !== widest) return null;
    return manifest.variants.map(({ sha256: expected, ...v }) => {
      const bytes = readFileSync(path.join(entry, fileName(v)));
      if (hash(bytes) !== expected) throw new Error('corrupt cache entry');
      return { ...v, sha256: expected, bytes };
    });
  } catch {
    return null;
  }
}

function isManifest(value: unknown): value is { settings: string; widest: number; variants: CachedVariant[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { settings, variants } = value as Record<string, unknown>;
  return (
    settings === SETTINGS_ID &&
    Array.isArray(variants) &&
    variants.length > 0 &&
    variants.every((v: unknown) => {
      const { width, height, format, sha256: hash } = (v ?? {}) as Record<string, unknown>;
      return (
        Number.isInteger(width) &&
        Number.isInteger(height) &&
        typeof hash === 'string' &&
        typeof format === 'string' &&
        Object.hasOwn(EXTENSIONS, format)
      );
    })
  );
}

// Built in a sibling temp dir and renamed into place, so a crash or a concurrent build never exposes half an entry.
async function writeCache(entry: string, widest: number, variants: Variant[]): Promise<void> {
  const tmp = `${entry}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(tmp, { recursive: true });
  await Promise.all(variants.map((v) => writeFile(path.join(tmp, fileName(v)), v.bytes)));
  const cached = variants.map(({ width, height, format, sha256 }): CachedVariant => ({
    width,
    height,
    format,
    sha256,
  }));
  await writeFile(path.join(tmp, 'manifest.json'), JSON.stringify({ settings: SETTINGS_ID, widest, variants: cached }));
  await rm(entry, { recursive: true, force: true });
  try {
    await rename(tmp, entry);
  } catch {
    // A concurrent build renamed an equally valid entry first; ours is redundant.
    await rm(tmp, { recursive: true, force: true });
  }
}

interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Decodes the source once (oriented, sRGB, shrunk to its widest variant), resizes those pixels once
 * per smaller width, and queues one encode per width and format.
 */
async function encode(
  plan: Plan,
  contentDir: string,
  cacheDir: string,
  pool: EncodeQueue,
  step: () => void,
): Promise<Variant[]> {
  const { default: sharp } = await import('sharp');
  const bytes = await readSource(plan.source, contentDir);
  try {
    // The bytes the plan was made from: an image saved again since then is a different image.
    if (cacheEntryOf(bytes, cacheDir) !== plan.entry) throw new Error('the file changed while building');
    const top = Math.max(...plan.jobs.map((job) => job.width));
    const decoded = await pool.run(Infinity, async (): Promise<Pixels> => {
      const { data, info } = await sharp(bytes)
        .rotate()
        .resize({ width: top })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, info: { width: info.width, height: info.height, channels: info.channels } };
    });
    const resized = new Map<number, Promise<Pixels>>();
    const pixelsAt = (width: number): Promise<Pixels> => {
      if (width === top) return Promise.resolve(decoded);
      let pending = resized.get(width);
      if (!pending) {
        pending = sharp(decoded.data, { raw: decoded.info })
          .resize({ width })
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({
            data,
            info: { width: info.width, height: info.height, channels: info.channels },
          }));
        resized.set(width, pending);
      }
      return pending;
    };
    return await Promise.all(
      plan.jobs.map(({ width, format }) =>
        pool.run(
          width * width * (decoded.info.height / decoded.info.width) * COST[format],
          async (): Promise<Variant> => {
            const pixels = await pixelsAt(width);
            const { data, info } = await sharp(pixels.data, { raw: pixels.info })
              [format](SETTINGS[format])
              .toBuffer({ resolveWithObject: true });
            step();
            return { width: info.width, height: info.height, format, sha256: hash(data), bytes: data };
          },
        ),
      ),
    );
  } catch (cause) {
    throw encodeProblem(plan.source, contentDir, cause);
  }
}

/** Runs jobs `limit` at a time, the costliest waiting one first, so no long encode starts last. */
class EncodeQueue {
  readonly #waiting: { cost: number; start: () => void }[] = [];
  #running = 0;

  constructor(private readonly limit: number) {}

  run<T>(cost: number, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#running++;
        job()
          .then(resolve, reject)
          .finally(() => {
            this.#running--;
            this.#next();
          });
      };
      // Sorted on insertion; equal costs keep their order, so the schedule is the same on every run.
      const at = this.#waiting.findIndex((waiting) => waiting.cost < cost);
      this.#waiting.splice(at === -1 ? this.#waiting.length : at, 0, { cost, start });
      this.#next();
    });
  }

  #next(): void {
    while (this.#running < this.limit && this.#waiting.length > 0) this.#waiting.shift()!.start();
  }
}

function outputName(source: string, sha256: string, ext: string, width?: number): string {
  const base = path.posix.basename(source, path.posix.extname(source));
  return `${MEDIA_DIR}/${base}${width === undefined ? '' : `-${width}`}.${sha256.slice(0, 8)}.${ext}`;
}

function rasterAsset(source: string, variants: Variant[], base: string): Output {
  const named = variants.map((v) => {
    const file = outputName(source, v.sha256, EXTENSIONS[v.format], v.width);
    return { ...v, file, url: sitePath(base, file) };
  });
  const srcset = (formats: Format[]) =>
    named
      .filter((v) => formats.includes(v.format))
      .sort((a, b) => a.width - b.width)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  const fallbacks = named.filter((v) => v.format === 'jpeg' || v.format === 'png').sort((a, b) => a.width - b.width);
  const largest = fallbacks[fallbacks.length - 1]!;
  const middle = fallbacks.reduce((best, v) =>
    Math.abs(v.width - DEFAULT_WIDTH) < Math.abs(best.width - DEFAULT_WIDTH) ? v : best,
  );
  return {
    asset: {
      src: middle.url,
      srcset: srcset(['jpeg', 'png']),
      width: largest.width,
      height: largest.height,
      sources: [
        { type: 'image/avif', srcset: srcset(['avif']) },
        { type: 'image/webp', srcset: srcset(['webp']) },
      ],
    },
    outputs: named.map((v) => [v.file, v.bytes]),
  };
}

function svgAsset(source: string, bytes: Buffer, contentDir: string, base: string): Output {
  const size = svgSize(bytes.toString('utf8'));
  if (!size) throw imageProblem(source, contentDir, say('imageChangedNoSize', { image: source }));
  const { width, height } = size;
  const name = outputName(source, hash(bytes), 'svg');
  return { asset: { src: sitePath(base, name), srcset: '', width, height, sources: [] }, outputs: [[name, bytes]] };
}

// Templates need intrinsic dimensions to reserve layout space; unitless/px attributes win, the viewBox fills gaps.
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const px = (value?: string) => {
    const match = value === undefined ? null : /^\s*(\d*\.?\d+)\s*(?:px)?\s*$/.exec(value);
    return match ? Number(match[1]) : undefined;
  };
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
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

function encodeProblem(source: string, contentDir: string, cause: unknown): ProblemsError {
  return imageProblem(source, contentDir, say('imageChangedUnencodable', { image: source, reason: describe(cause) }));
}

/**
 * An image that validation accepted but the encoder could not use (it changed in between): a
 * located problem of that file, as every user mistake is, never a stack trace.
 */
function imageProblem(source: string, contentDir: string, message: Text): ProblemsError {
  return new ProblemsError([new ContentError(displayPath(path.join(contentDir, source)), 0, 'image', message)]);
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
