// Loads a code chunk (a dynamic import from static/js/) with the spec's time-out and error (§7, §8, §9).

/** Spec §9: a chunk that has not loaded after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Runs `importer` (an `import()` of a split chunk) and resolves with its module, or rejects with
 * `Error('Loading chunk failed')` (spec §8) when the import fails or takes longer than CHUNK_TIMEOUT_MS.
 * Callers catch it: no chunk is needed for the page itself to work. This sits in the entry script, so
 * it is kept to a few bytes: the timer is left to run out, since rejecting a settled promise does nothing.
 */
export function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    setTimeout(reject, CHUNK_TIMEOUT_MS);
    importer().then(resolve, reject);
  }).catch(() => {
    throw new Error('Loading chunk failed');
  });
}
