// DEFAULTS and resolveOptions(): the only home of default values and path resolution.
import { accessSync, constants, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a command can be asked to do; every field optional at the edge. */
export interface Options {
  /** Content folder. */
  content: string;
  /** Output folder. */
  out: string;
  /** Port for `preview` and `watch`. */
  port: number;
  /** Address `preview` and `watch` listen on: loopback only unless asked (`--host 0.0.0.0`). */
  host: string;
  /** No summary on success. */
  quiet: boolean;
}

/** Default options, in one place. */
export const DEFAULTS = {
  content: 'content',
  out: 'dist',
  port: 4321,
  host: '127.0.0.1',
  quiet: false,
} satisfies Options;

/** Options with every path absolute, plus where brochure's own sources and caches live. */
export interface ResolvedOptions extends Options {
  /** Folder the user ran the command in; messages show paths relative to it. */
  cwd: string;
  /** brochure's own folder: `templates/`, `src/browser/`, `node_modules/`. */
  packageRoot: string;
  templatesDir: string;
  /** The client entry bundled for the browser. */
  clientEntry: string;
  /** Build caches (bundles, processed images); never part of the output. */
  cacheDir: string;
}

/** Fills defaults and makes every path absolute. */
export function resolveOptions(input: Partial<Options> = {}, cwd = process.cwd()): ResolvedOptions {
  const options = { ...DEFAULTS, ...definedOnly(input) };
  const packageRoot = findPackageRoot();
  return {
    ...options,
    content: path.resolve(cwd, options.content),
    out: path.resolve(cwd, options.out),
    cwd,
    packageRoot,
    templatesDir: path.join(packageRoot, 'templates'),
    clientEntry: path.join(packageRoot, 'src', 'browser', 'hydrate.ts'),
    cacheDir: cacheDirFor(packageRoot),
  };
}

// A system-wide install may be read-only: keep the caches in the temporary folder then, one per
// user and install, rather than fail on the first cache write.
function cacheDirFor(packageRoot: string): string {
  const preferred = path.join(packageRoot, 'node_modules', '.cache', 'brochure');
  let existing = preferred;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
    return preferred;
  } catch {
    const install = createHash('sha256').update(packageRoot).digest('hex').slice(0, 12);
    return path.join(tmpdir(), `brochure-cache-${process.getuid?.() ?? 'user'}-${install}`);
  }
}

function definedOnly(input: Partial<Options>): Partial<Options> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

// This module runs from src/ under tsx or vitest and from lib/ once compiled: walk up instead of
// hard-coding a depth.
export function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('brochure: cannot find its own package.json');
    dir = parent;
  }
  return dir;
}
