// `content/public/`: files the host needs that brochure does not make (CNAME, verification files, .well-known/), copied unchanged.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, toPosix } from '../display-path.ts';
import { ContentError } from '../errors.ts';

/** The folder inside `content/` whose files go, as they are, to the root of the output. */
export const PUBLIC_DIR = 'public';

/** Every file under `content/public/` (dot-files too: `.well-known/` is the point), by output path. */
export async function readPublicFiles(contentDir: string): Promise<Map<string, Uint8Array>> {
  const root = path.join(contentDir, PUBLIC_DIR);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile()).map((entry) => toPosix(path.relative(root, path.join(entry.parentPath, entry.name)))).sort();
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file))));
  return new Map(files.map((file, i) => [file, contents[i]!]));
}

/**
 * Adds the public files to the generated ones. A public file with the name of a generated file
 * (in `files`, or among `laterFiles`, the pages a streamed build renders afterwards) is an error
 * naming both, since either choice would silently lose one of them.
 */
export function addPublicFiles(
  files: Map<string, Uint8Array>,
  publicFiles: ReadonlyMap<string, Uint8Array>,
  contentDir: string,
  cwd: string,
  laterFiles: ReadonlySet<string> = new Set(),
): ContentError[] {
  const problems: ContentError[] = [];
  for (const [file, bytes] of publicFiles) {
    const source = displayPath(path.join(contentDir, PUBLIC_DIR, file), cwd);
    if (files.has(file) || laterFiles.has(file)) problems.push(new ContentError(source, 0, PUBLIC_DIR, `clashes with ${file}, which brochure generates; remove or rename ${source}`));
    else files.set(file, bytes);
  }
  return problems;
}
