// Waiting for what another process, a file-system event or the browser does: look again until it is there, within a bound.

/** How long to wait in all and how often to look. */
export interface Patience {
  within: number;
  every: number;
}

/**
 * Calls `check` every `every` ms until it returns something other than `undefined`, and returns
 * that; throws naming `what` once `within` ms have passed.
 */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  { within, every }: Patience,
): Promise<T> {
  const deadline = Date.now() + within;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** `eventually` with one file's patience, so that its calls read as the question they ask. */
export const waiting =
  (patience: Patience) =>
  <T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> =>
    eventually(what, check, patience);
