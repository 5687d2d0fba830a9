// The Italian wording of the placeholders that stand in for the map and the reviews until marketing consent.
import type { SiteConfig } from '../../src/render/for-templates.ts';
import type { ConsentGate } from '../islands/consent-gate.tsx';

/** Gates for the home page's third-party content, or none when site.yaml lets it load with the page (the default). */
export function thirdPartyGates(site: SiteConfig): { map?: ConsentGate; reviews?: ConsentGate } {
  if (!site.privacy.thirdPartyNeedsConsent) return {};
  const { maxAgeDays } = site.consent;
  // Naming the host tells the visitor who receives the request before they choose.
  const implies = (url: string) =>
    `il tuo browser si collega ai server di ${new URL(url).hostname}, che ricevono il tuo indirizzo IP e possono usare cookie o strumenti analoghi anche per finalità proprie.`;
  const automatically = 'Il contenuto si carica da solo se accetti i cookie di marketing.';
  return {
    map: {
      notice: `La mappa è fornita da un servizio esterno: per mostrarla ${implies(site.map.embedUrl)} ${automatically}`,
      load: 'Carica la mappa',
      maxAgeDays,
    },
    reviews: {
      notice: `Le recensioni sono fornite da un servizio esterno: per mostrarle ${implies(site.reviews.scriptUrl)} ${automatically}`,
      load: 'Carica le recensioni',
      maxAgeDays,
    },
  };
}
