// Site files served from a map in memory, for server tests that need no folder on disk.
import type { SiteFiles } from '../../src/serve/server.ts';

/** Reads from the map `get` returns; it is called per read, so a map handed out later shows up at once. */
export function memoryFiles(get: () => ReadonlyMap<string, Uint8Array>): SiteFiles {
  return { read: async (file) => get().get(file) };
}
