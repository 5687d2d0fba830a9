// An output map with the `.br` and `.gz` siblings `build` writes beside its files (siblingsOf, as writeSite's `siblings`), in memory.
import { siblingsOf } from '../../src/host/precompress.ts';

/** `files` plus each one's compressed siblings for a site of `pageCount` pages, sorted by path like the build's own map. */
export async function withSiblings(
  files: ReadonlyMap<string, Uint8Array>,
  pageCount: number,
  cacheDir?: string,
): Promise<Map<string, Uint8Array>> {
  const out = new Map(files);
  for (const [file, bytes] of files) {
    const { br, gz } = await siblingsOf(file, bytes, pageCount, cacheDir);
    if (br) out.set(`${file}.br`, br);
    if (gz) out.set(`${file}.gz`, gz);
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}
