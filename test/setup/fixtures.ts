// Vitest global setup: turns the fixtures (each an overlay of `minimal` holding only what differs) into whole projects, and compiles lib/cli.cjs, once per run.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** In an overlay folder: the files of `minimal` it leaves out, one path (relative to the project) per line. */
export const REMOVED_LIST = 'removed.txt';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder holding `test/fixtures/<name>/` for every fixture, each a whole project. */
    fixturesRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'brochure-fixtures-'));
  const target = path.join(root, 'test', 'fixtures');
  const names = (await readdir(FIXTURES, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // The first command compiles src/ to lib/ when it is stale: once here, rather than in several test
  // files at once, each of their first CLIs compiling the same bundle.
  const compiled = promisify(execFile)(process.execPath, [
    fileURLToPath(new URL('../../bin/brochure.js', import.meta.url)),
    '--version',
  ]);
  await Promise.all([compiled, ...names.map((name) => materialise(name, path.join(target, name)))]);
  project.provide('fixturesRoot', root);
  return () => rm(root, { recursive: true, force: true });
}

/** `minimal` as it is; any other fixture as a copy of `minimal` with its own files written over it and its removals applied. */
async function materialise(name: string, dir: string): Promise<void> {
  if (name !== 'minimal') await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
  await cp(path.join(FIXTURES, name), dir, {
    recursive: true,
    filter: (source) => path.basename(source) !== REMOVED_LIST,
  });
  const removed = await readFile(path.join(FIXTURES, name, REMOVED_LIST), 'utf8').catch(() => '');
  for (const file of removed.split('\n').filter(Boolean)) await rm(path.join(dir, file), { force: true });
}
