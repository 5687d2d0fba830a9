// `.br` and `.gz` siblings of the text files, for hosts that serve precompressed files (nginx gzip_static, preview, watch).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { hash, producerKey, writeFileAtomic } from '../cache-file.ts';
import { isCompressible } from '../serve/media-types.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress: `smallest` for a build (brotli 10, gzip 9); `large` for the pages of a
 * large site and for any file over 1 MB, where brotli 10 would cost seconds (about 15 ms per 60 kB)
 * for 8 to 12 % fewer bytes than brotli 7 (1 ms); `fast` for `watch`, which compresses per request.
 */
export type CompressionEffort = 'smallest' | 'large' | 'fast';

// Not brotli 11 (BROTLI_MAX_QUALITY): on the sample site's 14 text files it takes 120 ms of CPU
// against 43 ms for brotli 10, for 1.4 % fewer bytes (41,588 against 42,187 B in all, 16 to 150 B a
// file); on a small site's first build that was the largest single cost (docs/performance.md).
const BROTLI_QUALITY: Record<CompressionEffort, number> = { smallest: 10, large: 7, fast: 4 };

/** A file's `.br` and `.gz` forms, each present only when smaller than the file. */
export interface CompressedForms {
  br?: Uint8Array;
  gz?: Uint8Array;
}

// Sites of more pages than this compress their pages with the `large` effort; hashed assets never are.
// Decided by the page count, so `build` and `watch --out` choose the same effort and write the same
// bytes. A page is about 25 kB, so this is the 4 MB of pages where brotli 10 starts to cost seconds.
const LARGE_SITE_PAGES = 160;

// A file larger than this takes the `large` effort whatever the site: brotli 11 of the web editor's
// 5.2 MB script (admin/, with `cms` set) took 6.7 s of a first build, brotli 7 takes 0.18 s for 12 %
// more bytes, which two editors load once. Decided by the file's own size: the same in every build.
const LARGE_FILE_BYTES = 1024 * 1024;

/** The effort for `file` (`bytes` long) of a site of `pageCount` pages. */
function effortFor(file: string, bytes: Uint8Array, pageCount: number): CompressionEffort {
  if (bytes.byteLength > LARGE_FILE_BYTES) return 'large';
  return pageCount > LARGE_SITE_PAGES && !file.startsWith('static/') ? 'large' : 'smallest';
}

/** Whether `file` gets compressed siblings: text, and not a host file (`_headers`, `_redirects`). */
function compresses(file: string): boolean {
  return isCompressible(file) && !file.startsWith('_');
}

/** The siblings of one output file (none for a file that does not compress), as `build` writes them (`writeSite`'s `siblings`). */
export async function siblingsOf(
  file: string,
  bytes: Uint8Array,
  pageCount: number,
  cacheDir: string | undefined,
): Promise<CompressedForms> {
  if (!compresses(file)) return {};
  const effort = effortFor(file, bytes, pageCount);
  // Only brotli 10 is worth a cache entry: writing one costs more than compressing at level 7.
  return cacheDir && effort === 'smallest' ? cachedForms(bytes, cacheDir) : compressedForms(bytes, effort);
}

/**
 * The compressed forms of one file, each only if smaller than the file. Deterministic: zlib writes
 * no time stamp into a gzip header (mtime 0) and brotli has none, so the same input gives the same bytes.
 */
export async function compressedForms(bytes: Uint8Array, effort: CompressionEffort): Promise<CompressedForms> {
  const [br, gz] = await Promise.all([compressedForm(bytes, 'br', effort), compressedForm(bytes, 'gz', effort)]);
  return smallerForms(bytes, br, gz);
}

/** One form, smaller or not: `watch`'s server makes only the one a browser asks for, at the `fast` effort. */
export function compressedForm(
  bytes: Uint8Array,
  encoding: 'br' | 'gz',
  effort: CompressionEffort,
): Promise<Uint8Array> {
  return encoding === 'br' ? brotli(bytes, brotliOptions(bytes, effort)) : gzipAsync(bytes, gzipOptions(effort));
}

function brotliOptions(bytes: Uint8Array, effort: CompressionEffort): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      // A window no larger than the file: the same output, a fraction of the memory (the default is 4 MB per job).
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_MAX_WINDOW_BITS,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes.byteLength + 1))),
      ),
    },
  };
}

function gzipOptions(effort: CompressionEffort): ZlibOptions {
  return { level: effort === 'fast' ? 6 : constants.Z_BEST_COMPRESSION };
}

function smallerForms(bytes: Uint8Array, br: Uint8Array, gz: Uint8Array): CompressedForms {
  return {
    ...(br.byteLength < bytes.byteLength && { br: exact(br) }),
    ...(gz.byteLength < bytes.byteLength && { gz: exact(gz) }),
  };
}

/**
 * zlib hands out its result as a view into its whole output buffer (16 kB and more for a 4 kB result);
 * a copy of just the bytes, so a form kept (in the cache, or in memory by `watch`) holds no more memory than it needs.
 */
function exact(view: Uint8Array): Uint8Array {
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view : new Uint8Array(view);
}

/**
 * What made a cached form: zlib and brotli come with Node, the settings are in this file. Read once per
 * process: the forms of one build are all made by the same code.
 */
let producer: string | undefined;
const compressionProducer = () =>
  (producer ??= producerKey({ packages: [], sources: ['src/host/precompress.ts'], runtime: true }));

async function cachedForms(bytes: Uint8Array, cacheDir: string): Promise<CompressedForms> {
  const key = hash(Buffer.concat([Buffer.from(`${compressionProducer()}\0`), bytes]));
  return readOrCompress(path.join(cacheDir, 'compressed', key), bytes);
}

// One cache file per input: the brotli bytes, then the gzip bytes, after an 8-byte header of their lengths (0: not smaller).
async function readOrCompress(entry: string, bytes: Uint8Array): Promise<CompressedForms> {
  const cached = await readFile(entry).catch(() => undefined);
  if (cached && cached.byteLength >= 8) {
    const brLength = cached.readUInt32LE(0);
    const gzLength = cached.readUInt32LE(4);
    const br = cached.subarray(8, 8 + brLength);
    const gz = cached.subarray(8 + brLength, 8 + brLength + gzLength);
    if (cached.byteLength === 8 + brLength + gzLength)
      return { ...(brLength > 0 && { br }), ...(gzLength > 0 && { gz }) };
  }
  const forms = await compressedForms(bytes, 'smallest');
  const header = Buffer.alloc(8);
  header.writeUInt32LE(forms.br?.byteLength ?? 0, 0);
  header.writeUInt32LE(forms.gz?.byteLength ?? 0, 4);
  await writeFileAtomic(entry, Buffer.concat([header, forms.br ?? new Uint8Array(), forms.gz ?? new Uint8Array()]));
  return forms;
}
