// Looks up the processed image of a content path; validation guarantees it exists.
import type { AssetManifest, ImageAsset, SiteModel } from '../../src/render/for-templates.ts';

/** The responsive image built from `content/<path>`; a missing one is a pipeline bug, not a content problem. */
export function imageAsset(assets: AssetManifest, path: string): ImageAsset {
  const image = assets.images[path];
  if (!image) throw new Error(`No processed image for "${path}": the image stage should have produced it`);
  return image;
}

/** The absolute URL of that image's fallback file, for Open Graph and JSON-LD. */
export function imageUrl(site: Pick<SiteModel['site'], 'url'>, assets: AssetManifest, path: string): string {
  // The asset's URL already carries the base path.
  return new URL(imageAsset(assets, path).src, site.url).href;
}
