// How wide each content image is ever drawn, from the fields that name it: the largest variant worth encoding.
import type { Entries } from '../content/validate.ts';

/**
 * The widest variant for an image drawn full-bleed (the hero, `sizes="100vw"`): a 1920-pixel screen
 * at 1.25× or a laptop at 2× picks it. Also the cap for an image whose use is not listed below.
 */
export const FULL_WIDTH = 2400;

/**
 * Device pixels each field's image needs at most, from its `sizes` in the templates:
 * - a portrait (`photo.image`) is drawn at most `calc(100vw - 2rem)` wide on a phone of up to 40em
 *   (608 CSS px) and `20rem` elsewhere: 1216 device pixels at 2×, so 1200 (phones at 3× get the same
 *   file, sharper than the screen shows at arm's length);
 * - the Percorsi badge (`badge.image`) is `5rem` and the logo `3rem`: 3× is 240 and 144 pixels;
 * - the favicon source only feeds favicon.ico and the 180 px home-screen icon (src/bundle/favicon.ts).
 * A phone photo of 4000 px used as a portrait thus costs three encodes per format instead of five,
 * the largest a quarter of the pixels.
 */
const WIDEST = { hero: FULL_WIDTH, photo: 1200, badge: 240, logo: 144, favicon: 180 } as const;

/** Source image (`images/…`) -> the widest variant any of its uses needs. Images of no listed use are absent (full width). */
export function imageWidthLimits(
  entries: Pick<Entries, 'site' | 'home' | 'servicesPage' | 'professionals'>,
): Map<string, number> {
  const limits = new Map<string, number>();
  const use = (image: string | undefined, width: number) => {
    if (image !== undefined) limits.set(image, Math.max(limits.get(image) ?? 0, width));
  };
  use(entries.home.data.hero.image, WIDEST.hero);
  for (const professional of entries.professionals) use(professional.data.photo.image, WIDEST.photo);
  use(entries.servicesPage.data.badge.image, WIDEST.badge);
  use(entries.site.data.logo, WIDEST.logo);
  use(entries.site.data.favicon, WIDEST.favicon);
  return limits;
}

/** The images stage's key in `watch`'s memo: each source image with its widest variant, a line each. */
export function imagesKey(sources: readonly string[], limits: ReadonlyMap<string, number>): string {
  return sources.map((source) => `${source} ${limits.get(source) ?? FULL_WIDTH}`).join('\n');
}
