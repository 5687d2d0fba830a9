// loadChunk: a split chunk that fails or takes longer than 120 s rejects with the spec's 'Loading chunk failed' (§8, §9).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, loadChunk } from '../../src/browser/load-chunk.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** An importer whose promise stays pending until `settle` is called. */
function pending() {
  let settle!: { resolve: (module: { loaded: true }) => void; reject: (error: Error) => void };
  const importer = vi.fn(() => new Promise<{ loaded: true }>((resolve, reject) => (settle = { resolve, reject })));
  return { importer, settle: () => settle };
}

type Settled<T> = { status: 'pending' } | PromiseSettledResult<T>;

/** How `promise` stands once the callbacks queued so far have run (no fake time passes). */
async function state<T>(promise: Promise<T>): Promise<Settled<T>> {
  let result: Settled<T> = { status: 'pending' };
  promise.then(
    (value) => (result = { status: 'fulfilled', value }),
    (reason: unknown) => (result = { status: 'rejected', reason }),
  );
  await vi.advanceTimersByTimeAsync(0);
  return result;
}

describe('loadChunk', () => {
  it('waits 120 seconds, the spec time-out', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module once the import does, and calls the importer once', async () => {
    const { importer, settle } = pending();
    const loading = loadChunk(importer);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    settle().resolve({ loaded: true });
    await expect(loading).resolves.toEqual({ loaded: true });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("rejects with 'Loading chunk failed' when the import is still pending after 120 s, not a millisecond before", async () => {
    const { importer, settle } = pending();
    const loading = loadChunk(importer);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect((await state(loading)).status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const settled = await state(loading);
    expect(settled.status).toBe('rejected');
    expect((settled as PromiseRejectedResult).reason).toEqual(new Error('Loading chunk failed'));
    // A late module changes nothing: the caller has already moved on.
    settle().resolve({ loaded: true });
    await expect(loading).rejects.toThrow(/^Loading chunk failed$/);
  });

  it("rejects with 'Loading chunk failed', not the browser's own error, when the import fails", async () => {
    const { importer, settle } = pending();
    const loading = loadChunk(importer);
    settle().reject(
      new TypeError('Failed to fetch dynamically imported module: https://example.com/static/js/chunk.ABCDEFGH.js'),
    );
    const settled = await state(loading);
    expect(settled.status).toBe('rejected');
    const error = (settled as PromiseRejectedResult).reason as unknown;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Loading chunk failed');
  });

  it('rejects the same way when the importer throws before returning a promise', async () => {
    const loading = loadChunk(() => {
      throw new Error('no import() here');
    });
    await expect(loading).rejects.toThrow(/^Loading chunk failed$/);
  });

  it('leaves the caller a promise it can catch, so the page goes on (no unhandled rejection)', async () => {
    const errors: unknown[] = [];
    const loading = loadChunk(() => Promise.reject(new Error('offline'))).catch(
      (error: unknown) => void errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await loading;
    expect(errors).toEqual([new Error('Loading chunk failed')]);
  });
});
