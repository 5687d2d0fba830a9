// Responsive image: a <source> per modern format, then the fallback <img>; SVGs render as a plain <img>.
import type { ImageAsset } from '../../src/render/for-templates.ts';

interface PictureProps {
  image: ImageAsset;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** `eager` for images visible on arrival (hero, logo); everything else waits until scrolled near. */
  loading?: 'eager' | 'lazy';
  /** For the one image that paints first on its page, so the browser fetches it ahead of others. */
  highPriority?: boolean;
  className?: string;
}

/**
 * `fetchpriority="high"` as a spread: React 18 does not know `fetchPriority` (it warns in development
 * and writes the camelCase name), while a lowercase unknown attribute passes through as written.
 */
export const HIGH_PRIORITY: Record<string, string> = { fetchpriority: 'high' };

/** `<picture>` with AVIF/WebP sources, lazy by default. */
export function Picture({ image, alt, sizes, loading = 'lazy', highPriority = false, className }: PictureProps) {
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      decoding="async"
      {...(highPriority ? HIGH_PRIORITY : {})}
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
