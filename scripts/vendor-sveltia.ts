// `npm run vendor-sveltia [-- <version>]`: copies the few files of Sveltia CMS's npm tarball that /admin serves into src/cms/vendor/, checked against the pinned checksums of src/cms/vendor/vendor.json.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VENDOR_MANIFEST, type VendorManifest, type VendoredPackage } from '../src/cms/sveltia-package.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VENDOR = path.join(ROOT, 'src', 'cms', 'vendor');

/** The files /admin serves from each package (and its licence), by the name Sveltia's bundle asks for. */
const WANTED: Record<string, string[]> = {
  '@sveltia/cms': ['dist/sveltia-cms.js', 'dist/chunks/react-dom.js', 'locales/it.json', 'LICENSE.txt'],
  // The helper modules Sveltia imports from a CDN at run time, at the versions its package.json names.
  immutable: ['dist/immutable.es.js', 'LICENSE'],
  turndown: ['lib/turndown.browser.es.js', 'LICENSE'],
  exifr: ['dist/lite.esm.mjs', 'LICENSE'],
  // Decodes an iPhone's HEIC photo, which config.yml has Sveltia turn into WebP as it is picked.
  '@discourse/heic': [
    'index.js',
    'decode.js',
    'utils.js',
    'codec/dec/heic_dec.js',
    'codec/dec/heic_dec.wasm',
    'LICENSE',
  ],
};

const manifestPath = path.join(VENDOR, VENDOR_MANIFEST);
const old = JSON.parse(await readFile(manifestPath, 'utf8').catch(() => '{}')) as VendorManifest;
const version = process.argv[2] ?? old['@sveltia/cms']?.version;
if (!version) throw new Error('usage: npm run vendor-sveltia -- <version of @sveltia/cms>');

const scratch = await mkdtemp(path.join(tmpdir(), 'brochure-vendor-'));
try {
  const manifest: VendorManifest = {};
  const sveltia = await vendor('@sveltia/cms', version);
  manifest['@sveltia/cms'] = sveltia.entry;
  const bundle = await readFile(path.join(VENDOR, '@sveltia', 'cms', 'dist', 'sveltia-cms.js'), 'utf8');
  for (const name of Object.keys(WANTED).filter((name) => name !== '@sveltia/cms')) {
    // Sveltia asks the CDN for the version its range names, without the ^ (src/cms/sveltia-package.ts):
    // the range in its package.json, or (for the HEIC decoder, which its package.json leaves out) in
    // the copy of its package.json built into the bundle.
    const range = sveltia.dependencies[name] ?? bundle.split(`"${name}":\``)[1]?.split('`')[0];
    if (!range) throw new Error(`@sveltia/cms@${version} no longer depends on ${name}: update WANTED`);
    manifest[name] = (await vendor(name, range.replace(/^\D/, ''))).entry;
  }
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`src/cms/vendor: @sveltia/cms@${version}, ${Object.keys(manifest).length} packages`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/**
 * `npm pack` fetches the tarball from the registry and checks it against the registry's integrity; a
 * version already pinned in vendor.json must also match the integrity recorded there.
 */
async function vendor(
  name: string,
  wantedVersion: string,
): Promise<{ entry: VendoredPackage; dependencies: Record<string, string> }> {
  const folder = await mkdtemp(path.join(scratch, 'pack-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', `${name}@${wantedVersion}`, '--json', '--pack-destination', folder], {
      encoding: 'utf8',
    }),
  ) as { filename: string; integrity: string; version: string }[];
  if (!packed) throw new Error(`npm pack ${name}@${wantedVersion} gave nothing`);
  const pinned = old[name];
  if (pinned?.version === packed.version && pinned.integrity !== packed.integrity)
    throw new Error(`${name}@${packed.version}: tarball ${packed.integrity}, pinned ${pinned.integrity}`);
  execFileSync('tar', ['-xzf', path.join(folder, packed.filename), '-C', folder]);
  const unpacked = path.join(folder, 'package');
  const target = path.join(VENDOR, name);
  await rm(target, { recursive: true, force: true });
  const files: Record<string, string> = {};
  for (const file of WANTED[name]!) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await cp(path.join(unpacked, file), path.join(target, file));
    await chmod(path.join(target, file), 0o644);
    files[file] = `sha256-${createHash('sha256')
      .update(await readFile(path.join(target, file)))
      .digest('base64')}`;
  }
  const { dependencies = {} } = JSON.parse(await readFile(path.join(unpacked, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return { entry: { version: packed.version, integrity: packed.integrity, files }, dependencies };
}
