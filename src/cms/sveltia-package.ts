// Sveltia CMS's prebuilt bundle, served from /admin with everything it would fetch from CDNs (translations, fonts, helper modules) served beside it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The package's folder; it exports only its entry (npm/index.js), not its package.json. */
export function sveltiaFolder(packageRoot: string): string {
  const require = createRequire(path.join(packageRoot, 'package.json'));
  return path.dirname(path.dirname(require.resolve('@sveltia/cms')));
}

/**
 * The CDN addresses in Sveltia's bundle, each found exactly once (twice for fonts) in the pinned
 * version, and what stands in for them under `folder` (/admin): the editor then loads nothing from
 * another origin, and works offline. A Sveltia upgrade that moves one of them fails the build loudly.
 */
function rewrites(folder: string): { from: string; to: string; times: number }[] {
  return [
    // Helper modules it imports on demand (`https://unpkg.com/<name>@<version>/<file>`).
    { from: '`https://unpkg.com/${e}`', to: `\`${folder}/vendor/\${e}\``, times: 1 },
    // Its translations (`…/@sveltia/cms@<version>/locales/it.json`).
    { from: '`${iP}@${rP}/locales`', to: `\`${folder}/locales\``, times: 1 },
    // Its own files on the CDN: the check for a newer version (then not found, so never shown) and the
    // fall-back address of its chunks, served here anyway.
    { from: 'iP=`https://unpkg.com/@sveltia/cms`', to: `iP=\`${folder}/sveltia\``, times: 1 },
    // GitHub's status page, consulted to explain a failed sign-in: not found here, so "unknown", as offline.
    { from: 'https://www.githubstatus.com/api/v2/status.json', to: `${folder}/github-status.json`, times: 1 },
    // Its fonts: the interface's text and the icons (Material Symbols, drawn from a font).
    { from: 'https://cdn.jsdelivr.net/fontsource/fonts/', to: `${folder}/fonts/`, times: 3 },
  ];
}

/** The modules Sveltia imports from the CDN that the editor uses, as `<name>@<version>/<file>` -> the installed file. */
const VENDOR_FILES: Record<string, string> = {
  // Entries handed to our preview templates and event listeners are Immutable maps.
  immutable: 'dist/immutable.es.js',
  // Pasting HTML into the rich-text box turns it into Markdown.
  turndown: 'lib/turndown.browser.es.js',
  // Reads a photo's orientation and size.
  exifr: 'dist/lite.esm.mjs',
};

/**
 * The fonts, as Sveltia's stylesheet names them under the CDN's folder -> our copy in src/cms/fonts: the
 * file of that name in `files/` of @fontsource-variable/<font>@<the version named>, unchanged, under the
 * OFL (src/cms/fonts/LICENSE). Copied, not installed: Material Symbols' package is 10 MB (the font's
 * other axes) for this 753 kB file, and Sveltia pins the versions. A Sveltia upgrade naming other
 * versions needs the files of those versions.
 */
const FONT_FILES: Record<string, string> = {
  'source-sans-3:vf@5.3.0/latin-wght-normal.woff2': 'source-sans-3-latin-wght-normal.woff2',
  'material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2': 'material-symbols-outlined-latin-wght-normal.woff2',
};

const cache = new Map<string, Promise<Map<string, Uint8Array>>>();

/** File (relative to /admin) -> bytes: Sveltia's bundle rewritten for `folder`, the vendor modules and the fonts. Read once per process and folder. */
export function sveltiaFiles(packageRoot: string, folder: string): Promise<Map<string, Uint8Array>> {
  const key = `${packageRoot}\0${folder}`;
  let files = cache.get(key);
  if (!files) {
    files = readSveltiaFiles(packageRoot, folder);
    cache.set(key, files);
  }
  return files;
}

async function readSveltiaFiles(packageRoot: string, folder: string): Promise<Map<string, Uint8Array>> {
  const root = sveltiaFolder(packageRoot);
  const require = createRequire(path.join(root, 'package.json'));
  const files = new Map<string, Uint8Array>();
  let bundle = await readFile(path.join(root, 'dist', 'sveltia-cms.js'), 'utf8');
  for (const { from, to, times } of rewrites(folder)) {
    const found = bundle.split(from).length - 1;
    if (found !== times)
      throw new Error(
        `@sveltia/cms: expected ${times} × ${from} in dist/sveltia-cms.js, found ${found}; the CDN rewrites in src/cms/sveltia-package.ts need updating for this version`,
      );
    bundle = bundle.split(from).join(to);
  }
  files.set('sveltia-cms.js', Buffer.from(bundle));
  // React DOM, which preview templates need, is a chunk Sveltia loads from beside its own script.
  files.set('chunks/react-dom.js', await readFile(path.join(root, 'dist', 'chunks', 'react-dom.js')));
  const ranges = (
    JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  ).dependencies;
  for (const [name, file] of Object.entries(VENDOR_FILES)) {
    // Sveltia asks for the version its package.json names, without the range's ^.
    const version = ranges[name]?.replace(/^\D/, '');
    const installed = path.dirname(require.resolve(`${name}/package.json`));
    files.set(`vendor/${name}@${version}/${file}`, await readFile(path.join(installed, file)));
  }
  for (const [served, file] of Object.entries(FONT_FILES)) {
    files.set(`fonts/${served}`, await readFile(path.join(packageRoot, 'src', 'cms', 'fonts', file)));
  }
  return files;
}
