// `.br` and `.gz` siblings of the text files, for hosts that serve precompressed files (nginx gzip_static, preview, watch).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { hash, writeFileAtomic } from '../cache-file.ts';
import { isCompressible } from '../serve/media-types.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How hard to compress: `build` takes the smallest output; `watch` compresses per request and must be quick. */
export type CompressionEffort = 'smallest' | 'fast';

/**
 * The compressed forms of one file, each only if smaller than the file. Deterministic: zlib writes
 * no time stamp into a gzip header (mtime 0) and brotli has none, so the same input gives the same bytes.
 */
export async function compressedForms(bytes: Uint8Array, effort: CompressionEffort): Promise<{ br?: Uint8Array; gz?: Uint8Array }> {
  const smallest = effort === 'smallest';
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: smallest ? constants.BROTLI_MAX_QUALITY : 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: smallest ? constants.Z_BEST_COMPRESSION : 6 }),
  ]);
  return { ...(br.byteLength < bytes.byteLength && { br }), ...(gz.byteLength < bytes.byteLength && { gz }) };
}

// Bumped when the settings above change, so cached forms made with other settings are not reused.
const CACHE_VERSION = 'br11-gz9-v1';

/**
 * The output plus `<file>.br` and `<file>.gz` for every text file they make smaller (HTML, CSS,
 * JavaScript, XML, SVG...), sorted by path like the build's own map. zlib runs on libuv's thread
 * pool, so files compress in parallel. Brotli at its best quality costs about 10 ms per 20 kB, so
 * with a `cacheDir` the forms are kept by content hash: a rebuild compresses only what changed.
 */
export async function withCompressedSiblings(files: ReadonlyMap<string, Uint8Array>, cacheDir?: string): Promise<Map<string, Uint8Array>> {
  const out = new Map(files);
  await Promise.all(
    [...files].filter(([file]) => isCompressible(file) && !file.startsWith('_')).map(async ([file, bytes]) => {
      const { br, gz } = cacheDir ? await cachedForms(bytes, cacheDir) : await compressedForms(bytes, 'smallest');
      if (br) out.set(`${file}.br`, br);
      if (gz) out.set(`${file}.gz`, gz);
    }),
  );
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

// One cache file per input: the brotli bytes, then the gzip bytes, after an 8-byte header of their lengths (0: not smaller).
async function cachedForms(bytes: Uint8Array, cacheDir: string): Promise<{ br?: Uint8Array; gz?: Uint8Array }> {
  const entry = path.join(cacheDir, 'compressed', hash(Buffer.concat([Buffer.from(`${CACHE_VERSION}\0`), bytes])));
  const cached = await readFile(entry).catch(() => undefined);
  if (cached && cached.byteLength >= 8) {
    const brLength = cached.readUInt32LE(0);
    const gzLength = cached.readUInt32LE(4);
    const br = cached.subarray(8, 8 + brLength);
    const gz = cached.subarray(8 + brLength, 8 + brLength + gzLength);
    if (cached.byteLength === 8 + brLength + gzLength) return { ...(brLength > 0 && { br }), ...(gzLength > 0 && { gz }) };
  }
  const forms = await compressedForms(bytes, 'smallest');
  const header = Buffer.alloc(8);
  header.writeUInt32LE(forms.br?.byteLength ?? 0, 0);
  header.writeUInt32LE(forms.gz?.byteLength ?? 0, 4);
  await writeFileAtomic(entry, Buffer.concat([header, forms.br ?? new Uint8Array(), forms.gz ?? new Uint8Array()]));
  return forms;
}
