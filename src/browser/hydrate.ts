// Client entry: flags the page as scripted, keeps profile pages at the top, hydrates every island, then
// loads the metrics chunk when the site reports metrics and the visitor allows analytics.
import { onConsent, readConsent, type Consent } from '../../templates/islands/consent-store.ts';
import { hydrateIslands } from './hydrate-islands.ts';
import { loadChunk } from './load-chunk.ts';

// Before hydrating, so no-JavaScript fallbacks (`html:not(.js)` / `html.js` rules) switch in the same frame.
document.documentElement.classList.add('js');

// Spec §2: a profile opens at the top, even on reload or back/forward, unless a hash asks for a place in it.
if (document.body.dataset.route === 'professional' && !location.hash) {
  history.scrollRestoration = 'manual';
  scrollTo(0, 0);
}

hydrateIslands();

// Spec §7: set only when site.yaml has `metrics.endpoint`; without it no chunk is ever requested. The
// chunk waits for analytics consent (Garante), stored or given later in this page, and loads once;
// withdrawing consent applies from the next page view (docs/privacy-and-compliance.md).
if (document.body.dataset.metricsEndpoint) {
  const follow = (consent: Consent | null) => {
    if (consent?.analytics) {
      stop();
      loadChunk(() => import('./metrics.ts')).catch(console.error);
    }
  };
  const stop = onConsent(follow);
  // The consent expiry (site.yaml `consent.maxAgeDays`) reaches the client in the banner's props, which
  // Layout renders on every page: an expired choice counts as none here too.
  const banner = document.querySelector<HTMLElement>('[data-island=CookieConsent]')!;
  follow(readConsent((JSON.parse(banner.dataset.props!) as { maxAgeDays?: number }).maxAgeDays));
}
