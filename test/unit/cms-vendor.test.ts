// The files of Sveltia CMS that /admin serves are vendored (src/cms/vendor): served as recorded in vendor.json, and a changed byte stops the build.
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sveltiaFiles, type VendorManifest } from '../../src/cms/sveltia-package.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';

const manifest = JSON.parse(
  await readFile(path.join(ROOT, 'src', 'cms', 'vendor', 'vendor.json'), 'utf8'),
) as VendorManifest;

describe('the vendored Sveltia files', () => {
  it('are one pinned version of each package, and serve the helper modules under the versions Sveltia asks for', async () => {
    expect(Object.keys(manifest).sort()).toEqual(['@discourse/heic', '@sveltia/cms', 'exifr', 'immutable', 'turndown']);
    for (const entry of Object.values(manifest)) expect(entry.integrity).toMatch(/^sha512-/);
    const files = await sveltiaFiles(ROOT, '/admin');
    const heic = `vendor/@discourse/heic@${manifest['@discourse/heic']!.version}`;
    expect([...files.keys()].filter((file) => file.startsWith('vendor/')).sort()).toEqual([
      ...['codec/dec/heic_dec.js', 'codec/dec/heic_dec.wasm', 'decode.js', 'index.js', 'utils.js'].map(
        (file) => `${heic}/${file}`,
      ),
      `vendor/exifr@${manifest.exifr!.version}/dist/lite.esm.mjs`,
      `vendor/immutable@${manifest.immutable!.version}/dist/immutable.es.js`,
      `vendor/turndown@${manifest.turndown!.version}/lib/turndown.browser.es.js`,
    ]);
  });

  it('stop the build when a file is not the one recorded, naming it and how to restore it', async () => {
    const root = await tempDir('brochure-vendor-');
    await cp(path.join(ROOT, 'src', 'cms'), path.join(root, 'src', 'cms'), { recursive: true });
    const bundle = path.join(root, 'src', 'cms', 'vendor', '@sveltia', 'cms', 'dist', 'sveltia-cms.js');
    await writeFile(bundle, `${await readFile(bundle, 'utf8')}\n// changed`);
    await expect(sveltiaFiles(root, '/admin')).rejects.toThrow(
      'src/cms/vendor/@sveltia/cms/dist/sveltia-cms.js: its bytes are not those of @sveltia/cms@0.221.1 recorded in vendor.json; run npm run vendor-sveltia',
    );
  });
});
