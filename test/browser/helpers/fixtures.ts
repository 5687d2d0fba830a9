// Sample props for island tests, shaped like what the page templates pass.
import { island, type IslandProps } from './pages.ts';

/** Navigation as the header passes it, on the first professional's page. */
export const NAV_PROPS: IslandProps['SiteNav'] = {
  links: [
    { label: 'Home', href: '/' },
    { label: 'Percorsi', href: '/percorsi' },
    { label: 'Contatti', href: '/contatti' },
  ],
  team: [
    { name: 'Anna Rossi', href: '/anna-rossi' },
    { name: 'Chiara Bianchi', href: '/chiara-bianchi' },
  ],
  currentPath: '/anna-rossi',
};

/** Three services, one with a long description so panel heights differ and wrap on resize. */
export const ACCORDION_PROPS: IslandProps['ServicesAccordion'] = {
  services: [
    {
      id: 'sostegno',
      title: 'Sostegno psicologico individuale, di coppia e familiare',
      duration: 'Durata di ogni seduta: 50 minuti',
    },
    {
      id: 'sessuologia',
      title: 'Consulenza e percorsi in sessuologia',
      duration: 'Durata di ogni seduta: 50 minuti',
    },
    {
      id: 'valutazione',
      title: 'Valutazione psicologica e psicodiagnostica (età evolutiva e adulti)',
      duration: 'Durata e frequenza degli incontri vengono concordate caso per caso.',
    },
  ],
};

/** The services' description HTML, in order: server-rendered into the panels, never in the props. */
export const ACCORDION_DESCRIPTIONS: string[] = [
  `<p>${'Uno spazio di ascolto senza giudizio, per individui, coppie e famiglie. '.repeat(12)}</p><p>Con un <a href="/contatti">primo colloquio</a> si definiscono gli obiettivi.</p>`,
  '<p>Consulenze individuali e di coppia sulla sessualità.</p>',
  '<ul><li>Colloqui clinici</li><li>Test standardizzati</li></ul>',
];

/** The accordion's server HTML as /percorsi renders it. */
export const accordionIsland = (): string =>
  island('ServicesAccordion', ACCORDION_PROPS, { descriptions: ACCORDION_DESCRIPTIONS });

/** EmailJS path on the harness itself, so a missed `page.route` still never leaves loopback. */
export const EMAIL_PATH = '/api/v1.0/email/send';

/** Home form props; `origin` is the harness's. */
export function contactFormProps(origin: string): IslandProps['ContactForm'] {
  return {
    emailjs: {
      endpoint: origin + EMAIL_PATH,
      libVersion: '4.4.1',
      userId: 'user-test',
      serviceId: 'service-test',
      templateId: 'template-test',
    },
    privacyHref: '/privacy',
    noscript: 'Per inviare il modulo serve JavaScript: scrivici direttamente per e-mail.',
  };
}

/** A script for `harness.serve(path, …, 'text/javascript')` that counts its own runs in `window.__loads[path]`. */
export function countingScript(path: string): string {
  const key = JSON.stringify(path);
  return `(window.__loads ??= {})[${key}] = (window.__loads[${key}] ?? 0) + 1;`;
}

/** A page body with every island, laid out as the site does (header, main, footer, consent last). */
export function everyIsland(origin: string): string {
  return `<header>${island('SiteNav', NAV_PROPS)}</header><main><h1>Tutte le isole</h1>
${accordionIsland()}
<section aria-label="Recensioni">${island('ReviewsLoader', { scriptUrl: '/reviews.js', widgetClass: 'reviews-widget' })}</section>
${island('ContactForm', contactFormProps(origin))}
${island('ContactsPageForm', { privacyHref: '/privacy' })}</main>
<footer><button type="button" data-consent-open="">Preferenze cookie</button></footer>
${island('CookieConsent', { privacyHref: '/privacy' })}`;
}
