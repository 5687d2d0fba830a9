// Coalesces saved files into rebuilds: one build in flight, at most one waiting, after a short quiet spell.

/**
 * Collects changed paths and hands them to `rebuild` in batches. A burst of saves (an editor's
 * atomic save, "save all", a formatter) lands in one batch; changes that arrive during a build
 * wait for it and then go together into a single next build (← tsup `debouncePromise`,
 * Eleventy `WatchQueue`).
 */
export class RebuildQueue {
  readonly #rebuild: (changed: ReadonlySet<string>) => Promise<void>;
  readonly #quietMs: number;
  #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #closed = false;

  /** `rebuild` must not reject: it reports its own failures. */
  constructor(rebuild: (changed: ReadonlySet<string>) => Promise<void>, quietMs: number) {
    this.#rebuild = rebuild;
    this.#quietMs = quietMs;
  }

  /** Records a changed path; its batch starts once no change arrived for the quiet spell. */
  add(file: string): void {
    if (this.#closed) return;
    this.#pending.add(file);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#start();
    }, this.#quietMs);
  }

  /** Builds now with whatever is pending (the first build: nothing) once any build in flight is done. */
  async runNow(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
    this.#start(true);
    await this.#running;
  }

  /** Stops taking changes and resolves once the build in flight, if any, has finished. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #start(evenIfNothingChanged = false): void {
    if (this.#running || this.#closed || (this.#pending.size === 0 && !evenIfNothingChanged)) return;
    const changed = this.#pending;
    this.#pending = new Set();
    this.#running = this.#rebuild(changed).finally(() => {
      this.#running = undefined;
      // Changes that arrived during the build and whose quiet spell is over go next.
      if (this.#timer === undefined) this.#start();
    });
  }
}
