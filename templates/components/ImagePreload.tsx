// <link rel="preload"> for a page's first image, so it is fetched before the stylesheet and script finish.
import type { ImageAsset } from '../../src/render/for-templates.ts';
import { HIGH_PRIORITY } from './Picture.tsx';

interface ImagePreloadProps {
  image: ImageAsset;
  /** Must equal the `sizes` of the <Picture> it preloads, or the browser fetches a second file. */
  sizes: string;
}

/** Preloads the best format the <picture> offers (AVIF first); browsers without it skip the hint. */
export function ImagePreload({ image, sizes }: ImagePreloadProps) {
  const best = image.sources[0];
  return (
    <link
      rel="preload"
      as="image"
      type={best?.type}
      imageSrcSet={best?.srcset ?? image.srcset}
      imageSizes={sizes}
      {...HIGH_PRIORITY}
    />
  );
}
