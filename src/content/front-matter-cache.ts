// Parsed front matter kept on disk by the hash of its YAML text: a block that parsed cleanly before is not parsed again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, producerKey, writeFileAtomicSync } from '../cache-file.ts';

// What parsed an entry: the yaml library's installed version and the source of the files that call it
// with their options (load.ts parseYaml); another version or other options make every entry a miss.
let producer: string | undefined;
const yamlProducer = () => (producer ??= producerKey({ packages: ['yaml'], sources: ['src/content/load.ts', 'src/content/front-matter-cache.ts'] }));
const FILE = 'front-matter.json';

/**
 * YAML text -> the data it parsed to, as JSON. Only data JSON gives back unchanged is kept (strings,
 * finite numbers, booleans, null, lists and plain maps), so a hit is exactly what parsing would return.
 * Validation still runs on every file; only the YAML parse is skipped, and the document itself is parsed
 * again only if a message needs a line number (load.ts `lazySource`).
 */
export class FrontMatterCache {
  readonly #file: string;
  readonly #stored: Record<string, string>;
  readonly #used: Record<string, string> = {};
  #changed = false;

  private constructor(file: string, stored: Record<string, string>) {
    this.#file = file;
    this.#stored = stored;
  }

  /** The cache under `cacheDir`; empty when there is none or it cannot be read. */
  static async load(cacheDir: string): Promise<FrontMatterCache> {
    const file = path.join(cacheDir, FILE);
    let stored: unknown;
    try {
      // Synchronously, as `save` writes: a cold build's thread pool is busy compressing meanwhile (src/cache-file.ts).
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      stored = {};
    }
    // Any unreadable or foreign content counts as empty: the cache must never be trusted over a parse.
    const valid = typeof stored === 'object' && stored !== null && Object.values(stored).every((json) => typeof json === 'string');
    return new FrontMatterCache(file, valid ? (stored as Record<string, string>) : {});
  }

  /** A fresh copy of what `yaml` parsed to last time, or undefined; `key` is `frontMatterKey(yaml)` when the caller has it. */
  get(yaml: string, key = keyOf(yaml)): unknown {
    const json = this.#stored[key];
    if (json === undefined) return undefined;
    this.#used[key] = json;
    return JSON.parse(json);
  }

  /** Whether `get(yaml)` would find it. */
  has(yaml: string): boolean {
    return this.#stored[keyOf(yaml)] !== undefined;
  }

  /** Keeps `data`, parsed from `yaml` without a problem, if JSON represents it exactly. */
  set(yaml: string, data: unknown): void {
    if (!isJsonExact(data)) return;
    this.#used[keyOf(yaml)] = JSON.stringify(data);
    this.#changed = true;
  }

  /**
   * What another thread parsed (src/model/markdown-worker.ts), by `frontMatterKey` of its YAML text:
   * `json` is `cacheableJson` of the data `cleanYamlData(yaml)` gave, so a later `get` returns exactly
   * what parsing here would.
   */
  add(key: string, json: string): void {
    if (this.#stored[key] === json) return;
    this.#stored[key] = json;
    this.#changed = true;
  }

  /** Keeps the entry of `key` (`frontMatterKey`), if there is one, for the next build, as `get` would, without parsing it (another thread read its data). */
  keep(key: string): void {
    const json = this.#stored[key];
    if (json !== undefined) this.#used[key] = json;
  }

  /** Writes what this build used (so edited and deleted files do not pile up), when that differs from the file; nothing once `deferSave` was called. */
  async save(): Promise<void> {
    if (!this.#deferred) await this.#write();
  }

  /**
   * Makes `save` do nothing and returns what it would have done, for the caller to run later (`build`,
   * once its output is in place: serialising and writing the cache is then off the path to the pages).
   */
  deferSave(): () => Promise<void> {
    this.#deferred = true;
    return () => this.#write();
  }

  #deferred = false;

  async #write(): Promise<void> {
    if (!this.#changed && Object.keys(this.#used).length === Object.keys(this.#stored).length) return;
    writeFileAtomicSync(this.#file, JSON.stringify(this.#used));
  }
}

/** `data` as the JSON this cache keeps, or undefined when JSON would not give it back exactly. */
export function cacheableJson(data: unknown): string | undefined {
  return isJsonExact(data) ? JSON.stringify(data) : undefined;
}

/** The key of YAML text in the cache: computed once by the thread that read the text, which hands it to `add` and `keep`. */
export function frontMatterKey(yaml: string): string {
  return keyOf(yaml);
}

function keyOf(yaml: string): string {
  return hash(`${yamlProducer()}\0${yaml}`);
}

function isJsonExact(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonExact);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value).every(([key, item]) => key !== '__proto__' && isJsonExact(item));
}
