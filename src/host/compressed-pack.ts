// The `.br`/`.gz` forms of a large site's pages kept between builds in one cache file, so an unchanged page is not compressed again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, writeFileAtomic } from '../cache-file.ts';

/** A file's `.br` and `.gz` forms (src/host/precompress.ts), each present only when smaller than the file. */
export interface CompressedForms {
  br?: Uint8Array;
  gz?: Uint8Array;
}

/**
 * The forms of the last build's pages: one file under the cache folder holding an index (page hash ->
 * where its brotli and gzip bytes are) and the bytes, read into shared memory so every render thread
 * looks pages up without a copy. Plain data, so it can be handed to a worker.
 *
 * One file rather than a file per page: creating thousands of cache files would cost more than the
 * compression they save (README, "Performance"). Only what the current build used is written back.
 */
export interface CompressedPack {
  /** Page hash -> [brotli start, length, gzip start, length] in `data`; a length of -1: that form is not smaller than the page. */
  entries: Map<string, number[]>;
  data: SharedArrayBuffer;
}

const FILE = 'compressed-pages.pack';

/** The pack the last build left under `cacheDir` for forms made with `settings`; empty when there is none or it is unreadable. */
export function loadPack(cacheDir: string, settings: string): CompressedPack {
  const empty = { entries: new Map(), data: new SharedArrayBuffer(0) };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(cacheDir, FILE));
  } catch {
    return empty;
  }
  try {
    const indexLength = bytes.readUInt32LE(0);
    const index = JSON.parse(bytes.subarray(4, 4 + indexLength).toString('utf8')) as { settings?: unknown; entries?: unknown };
    if (index.settings !== settings || typeof index.entries !== 'object' || index.entries === null) return empty;
    const dataStart = 4 + indexLength;
    const data = new SharedArrayBuffer(bytes.byteLength - dataStart);
    new Uint8Array(data).set(bytes.subarray(dataStart));
    const entries = new Map<string, number[]>();
    for (const [key, place] of Object.entries(index.entries)) {
      // Any entry pointing outside the data means a damaged file: trust none of it.
      if (!Array.isArray(place) || place.length !== 4 || !fits(place[0], place[1], data.byteLength) || !fits(place[2], place[3], data.byteLength)) return empty;
      entries.set(key, place as number[]);
    }
    return { entries, data };
  } catch {
    return empty;
  }
}

function fits(start: unknown, length: unknown, size: number): boolean {
  return Number.isInteger(start) && Number.isInteger(length) && (length === -1 || ((start as number) >= 0 && (length as number) >= 0 && (start as number) + (length as number) <= size));
}

/** The key of a page's bytes in a pack. */
export function packKey(bytes: Uint8Array): string {
  return hash(bytes);
}

/** The forms the pack holds for the page of `key` (views into its shared memory), or undefined. */
export function packedForms(pack: CompressedPack, key: string): CompressedForms | undefined {
  const place = pack.entries.get(key);
  if (!place) return undefined;
  const [brStart, brLength, gzStart, gzLength] = place as [number, number, number, number];
  return {
    ...(brLength >= 0 && { br: new Uint8Array(pack.data, brStart, brLength) }),
    ...(gzLength >= 0 && { gz: new Uint8Array(pack.data, gzStart, gzLength) }),
  };
}

/** Writes the pack of this build's pages (`forms` by page key) unless it holds exactly what `previous` held. */
export async function savePack(cacheDir: string, settings: string, previous: CompressedPack, forms: ReadonlyMap<string, CompressedForms>): Promise<void> {
  if (forms.size === previous.entries.size && [...forms.keys()].every((key) => previous.entries.has(key))) return;
  const parts: Uint8Array[] = [];
  const entries: Record<string, number[]> = {};
  let offset = 0;
  const place = (bytes: Uint8Array | undefined): number[] => {
    if (!bytes) return [0, -1];
    parts.push(bytes);
    offset += bytes.byteLength;
    return [offset - bytes.byteLength, bytes.byteLength];
  };
  for (const [key, { br, gz }] of forms) entries[key] = [...place(br), ...place(gz)];
  const index = Buffer.from(JSON.stringify({ settings, entries }));
  const header = Buffer.alloc(4);
  header.writeUInt32LE(index.byteLength, 0);
  await writeFileAtomic(path.join(cacheDir, FILE), [header, index, ...parts]);
}
