// What the shipped sample content looks like, as short hashes: a site still carrying it is not ready to go live.
import { hash } from '../cache-file.ts';
import type { SiteConfig } from '../content/schema.ts';

/**
 * The images of the sample content (`content/images/`), by `imageFingerprint`. The portraits are
 * placeholder avatars; the hero, logo and flag are stand-ins too. test/unit/launch-fingerprints.test.ts
 * recomputes these from `content/`, so the list cannot drift from what ships.
 */
export const SAMPLE_IMAGES: ReadonlySet<string> = new Set([
  'ff9f07e120d09c18', // chiara-de-santis.jpg
  'e3d8efccc62064ba', // flag.svg
  'f4230bc372dfaad2', // giulia-marchetti.jpg
  '9637ae8a722d90b4', // hero.jpg
  'c6e87c28a7fb65dd', // logo.svg
]);

/** The sample's Markdown bodies (pages, biographies, services), by `textFingerprint` of their HTML. */
export const SAMPLE_TEXTS: ReadonlySet<string> = new Set([
  '52114db7b44e5a24', // home.md
  '54d60b772fffa58a', // contatti.md
  '535fa02852d3adab', // percorsi.md
  'fc2e6a8a2f2adb29', // privacy.md
  '6685cfcbb1213ff3', // professionals/giulia-marchetti.md
  '17fbb5317b0c581f', // professionals/chiara-de-santis.md
  '0a72513373b9796a', // services/01-sostegno-psicologico.md
  'b0b687878a17d743', // services/02-sessuologia.md
  'b10d4de1df244b6a', // services/03-valutazione-psicodiagnostica.md
  'e27f37716641cce4', // services/04-riabilitazione-cognitiva.md
  '94ab0c350aba3ab1', // services/05-elaborazione-lutto.md
  'a428b1f4685629c9', // services/06-genitorialita.md
  '1fe2267917c4f14b', // services/07-gravidanza-post-partum.md
  '39387b1fe01f5571', // services/08-regolazione-emozioni.md
  '2b2ed1add8377514', // services/09-orientamento.md
]);

/** The sample's made-up address and the map that points at it, by `placeFingerprint`. */
export const SAMPLE_PLACES: ReadonlySet<string> = new Set([
  '4d239cd9d51accb1', // address: Via dei Mandorli 14, 65122 Pescara
  'f79e7714f929b7c3', // map: embedUrl and link
]);

/** 16 hex digits of the SHA-256 of an image file's bytes. */
export function imageFingerprint(bytes: Uint8Array): string {
  return hash(bytes).slice(0, 16);
}

/** Of a rendered body's text only: markup, spacing and the Markdown pipeline's choices do not count. */
export function textFingerprint(html: string): string {
  return hash(
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ).slice(0, 16);
}

/** The street address, and separately the map's two URLs. */
export function placeFingerprints(site: Pick<SiteConfig, 'address' | 'map'>): { address: string; map: string } {
  const { street, postalCode, city } = site.address;
  return {
    address: hash(`${street}\n${postalCode}\n${city}`).slice(0, 16),
    map: hash(`${site.map.embedUrl}\n${site.map.link}`).slice(0, 16),
  };
}
