// `content/public/`: files the host needs that brochure does not make (CNAME, verification files, .well-known/), copied unchanged.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, toPosix } from '../cli/display-path.ts';
import { ContentError } from '../errors.ts';
import { publicProblems } from '../refusals.ts';
import { ADMIN_DIR, filesForPath, STATIC_DIR } from '../routes.ts';
import type { Text } from '../messages/text.ts';

/** The folder inside `content/` whose files go, as they are, to the root of the output. */
export const PUBLIC_DIR = 'public';

/** Every file under `content/public/` (dot-files too: `.well-known/` is the point), by output path. */
export async function readPublicFiles(contentDir: string): Promise<Map<string, Uint8Array>> {
  const root = path.join(contentDir, PUBLIC_DIR);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => toPosix(path.relative(root, path.join(entry.parentPath, entry.name))))
    .sort();
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file))));
  return new Map(files.map((file, i) => [file, contents[i]!]));
}

/** The folders brochure writes itself (its hashed assets, the web editor): no public file goes inside them. */
const BUILT_FOLDERS = [STATIC_DIR, ADMIN_DIR];

/**
 * Adds the public files to the generated ones. A public file may not replace or shadow what brochure
 * writes, since either would silently lose a page or a file of the site: a generated file's name (in
 * `files`, or among `laterFiles`, the pages a streamed build renders afterwards), a name a clean-URL
 * host tries before a page's file (`contatti` for `/contatti`, `admin` for `/admin/index.html`), the
 * `.gz`/`.br` form hosts serve in a generated file's place, or a place in a folder brochure writes
 * itself. Each is an error at the public file. The names come from the build's own outputs and
 * routes (src/routes.ts's `filesForPath`), never from a list kept here.
 */
export function addPublicFiles(
  files: Map<string, Uint8Array>,
  publicFiles: ReadonlyMap<string, Uint8Array>,
  contentDir: string,
  cwd: string,
  laterFiles: ReadonlySet<string> = new Set(),
): ContentError[] {
  // What brochure writes, before any public file is added: public files may hide each other as they please.
  const built = new Set([...files.keys(), ...laterFiles]);
  const generated = (name: string) => built.has(name);
  // The folders the generated files are in: a public file may not take a folder's name, nor go inside a file's.
  const folders = new Set([...built].flatMap(foldersOf));
  const problems: ContentError[] = [];
  for (const [file, bytes] of publicFiles) {
    const source = displayPath(path.join(contentDir, PUBLIC_DIR, file), cwd);
    const problem = shadowing(file, generated, folders, source);
    if (problem) problems.push(new ContentError(source, 0, PUBLIC_DIR, problem));
    else files.set(file, bytes);
  }
  return problems;
}

/** Why the public file `file` would replace or hide a generated one; undefined when it would not. */
function shadowing(
  file: string,
  generated: (name: string) => boolean,
  folders: ReadonlySet<string>,
  source: string,
): Text | undefined {
  if (generated(file)) return publicProblems.clash(file, source);
  if (folders.has(file)) return publicProblems.clash(`${file}/`, source);
  const inside = foldersOf(file).find(generated);
  if (inside) return publicProblems.clash(inside, source);
  const folder = BUILT_FOLDERS.find((name) => file.startsWith(`${name}/`));
  if (folder) return publicProblems.builtFolder(folder, source);
  // The URL this file answers at, and what a host would have served there without it.
  const url = `/${file}`;
  const hidden = filesForPath(url).find((candidate) => candidate !== file && generated(candidate));
  if (hidden) return publicProblems.shadowsPage(url, hidden, source);
  const compressed = /^(.+)\.(?:gz|br)$/.exec(file)?.[1];
  if (compressed && generated(compressed)) return publicProblems.compressedForm(compressed, source);
  return undefined;
}

/** The folders a path is in, outermost first: `a` and `a/b` for `a/b/c`. */
function foldersOf(name: string): string[] {
  const parts = name.split('/');
  return parts.slice(1).map((_, at) => parts.slice(0, at + 1).join('/'));
}
