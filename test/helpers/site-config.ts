// A complete site.yaml for unit tests of the host files, through the real schema.
import { siteSchema, type SiteConfig } from '../../src/content/schema.ts';

/** A complete site.yaml, through the real schema (defaults filled), with `overrides` on top. */
export function siteConfig(overrides: Record<string, unknown> = {}): SiteConfig {
  return siteSchema.parse({
    name: 'Studio Prova',
    subtitle: 'Studio di prova',
    url: 'https://studio.example.com',
    description: 'Un sito di prova.',
    logo: 'images/logo.svg',
    address: { street: 'Via Roma 1', postalCode: '65100', city: 'Pescara', province: 'PE' },
    social: { label: 'Instagram', url: 'https://www.instagram.com/prova.example' },
    map: {
      embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1',
      link: 'https://www.openstreetmap.org/',
      title: 'Mappa',
    },
    reviews: { scriptUrl: 'https://static.elfsight.com/platform/platform.js', widgetClass: 'w' },
    emailjs: { libVersion: '4', userId: 'u', serviceId: 's', templateId: 't' },
    copyrightYear: 2025,
    ...overrides,
  });
}
