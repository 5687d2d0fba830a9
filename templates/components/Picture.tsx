// Responsive image: a <source> per modern format, then the fallback <img>; SVGs render as a plain <img>.
import type { ImageAsset } from '../../src/render/page-props.ts';

interface PictureProps {
  image: ImageAsset;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The image that paints first on its page: fetched eagerly and ahead of other images. */
  priority?: boolean;
  className?: string;
}

// React 18 does not know `fetchPriority` and warns about it, so the lowercase attribute is passed through.
const HIGH_PRIORITY: Record<string, string> = { fetchpriority: 'high' };

/** `<picture>` with AVIF/WebP sources; lazy unless `priority`. */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? HIGH_PRIORITY : {})}
    />
  );
  if (image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
