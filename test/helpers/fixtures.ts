// Where the fixtures are (made whole from their overlays by test/setup/fixtures.ts), and a copy of `minimal` with some files replaced inline.
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { tempDir, writeTree, type FileMap } from './files.ts';

/** The repository root (brochure's own package folder). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The whole project of fixture `<name>` (a folder holding `content/`), at `<fixturesRoot>/test/fixtures/<name>`. */
export function fixture(name: string): string {
  return path.join(fixturesRoot(), 'test', 'fixtures', name);
}

/** The folder the fixtures' whole projects sit under, as `test/fixtures/<name>` (relative paths read as in the repository). */
export function fixturesRoot(): string {
  return inject('fixturesRoot');
}

/** The report the `every-error` fixture must produce, line by line (kept beside its content). */
export async function expectedEveryErrorReport(): Promise<string[]> {
  return (await readFile(path.join(fixture('every-error'), 'expected-report.txt'), 'utf8')).trimEnd().split('\n');
}

/**
 * A temporary project: a copy of `test/fixtures/<base>` with `files` (paths relative to the project,
 * e.g. `content/home.md`) written over it. Returns the project folder.
 */
export async function projectWith(files: FileMap = {}, base = 'minimal'): Promise<string> {
  const dir = await tempDir('brochure-project-');
  await cp(fixture(base), dir, { recursive: true });
  await writeTree(dir, files);
  return dir;
}
