// Client entry: flags the page as scripted, keeps profile pages at the top, then hydrates every island.
import { hydrateIslands } from './hydrate-islands.ts';

// Before hydrating, so no-JavaScript fallbacks (`html:not(.js)` / `html.js` rules) switch in the same frame.
document.documentElement.classList.add('js');

// Spec §2: a profile opens at the top, even on reload or back/forward, unless a hash asks for a place in it.
if (document.body.dataset.route === 'professional' && !location.hash) {
  history.scrollRestoration = 'manual';
  scrollTo(0, 0);
}

hydrateIslands();
