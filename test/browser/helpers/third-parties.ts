// Local stand-ins for the sample site's map, reviews widget and EmailJS, served by Playwright on their real URLs.
import type { BrowserContext } from 'playwright-core';

/** What reached each fake; `emails` holds the JSON bodies posted to EmailJS. */
export interface ThirdPartyLog {
  map: number;
  reviewsScript: number;
  reviewsData: number;
  emails: unknown[];
}

/** The sample's third-party URLs (content/site.yaml). */
const THIRD_PARTY = {
  map: 'https://www.openstreetmap.org/export/embed.html**',
  reviews: 'https://static.elfsight.com/**',
  email: 'https://api.emailjs.com/api/v1.0/email/send',
};

// What a widget like Elfsight's does from its own host: fetch data, add an image. Under the real CSP
// each of these needs the reviews origin in connect-src and img-src.
const WIDGET_SCRIPT = `window.__reviews = (window.__reviews || 0) + 1;
fetch('https://static.elfsight.com/data.json').then((response) => response.json()).then((data) => {
  const container = document.querySelector('[class^="elfsight-app-"]');
  const image = new Image();
  image.alt = '';
  image.src = 'https://static.elfsight.com/star.svg';
  container.append(image, data.text);
});`;

const CORS = { 'access-control-allow-origin': '*' };

/**
 * Fulfils requests to the three third parties; every other external request still fails in the
 * browser (test/browser/helpers/browser.ts). A route makes Playwright pause every request of the
 * context, so only the contexts that need these fakes get them.
 */
export async function fakeThirdParties(context: BrowserContext): Promise<ThirdPartyLog> {
  const log: ThirdPartyLog = { map: 0, reviewsScript: 0, reviewsData: 0, emails: [] };
  await context.route(THIRD_PARTY.map, (route) => {
    log.map += 1;
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Mappa</title><p>Mappa di prova</p>',
    });
  });
  await context.route(THIRD_PARTY.reviews, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/platform/platform.js') {
      log.reviewsScript += 1;
      return route.fulfill({ contentType: 'text/javascript', body: WIDGET_SCRIPT });
    }
    if (pathname === '/data.json') {
      log.reviewsData += 1;
      return route.fulfill({ contentType: 'application/json', headers: CORS, body: '{"text":"Recensioni di prova"}' });
    }
    return route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
    });
  });
  await context.route(THIRD_PARTY.email, (route) => {
    if (route.request().method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: { ...CORS, 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' },
      });
    }
    log.emails.push(route.request().postDataJSON());
    return route.fulfill({ status: 200, contentType: 'text/plain', headers: CORS, body: 'OK' });
  });
  return log;
}

/** Records every CSP violation in `window.__violations` from before the first script runs. */
export async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __violations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
}
