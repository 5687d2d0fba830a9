// Decides whether brochure may replace an output folder: only its own, an empty one or none, never a protected folder.
import { lstat, mkdir, readdir, readFile, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { displayPath } from '../cli/display-path.ts';
import { HOST_FILES } from '../host/redirects.ts';
import { render, say, type Language, type Text } from '../messages/text.ts';
import { folderNames, listedNames, outputRefusals } from '../refusals.ts';
import { ADMIN_DIR, FAVICON_FILE, STATIC_DIR, TOUCH_ICON_FILE } from '../routes.ts';

/**
 * The mark of a folder brochure wrote: an empty folder inside the output, created in the staging
 * folder before the swap, so it moves with the site. A folder (not a file) because deploy tools
 * skip empty folders, so the mark is never published, and it does not count among the site's files.
 */
export const OUTPUT_MARK = '.brochure-output';

/**
 * Top-level names a build may leave in its output besides its pages (`*.html`), the `.br`/`.gz`
 * siblings of its text files, and this build's files (its `content/public/` ones among them).
 */
const OWN_NAMES = new Set([
  OUTPUT_MARK,
  STATIC_DIR,
  ADMIN_DIR,
  '__brochure',
  'sitemap.xml',
  'robots.txt',
  ...HOST_FILES,
  FAVICON_FILE,
  TOUCH_ICON_FILE,
  '.nojekyll',
  'nginx.conf.example',
]);

function isOwnName(name: string, newTopLevel: ReadonlySet<string>): boolean {
  const original = name.replace(/\.(br|gz)$/, '');
  return OWN_NAMES.has(original) || original.endsWith('.html') || newTopLevel.has(original);
}

// An output brochure wrote before it marked its folders: recognised by the example it writes beside the pages.
const NGINX_SIGNATURE = '# Example nginx configuration for the site brochure built into this folder';

/** Why an output folder is refused; the CLI prints the message alone, in the site's language, and exits 2. */
export class OutputRefused extends Error {
  override readonly name = 'OutputRefused';

  constructor(
    readonly text: Text,
    language: Language = 'en',
  ) {
    super(render(text, language));
  }
}

/** Folders no output may be, contain or sit inside (besides the home folder and the root, added always). */
export interface OutputGuard {
  /** Folders never replaced, each with how messages name it: `[cwd, folderNames.working]`. */
  protectedFolders: readonly (readonly [folder: string, name: Text])[];
  /** Content and templates are read while building: an output inside them would be read back as input. */
  inputFolders?: readonly string[];
  /** Replace a folder of unknown origin (never a protected one). */
  force?: boolean;
  /** Working folder for the paths in messages. */
  cwd?: string;
}

/**
 * Throws OutputRefused unless `out` may be replaced by a build: it does not exist, or is an empty
 * folder, or carries brochure's mark and nothing brochure would not write (or `force` is given for a
 * folder of unknown origin). A protected folder, an ancestor of one, an input folder or a path inside
 * one, and an existing file are refused whatever `force` says. Resolves to the real path to write
 * (a symlinked output is written through, so the link keeps pointing where the user made it point).
 */
export async function checkOutputFolder(
  out: string,
  guard: OutputGuard,
  newTopLevel: ReadonlySet<string> = new Set(),
): Promise<string> {
  const shown = displayPath(out, guard.cwd).replace(/\/?$/, '/');
  // `--out=~/sito` or `--out '~/sito'`: the shell left the `~` as it is, so the path names a folder
  // called `~` here, not the home folder; built, it would be a trap for a later `rm -rf ~`.
  if (path.resolve(out).split(path.sep).includes('~')) throw new OutputRefused(outputRefusals.literalTilde(shown));
  const target = await realpath(out).catch(() => path.resolve(out));
  const real = async (folder: string) => realpath(folder).catch(() => path.resolve(folder));
  const home = homedir();
  const named: [string, Text][] = [
    ...(await Promise.all(
      guard.protectedFolders.map(
        async ([folder, name]) =>
          [await real(folder), say('folderAt', { folder: name, path: displayPath(folder, guard.cwd) })] as [
            string,
            Text,
          ],
      ),
    )),
    [await real(home), folderNames.home],
    [path.parse(target).root, folderNames.root],
  ];
  // What the output is says more than what it contains: look for equality first.
  const hit = named.find(([folder]) => folder === target) ?? named.find(([folder]) => isInside(folder, target));
  if (hit) {
    throw new OutputRefused(outputRefusals.protectedFolder(shown, hit[0] === target ? 'is' : 'contains', hit[1]));
  }
  for (const folder of guard.inputFolders ?? []) {
    if (isInside(target, await real(folder))) {
      throw new OutputRefused(outputRefusals.insideInput(shown, displayPath(folder, guard.cwd)));
    }
  }
  const info = await lstat(target).catch(() => undefined);
  if (!info) return target;
  if (info.isSymbolicLink()) {
    throw new OutputRefused(outputRefusals.danglingLink(shown));
  }
  if (!info.isDirectory()) {
    throw new OutputRefused(outputRefusals.existingFile(shown));
  }
  const names = await readdir(target);
  if (names.length === 0 || guard.force) return target;
  const foreign = names.filter((name) => !isOwnName(name, newTopLevel));
  const marked = names.includes(OUTPUT_MARK) || (await isUnmarkedBrochureOutput(target));
  if (marked && foreign.length === 0) return target;
  const unknown = foreign.length > 0 ? foreign : names;
  throw new OutputRefused(outputRefusals.foreignFiles(shown, marked, listedNames(unknown)));
}

/** Makes `staging` carry the mark, so the folder it becomes is known as brochure's after the swap. */
export async function markOutput(staging: string): Promise<void> {
  await mkdir(path.join(staging, OUTPUT_MARK), { recursive: true });
}

async function isUnmarkedBrochureOutput(folder: string): Promise<boolean> {
  const example = await readFile(path.join(folder, 'nginx.conf.example'), 'utf8').catch(() => '');
  return example.startsWith(NGINX_SIGNATURE);
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
