// `.br` and `.gz` siblings of the text files, for hosts that serve precompressed files (nginx gzip_static, preview, watch).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

/**
 * The output plus `<file>.br` and `<file>.gz` for every text file they make smaller (HTML, CSS,
 * JavaScript, XML, SVG...), sorted by path like the build's own map. zlib runs on libuv's thread
 * pool, so files compress in parallel.
 */
export async function withCompressedSiblings(files: ReadonlyMap<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  const out = new Map(files);
  await Promise.all(
    [...files].filter(([file]) => isCompressible(file) && !file.startsWith('_')).map(async ([file, bytes]) => {
      const { br, gz } = await compressedForms(bytes, 'smallest');
      if (br) out.set(`${file}.br`, br);
      if (gz) out.set(`${file}.gz`, gz);
    }),
  );
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}
