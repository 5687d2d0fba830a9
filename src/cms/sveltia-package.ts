// Sveltia CMS's prebuilt bundle, served from /admin with everything it would fetch from CDNs (translations, fonts, helper modules) served beside it.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What src/cms/vendor/ holds: the few files /admin serves from Sveltia's npm tarball and from the
 * four helper modules it loads, copied by `npm run vendor-sveltia` (scripts/vendor-sveltia.ts), each
 * package's tarball integrity as the registry gave it and each file's sha256. Vendored, not installed:
 * the package and its declared dependencies are about 90 MB of node_modules (source maps, Shiki
 * grammars, the map widget, svgo) for these 3.7 MB (docs/web-editor.md).
 */
export const VENDOR_MANIFEST = 'vendor.json';
export interface VendoredPackage {
  version: string;
  integrity: string;
  /** Path in the package -> `sha256-<base64>`. */
  files: Record<string, string>;
}
export type VendorManifest = Record<string, VendoredPackage>;

/** Reads vendor.json and each vendored file, refusing one whose bytes are not those recorded. */
async function vendored(packageRoot: string): Promise<{
  manifest: VendorManifest;
  read: (name: string, file: string) => Promise<Buffer>;
}> {
  const folder = path.join(packageRoot, 'src', 'cms', 'vendor');
  const manifest = JSON.parse(await readFile(path.join(folder, VENDOR_MANIFEST), 'utf8')) as VendorManifest;
  const read = async (name: string, file: string) => {
    const expected = manifest[name]?.files[file];
    const bytes = await readFile(path.join(folder, name, file));
    const actual = `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
    if (actual !== expected)
      throw new Error(
        `src/cms/vendor/${name}/${file}: its bytes are not those of ${name}@${manifest[name]?.version} recorded in ${VENDOR_MANIFEST}; run npm run vendor-sveltia`,
      );
    return bytes;
  };
  return { manifest, read };
}

/** Sveltia's Italian strings, as its package ships them. */
export async function sveltiaItalian(packageRoot: string): Promise<string> {
  return (await (await vendored(packageRoot)).read('@sveltia/cms', 'locales/it.json')).toString('utf8');
}

/**
 * The CDN addresses in Sveltia's bundle, each found exactly once (twice for fonts) in the pinned
 * version, and what stands in for them under `folder` (/admin): the editor then loads nothing from
 * another origin, and works offline. A Sveltia upgrade that moves one of them fails the build loudly.
 */
function rewrites(folder: string): { from: string; to: string; times: number }[] {
  return [
    // Helper modules it imports on demand (`https://unpkg.com/<name>@<version>/<file>`), by a full
    // address: the HEIC decoder is imported from a blob: worker, against which a path resolves to nothing.
    { from: '`https://unpkg.com/${e}`', to: `\`\${location.origin}${folder}/vendor/\${e}\``, times: 1 },
    // Its translations (`…/@sveltia/cms@<version>/locales/it.json`).
    { from: '`${iP}@${rP}/locales`', to: `\`${folder}/locales\``, times: 1 },
    // Its own files on the CDN: the fall-back address of its chunks, served here anyway.
    { from: 'iP=`https://unpkg.com/@sveltia/cms`', to: `iP=\`${folder}/sveltia\``, times: 1 },
    // Two questions with no answer here, asked at every load and then every few minutes: a newer version
    // (the vendored one is pinned, an upgrade is `npm run vendor-sveltia`), and GitHub's status page (to
    // explain a failed sign-in). Not asked, rather than a 404 and a console error each: "unknown", as offline.
    { from: 'LSe=async()=>{try{', to: 'LSe=async()=>{try{return;', times: 1 },
    { from: 'kye=async()=>{try{', to: 'kye=async()=>{try{throw 0;', times: 1 },
    { from: 'https://www.githubstatus.com/api/v2/status.json', to: `${folder}/github-status.json`, times: 1 },
    // Its fonts: the interface's text and the icons (Material Symbols, drawn from a font).
    { from: 'https://cdn.jsdelivr.net/fontsource/fonts/', to: `${folder}/fonts/`, times: 3 },
    // Local editing: Sveltia offers it on any localhost page; ours only on the `watch --edit` one (admin.ts), alone.
    { from: 'ZR.isLocalHost=', to: 'ZR.isLocalHost=!!document.querySelector(`[data-local-editing]`)&&(', times: 1 },
    { from: '.test(e),ZR.isLocalBackendSupported', to: '.test(e)),ZR.isLocalBackendSupported', times: 1 },
    { from: 'R(i).auth_methods?.includes(', to: '(R(l)?[]:R(i).auth_methods)?.includes(', times: 2 },
    // Its slips. A photo refused as too large reads as the empty name '', which `??` took for a
    // chosen photo, emptying the field; with `||` the field keeps the photo it had.
    { from: 'o=i.flatMap(({value:e})=>e??[])', to: 'o=i.flatMap(({value:e})=>e||[])', times: 1 },
    // A photo in use, refused deletion, is listed by page and field, each followed by the error the
    // field would then have ("Questo campo è obbligatorio."), which reads as if the page were wrong now.
    { from: 'U(c,`: ${e??``}`)},[()=>R(t).messages', to: 'U(c,``)},[()=>R(t).messages', times: 1 },
    // Its page's viewport forbids zooming (axe: meta-viewport), which a phone's reader may need.
    { from: '`initial-scale=1`,`maximum-scale=1`,', to: '`initial-scale=1`,', times: 1 },
  ];
}

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
  const { manifest, read } = await vendored(packageRoot);
  const files = new Map<string, Uint8Array>();
  let bundle = (await read('@sveltia/cms', 'dist/sveltia-cms.js')).toString('utf8');
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
  files.set('chunks/react-dom.js', await read('@sveltia/cms', 'dist/chunks/react-dom.js'));
  // The modules it imports from the CDN (scripts/vendor-sveltia.ts says which and why), at the version
  // it asks for, which is the one vendored; not their licences.
  for (const [name, { version, files: vendoredFiles }] of Object.entries(manifest)) {
    if (name === '@sveltia/cms') continue;
    for (const file of Object.keys(vendoredFiles).filter((file) => !file.startsWith('LICENSE')))
      files.set(`vendor/${name}@${version}/${file}`, await read(name, file));
  }
  for (const [served, file] of Object.entries(FONT_FILES)) {
    files.set(`fonts/${served}`, await readFile(path.join(packageRoot, 'src', 'cms', 'fonts', file)));
  }
  return files;
}
