// What each page of the built sample site shows (spec §2, contract §4–§5), found as a visitor's assistive
// technology finds it: by role, accessible name, label and text, never by CSS class.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { consentBanner, useSampleSite } from './helpers/sample-site-session.ts';
import { serveSampleSite, type ServedSite } from './helpers/site-server.ts';

const STUDIO = 'Studio PSS';
const SUBTITLE = 'Studio di Psicoterapia e Sessuologia';
/** `url` in the sample site.yaml: canonical and Open Graph URLs are absolute on it. */
const SITE_URL = 'https://studio-pss.example.com';
const INSTAGRAM = 'https://www.instagram.com/studiopss.example';
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };

/** The two sample professionals, as their content files describe them. */
const PEOPLE = [
  {
    slug: 'giulia-marchetti',
    name: 'Giulia Marchetti',
    role: 'Psicologa e specializzanda in psicoterapia',
    phone: '+39 333 000 0001',
    email: 'giulia.marchetti@example.com',
    linkedin: 'https://www.linkedin.com/in/giulia-marchetti-example',
    registration: "Iscritta all'Ordine degli Psicologi della Regione Abruzzo, n. 3127",
    specialisation: 'Valutazione psicologica e psicodiagnostica',
    biography: 'Mi sono formata tra Chieti e Roma',
    timelineEntries: 9,
  },
  {
    slug: 'chiara-de-santis',
    name: 'Chiara De Santis',
    role: 'Psicologa e sessuologa clinica',
    phone: '+39 333 000 0002',
    email: 'chiara.desantis@example.com',
    linkedin: 'https://www.linkedin.com/in/chiara-de-santis-example',
    registration: "Iscritta all'Ordine degli Psicologi della Regione Abruzzo, n. 2684",
    specialisation: 'Sessuologia clinica',
    biography: 'mi sono specializzata in sessuologia',
    timelineEntries: 7,
  },
] as const;

const ROUTES = ['/', '/contatti', '/percorsi', ...PEOPLE.map((person) => `/${person.slug}`), '/privacy'];

/** Contract §5, in order, each with a phrase from its description. */
const SERVICES = [
  [
    'Sostegno psicologico individuale, di coppia e familiare',
    'Uno spazio di ascolto per attraversare momenti di difficoltà',
  ],
  ['Consulenza e percorsi in sessuologia', 'La sessualità è una dimensione importante del benessere'],
  [
    'Valutazione psicologica e psicodiagnostica (età evolutiva e adulti)',
    'colloqui clinici e strumenti standardizzati',
  ],
  ['Potenziamento e riabilitazione cognitiva', 'attenzione, memoria, funzioni esecutive'],
  ["Sostegno nell'elaborazione del lutto", 'La perdita di una persona cara'],
  ['Parent training e sostegno alla genitorialità', 'Essere genitori è un compito bello e impegnativo'],
  ['Sostegno in gravidanza e nel post-partum', "La gravidanza e l'arrivo di un figlio"],
  ['Consapevolezza e regolazione delle emozioni', 'riconoscere, comprendere ed esprimere le proprie emozioni'],
  ['Orientamento al futuro', 'alle prese con la scelta della scuola superiore'],
] as const;
const ASSESSMENT = SERVICES[2][0];
const FIFTY_MINUTES = 'Durata di ogni seduta: 50 minuti';
const FORM_LABELS = ['Nome *', 'Cognome *', 'Email *', 'Telefono', 'Messaggio *'];

const session = useSampleSite();

interface OpenOptions {
  viewport?: { width: number; height: number };
  javaScript?: boolean;
  origin?: string;
  /** In a context kept until the file ends (`views`), not closed with the test. */
  shared?: boolean;
}

/**
 * Opens `path` in a fresh context with every non-loopback request blocked. With JavaScript, waits for
 * the cookie banner to appear: it is shown from an effect of the last island, so every island is hydrated.
 */
async function open(
  route: string,
  { viewport = WIDE, javaScript = true, origin = session.site.url, shared = false }: OpenOptions = {},
) {
  const context = await (shared ? session.fileContext : session.context)({ viewport, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const response = await page.goto(origin + route, { waitUntil: 'load' });
  if (javaScript) await consentBanner(page).waitFor();
  return { page, status: response?.status() };
}

/**
 * Each route as `open` shows it (1280 px, JavaScript, hydrated), opened once for the tests that only
 * read a page (no click, key, resize or scroll), which run side by side on it: a context of its own
 * cost each of those about 0.1 s of CPU. A test that changes its page opens its own.
 */
const views = new Map<string, Page>();
beforeAll(async () => {
  const opened = await Promise.all(
    ROUTES.map(async (route) => [route, (await open(route, { shared: true })).page] as const),
  );
  for (const [route, page] of opened) views.set(route, page);
});

/** The shared, unchanged page of `route` (see `views`). */
function view(route: string): { page: Page } {
  const page = views.get(route);
  if (!page) throw new Error(`no shared view of ${route}`);
  return { page };
}

const main = (page: Page) => page.getByRole('main');
const footer = (page: Page) => page.getByRole('contentinfo');

/** Answers the banner with 'Rifiuta tutti' so it covers nothing the test clicks. */
async function dismissBanner(page: Page) {
  await consentBanner(page).getByRole('button', { name: 'Rifiuta tutti', exact: true }).click();
  await consentBanner(page).waitFor({ state: 'hidden' });
}

/** The footer block headed by a professional's (or the studio's) name. */
const footerBlock = (page: Page, heading: string) =>
  footer(page)
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

const metaContent = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute('content');

/** Every JSON-LD node of the page, with `@graph`s and `employee` lists flattened. */
async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const sources = await page.locator('script[type="application/ld+json"]').allTextContents();
  return sources.flatMap((source) => {
    const parsed = JSON.parse(source) as Record<string, unknown> | Record<string, unknown>[];
    const roots = Array.isArray(parsed) ? parsed : [parsed];
    return roots.flatMap((node) =>
      Array.isArray(node['@graph']) ? (node['@graph'] as Record<string, unknown>[]) : [node],
    );
  });
}

/** The form whose submit button is 'Invia' (a <form> without a name has no role). */
const contactForm = (page: Page) =>
  main(page)
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Invia', exact: true }) });

async function expectFormFields(form: Locator) {
  expect(await form.count()).toBe(1);
  expect(await form.getAttribute('novalidate')).not.toBeNull();
  for (const label of FORM_LABELS) expect(await form.getByLabel(label, { exact: true }).count(), label).toBe(1);
  expect(await form.getByLabel('Email *', { exact: true }).getAttribute('type')).toBe('email');
  const privacy = form.getByRole('checkbox', { name: /informativa.*Regolamento UE 2016\/679/ });
  expect(await privacy.count()).toBe(1);
  expect(await form.getByRole('link', { name: /informativa/ }).getAttribute('href')).toBe('/privacy');
  expect(await form.getByRole('button', { name: 'Invia', exact: true }).count()).toBe(1);
}

describe('shared layout', () => {
  for (const route of ROUTES) {
    describe(route, () => {
      it("has a header with the logo link home, the studio title and subtitle, and Home · 'Chi Siamo' · Percorsi · Contatti", async () => {
        const { page } = await open(route);
        const header = page.getByRole('banner');
        const logo = header.getByRole('link', { name: STUDIO, exact: true });
        expect(await logo.getAttribute('href')).toBe('/');
        expect(await logo.locator('img').count()).toBe(1);
        expect(await header.getByText(STUDIO, { exact: true }).isVisible()).toBe(true);
        expect(await header.getByText(SUBTITLE, { exact: true }).isVisible()).toBe(true);

        const nav = header.getByRole('navigation');
        expect(await nav.count()).toBe(1);
        expect(await nav.getByRole('link').or(nav.getByRole('button')).allInnerTexts()).toEqual([
          'Home',
          'Chi Siamo',
          'Percorsi',
          'Contatti',
        ]);
        expect(await nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
        expect(await nav.getByRole('link', { name: 'Percorsi', exact: true }).getAttribute('href')).toBe('/percorsi');
        expect(await nav.getByRole('link', { name: 'Contatti', exact: true }).getAttribute('href')).toBe('/contatti');

        const team = nav.getByRole('button', { name: 'Chi Siamo', exact: true });
        expect(await team.getAttribute('aria-expanded')).toBe('false');
        const controlled = page.locator(`#${await team.getAttribute('aria-controls')}`);
        for (const person of PEOPLE) {
          expect(
            await controlled
              .getByRole('link', { name: person.name, exact: true, includeHidden: true })
              .getAttribute('href'),
          ).toBe(`/${person.slug}`);
        }
        await dismissBanner(page);
        await team.click();
        expect(await team.getAttribute('aria-expanded')).toBe('true');
        for (const person of PEOPLE)
          expect(await controlled.getByRole('link', { name: person.name, exact: true }).isVisible()).toBe(true);
      });

      it("shows the 'Menu' toggle (collapsed) at 375px and hides it at 1280px", async () => {
        const { page } = await open(route, { viewport: NARROW });
        const menu = page.getByRole('navigation').getByRole('button', { name: 'Menu', exact: true });
        expect(await menu.isVisible()).toBe(true);
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        await page.setViewportSize(WIDE);
        expect(await menu.isHidden()).toBe(true);
      });

      it('has lang="it", a skip link to #main as the first stop, and exactly one h1', async () => {
        const { page } = await open(route);
        expect(await page.locator('html').getAttribute('lang')).toBe('it');
        expect(await main(page).getAttribute('id')).toBe('main');
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus');
        expect(await focused.getAttribute('href')).toBe('#main');
        expect((await focused.textContent())?.trim()).not.toBe('');
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      });

      it("has a footer with the studio, its social link, © 2025, 'Preferenze cookie' and each professional's contacts", async () => {
        const { page } = view(route);
        const studio = footerBlock(page, STUDIO);
        expect(await studio.count()).toBe(1);
        expect(await footer(page).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(INSTAGRAM);
        expect(
          await footer(page)
            .getByText(/©\s*2025/)
            .count(),
        ).toBe(1);
        expect(await footer(page).getByRole('button', { name: 'Preferenze cookie', exact: true }).count()).toBe(1);
        for (const person of PEOPLE) {
          const block = footerBlock(page, person.name);
          expect(await block.count(), person.name).toBe(1);
          expect(await block.getByText(person.role, { exact: true }).count()).toBe(1);
          expect(await block.getByRole('link', { name: person.phone, exact: true }).getAttribute('href')).toBe(
            `tel:${person.phone.replaceAll(' ', '')}`,
          );
          expect(await block.getByRole('link', { name: person.email, exact: true }).getAttribute('href')).toBe(
            `mailto:${person.email}`,
          );
          expect(await block.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe(person.linkedin);
        }
      });

      it('has a canonical URL, Open Graph tags and JSON-LD with the address and telephone', async () => {
        const { page } = view(route);
        const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
        expect(canonical).toBe(SITE_URL + route);
        expect(await metaContent(page, 'meta[name="description"]')).toMatch(/\S{10}/);
        expect(await metaContent(page, 'meta[property="og:title"]')).toMatch(/\S/);
        expect(await metaContent(page, 'meta[property="og:description"]')).toMatch(/\S/);
        expect(await metaContent(page, 'meta[property="og:url"]')).toBe(canonical);
        expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(
          new RegExp(`^${SITE_URL}/\\S+\\.(jpe?g|png|webp)$`),
        );

        const nodes = await jsonLdNodes(page);
        const studio = nodes.find((node) => node.address !== undefined);
        expect(studio?.telephone).toMatch(/^\+39[\d ]+$/);
        expect(studio?.address).toMatchObject({ addressLocality: 'Pescara' });
        const person = PEOPLE.find((candidate) => route === `/${candidate.slug}`);
        if (person) {
          expect(nodes.find((node) => node['@type'] === 'Person' && node.telephone !== undefined)).toMatchObject({
            name: person.name,
            telephone: person.phone,
          });
        }
      });

      it("has the cookie banner and the 'Preferenze cookie' dialog, which the footer button opens", async () => {
        const { page } = await open(route);
        const banner = consentBanner(page);
        for (const name of ['Accetta tutti', 'Rifiuta tutti', 'Personalizza']) {
          expect(await banner.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
        }
        const privacy = banner.getByRole('link');
        expect(await privacy.getAttribute('href')).toBe('/privacy');
        expect(await privacy.getAttribute('target')).toBe('_blank');

        const dialog = page.getByRole('dialog', { name: 'Preferenze cookie', includeHidden: true });
        expect(await dialog.count()).toBe(1);
        expect(await dialog.getByRole('heading', { name: 'Preferenze cookie', includeHidden: true }).count()).toBe(1);
        const necessary = dialog.getByRole('checkbox', { name: 'Necessari', exact: true, includeHidden: true });
        expect([await necessary.isChecked(), await necessary.isDisabled()]).toEqual([true, true]);
        for (const name of ['Analitici', 'Marketing']) {
          expect(await dialog.getByRole('checkbox', { name, exact: true, includeHidden: true }).isEnabled(), name).toBe(
            true,
          );
        }
        for (const name of ['Salva preferenze', 'Accetta tutti', 'Rifiuta tutti', 'Chiudi']) {
          expect(await dialog.getByRole('button', { name, exact: true, includeHidden: true }).count(), name).toBe(1);
        }

        await dismissBanner(page);
        await footer(page).getByRole('button', { name: 'Preferenze cookie', exact: true }).click();
        expect(await page.getByRole('dialog', { name: 'Preferenze cookie' }).isVisible()).toBe(true);
      });
    });
  }

  it('gives each route its own <title> and meta description', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    // One page without scripts, taken from route to route: what is read is the served <head>.
    const page = await (await session.context({ javaScriptEnabled: false })).newPage();
    for (const route of ROUTES) {
      expect((await page.goto(session.site.url + route, { waitUntil: 'load' }))?.status(), route).toBe(200);
      titles.add(await page.title());
      descriptions.add((await metaContent(page, 'meta[name="description"]')) ?? '');
    }
    expect(titles.size).toBe(ROUTES.length);
    expect(descriptions.size).toBe(ROUTES.length);
    expect(descriptions.has('')).toBe(false);
  });
});

describe('home /', () => {
  it('opens with a hero image and an introduction about listening without judgement and a safe place', async () => {
    const { page } = view('/');
    const hero = main(page).locator('img').first();
    expect(await hero.isVisible()).toBe(true);
    expect(await hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const h1Top = (await main(page).getByRole('heading', { level: 1 }).boundingBox())?.y ?? 0;
    expect((await hero.boundingBox())?.y ?? Infinity).toBeLessThanOrEqual(h1Top);

    expect(await main(page).getByRole('paragraph').filter({ hasText: 'senza giudizio' }).count()).toBeGreaterThan(0);
    expect(await main(page).getByRole('paragraph').filter({ hasText: 'luogo sicuro' }).count()).toBeGreaterThan(0);
  });

  it('has a card per professional linking to the profile, with photo, name and role', async () => {
    const { page } = view('/');
    const cards = main(page)
      .getByRole('link')
      .filter({ has: page.getByRole('heading') });
    expect(await cards.count()).toBe(2);
    for (const person of PEOPLE) {
      const card = cards.filter({ has: page.getByRole('heading', { name: person.name, exact: true }) });
      expect(await card.getAttribute('href')).toBe(`/${person.slug}`);
      const photo = card.locator('img');
      expect(await photo.count()).toBe(1);
      // An alt attribute is required; empty is right here, since the card's name already says who it is.
      expect(await photo.getAttribute('alt')).not.toBeNull();
      expect(await card.getByText(person.role, { exact: true }).count()).toBe(1);
    }
    expect(await cards.getByRole('paragraph').allInnerTexts()).toEqual([
      'Psicologa e specializzanda in psicoterapia',
      'Psicologa e sessuologa clinica',
    ]);
  });

  it("has a 'Recensioni' section subtitled 'Le esperienze di chi ci ha scelto'", async () => {
    const { page } = view('/');
    const reviews = main(page).getByRole('region', { name: 'Recensioni', exact: true });
    expect(await reviews.getByRole('heading', { name: 'Recensioni', exact: true }).count()).toBe(1);
    expect(await reviews.getByText('Le esperienze di chi ci ha scelto', { exact: true }).isVisible()).toBe(true);
  });

  it('ends with the contact form (novalidate, the contract labels, privacy box, Invia) and a lazy, titled map', async () => {
    const { page } = view('/');
    const form = contactForm(page);
    await expectFormFields(form);
    // Spec §5: browser validation is off and nothing on the client blocks submission once hydrated.
    expect(await form.getByRole('button', { name: 'Invia', exact: true }).isEnabled()).toBe(true);

    const map = main(page).locator('iframe');
    expect(await map.count()).toBe(1);
    expect(await map.getAttribute('loading')).toBe('lazy');
    expect(await map.getAttribute('title')).toMatch(/\S/);
  });
});

describe('contatti /contatti', () => {
  it("is titled 'Contattaci' with the subtitle 'Scrivici'", async () => {
    const { page } = view('/contatti');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Contattaci');
    expect(await main(page).getByText('Scrivici', { exact: true }).isVisible()).toBe(true);
  });

  it('has a card per professional, one for the social profile and one for the address in Pescara with a map link', async () => {
    const { page } = view('/contatti');
    const cards = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    for (const person of PEOPLE) {
      const card = cards.filter({ has: page.getByRole('heading', { name: person.name, exact: true }) });
      expect(await card.count(), person.name).toBe(1);
      expect(await card.getByRole('link', { name: person.phone, exact: true }).getAttribute('href')).toBe(
        `tel:${person.phone.replaceAll(' ', '')}`,
      );
      expect(await card.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe(person.linkedin);
    }
    const social = cards.filter({ has: page.getByRole('link', { name: 'Instagram' }) });
    expect(await social.count()).toBe(1);
    expect(await social.getByRole('link').getAttribute('href')).toBe(INSTAGRAM);

    const address = cards
      .filter({ hasText: 'Pescara' })
      .filter({ hasNot: page.getByRole('link', { name: /LinkedIn|Instagram/ }) });
    expect(await address.count()).toBe(1);
    expect(await address.getByRole('link').getAttribute('href')).toMatch(
      /^https:\/\/(www\.openstreetmap\.org|www\.google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|maps\.apple\.com)\//,
    );
  });

  it("has the form with the contract labels and an 'Invia' button disabled until consent is ticked", async () => {
    const { page } = await open('/contatti');
    const form = contactForm(page);
    await expectFormFields(form);
    const send = form.getByRole('button', { name: 'Invia', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await dismissBanner(page);
    await form.getByRole('checkbox', { name: /informativa/ }).check();
    await expect.poll(() => send.isEnabled()).toBe(true);
  });
});

describe('percorsi /percorsi', () => {
  it('has nine accordion buttons, in the contract order, each controlling its region', async () => {
    const { page } = view('/percorsi');
    const buttons = main(page).getByRole('button');
    expect(await buttons.allInnerTexts()).toEqual(SERVICES.map(([title]) => title));
    for (const [title] of SERVICES) {
      const button = main(page).getByRole('button', { name: title, exact: true });
      expect(['true', 'false'], title).toContain(await button.getAttribute('aria-expanded'));
      const controls = await button.getAttribute('aria-controls');
      expect(controls, title).toMatch(/\S/);
      expect(await page.locator(`#${controls}`).count(), title).toBe(1);
      expect(
        await main(page).getByRole('region', { name: title, exact: true, includeHidden: true }).getAttribute('id'),
        title,
      ).toBe(controls);
    }
  });

  it('describes each service in its panel; the assessment says duration and frequency are agreed case by case', async () => {
    const { page } = view('/percorsi');
    for (const [title, phrase] of SERVICES) {
      const region = main(page).getByRole('region', { name: title, exact: true, includeHidden: true });
      expect(await region.getByText(phrase).count(), title).toBe(1);
    }
    const assessment = main(page).getByRole('region', { name: ASSESSMENT, exact: true, includeHidden: true });
    expect(await assessment.getByText(/durata e frequenza.*caso per caso/i).count()).toBe(1);
    expect(await assessment.getByText(FIFTY_MINUTES).count()).toBe(0);
  });

  // Spec §2: seven of the nine state the 50 minutes; 'Orientamento al futuro' leaves `duration` out.
  it(`states '${FIFTY_MINUTES}' in exactly seven services`, async () => {
    const { page } = view('/percorsi');
    const stating: string[] = [];
    for (const [title] of SERVICES) {
      const region = main(page).getByRole('region', { name: title, exact: true, includeHidden: true });
      if ((await region.getByText(FIFTY_MINUTES, { exact: true }).count()) === 1) stating.push(title);
    }
    expect(await main(page).getByText(FIFTY_MINUTES, { exact: true }).count()).toBe(7);
    expect(stating).toHaveLength(7);
    expect(stating).not.toContain(ASSESSMENT);
  });

  it('addresses children, adolescents, adults, couples and relational systems', async () => {
    const { page } = view('/percorsi');
    const callout = main(page).getByRole('paragraph').filter({ hasText: 'sistemi relazionali' });
    expect(await callout.count()).toBe(1);
    const text = await callout.innerText();
    for (const word of ['bambini', 'adolescenti', 'adulti', 'coppie', 'sistemi relazionali'])
      expect(text, word).toContain(word);
  });

  it('shows the badge: a flag image and the LGBTQIA+ and ethical consensual non-monogamy allies text', async () => {
    const { page } = view('/percorsi');
    const text = main(page).getByText(/LGBTQIA\+/);
    expect(await text.count()).toBe(1);
    expect(await text.innerText()).toMatch(/allea.*LGBTQIA\+.*non monogam.*etic.*consensual/i);
    const flag = text.locator('xpath=..').getByRole('img');
    expect(await flag.count()).toBe(1);
    expect(await flag.getAttribute('alt')).toMatch(/\S/);
    expect(await flag.isVisible()).toBe(true);
  });

  it('shows every service description without JavaScript', async () => {
    const { page } = await open('/percorsi', { javaScript: false });
    for (const [title, phrase] of SERVICES) {
      const region = main(page).getByRole('region', { name: title, exact: true });
      expect(await region.getByText(phrase).isVisible(), title).toBe(true);
    }
    expect(
      await main(page)
        .getByText(/caso per caso/)
        .isVisible(),
    ).toBe(true);
  });
});

describe('profile pages', () => {
  for (const person of PEOPLE) {
    describe(`/${person.slug}`, () => {
      it('shows the photo, the specialisation and contacts boxes, the LinkedIn link, the biography and the registration', async () => {
        const { page } = view(`/${person.slug}`);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(person.name);
        expect(await main(page).getByRole('img', { name: person.name }).isVisible()).toBe(true);

        const specialisation = main(page).getByRole('region', { name: /specializzazion/i });
        expect(await specialisation.getByRole('heading').count()).toBe(1);
        expect(await specialisation.getByRole('listitem').count()).toBeGreaterThan(0);
        expect(await specialisation.getByRole('listitem').first().innerText()).toBe(person.specialisation);

        const contacts = main(page).getByRole('region', { name: /contatt/i });
        expect(await contacts.getByRole('link', { name: person.phone, exact: true }).getAttribute('href')).toBe(
          `tel:${person.phone.replaceAll(' ', '')}`,
        );
        expect(await contacts.getByRole('link', { name: person.email, exact: true }).getAttribute('href')).toBe(
          `mailto:${person.email}`,
        );
        expect(
          await main(page)
            .getByRole('link', { name: /LinkedIn/ })
            .getAttribute('href'),
        ).toBe(person.linkedin);

        expect(await main(page).getByText(person.biography).isVisible()).toBe(true);
        const registration = main(page).getByText(person.registration, { exact: true });
        expect(await registration.isVisible()).toBe(true);
        expect(await registration.innerText()).toContain('Ordine degli Psicologi della Regione Abruzzo');
      });

      it(`lists ${person.timelineEntries} dated, titled, typed entries under 'Percorso Formativo e Professionale'`, async () => {
        const { page } = view(`/${person.slug}`);
        const heading = main(page).getByRole('heading', {
          level: 2,
          name: 'Percorso Formativo e Professionale',
          exact: true,
        });
        expect(await heading.count()).toBe(1);
        // "Followed by a list": the first list after the heading in document order holds the entries.
        const list = heading.locator('xpath=following::*[self::ol or self::ul][1]');
        const entries = list.getByRole('listitem');
        expect(await entries.count()).toBe(person.timelineEntries);
        const types = new Set<string>();
        for (const entry of await entries.all()) {
          expect(await entry.getByRole('time').count()).toBeGreaterThan(0);
          expect(await entry.getByRole('time').first().getAttribute('datetime')).toMatch(/^\d{4}(-\d{2})?$/);
          expect((await entry.getByRole('heading').innerText()).trim()).not.toBe('');
          const icon = entry.getByRole('img', { name: /^(Formazione|Esperienza professionale)$/ });
          expect(await icon.count()).toBe(1);
          types.add((await icon.getAttribute('aria-label')) ?? '');
        }
        expect([...types].sort()).toEqual(['Esperienza professionale', 'Formazione']);
      });
    });
  }
});

describe('privacy /privacy', () => {
  it('names the data controllers, GDPR 2016/679, EmailJS as processor, the rights and the Garante', async () => {
    const { page } = view('/privacy');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/privacy/i);
    const text = await main(page).innerText();
    expect(text).toMatch(/Titolar/);
    expect(text).toMatch(/Regolamento \(?UE\)? 2016\/679/);
    expect(text).toMatch(/EmailJS[^.]*responsabile/);
    expect(text).toMatch(/diritti/);
    expect(text).toMatch(/Garante/);
  });
});

describe('any other path', () => {
  it('answers 404 with the header, footer, cookie banner and dialog, and an empty main', async () => {
    const { page, status } = await open('/non-esiste');
    expect(status).toBe(404);
    expect(await page.getByRole('banner').getByRole('link', { name: STUDIO, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('navigation').isVisible()).toBe(true);
    expect(await footer(page).getByRole('button', { name: 'Preferenze cookie', exact: true }).isVisible()).toBe(true);
    expect(await consentBanner(page).isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Preferenze cookie', includeHidden: true }).count()).toBe(1);
    expect((await main(page).innerHTML()).trim()).toBe('');
  });
});

describe('people come from content files, with no code change', () => {
  const third = { slug: 'elena-ferri', name: 'Elena Ferri', email: 'elena.ferri@example.com' };
  const unlisted = { slug: 'sara-neri', name: 'Sara Neri', email: 'sara.neri@example.com' };
  let edited: ServedSite;

  /** A copy of the first sample professional's file, renamed, with its own contacts and order. */
  function professionalFile(
    source: string,
    person: { slug: string; name: string; email: string },
    order: number,
    listed: boolean,
  ): string {
    return source
      .replaceAll('Giulia Marchetti', person.name)
      .replaceAll('giulia.marchetti@example.com', person.email)
      .replaceAll('giulia-marchetti-example', `${person.slug}-example`)
      .replace(/^order: \d+$/m, `order: ${order}`)
      .replace(/^phone: .*$/m, `phone: "+39 333 000 00${order.toString().padStart(2, '0')}"`)
      .replace(/^vat: .*$/m, '')
      .replace(/^listed: .*$/m, `listed: ${listed}`);
  }

  beforeAll(async () => {
    edited = await serveSampleSite({
      edit: async (content) => {
        const folder = path.join(content, 'professionals');
        const source = await readFile(path.join(folder, 'giulia-marchetti.md'), 'utf8');
        await writeFile(path.join(folder, `${third.slug}.md`), professionalFile(source, third, 3, true));
        await writeFile(path.join(folder, `${unlisted.slug}.md`), professionalFile(source, unlisted, 4, false));
      },
    });
  });
  afterAll(async () => {
    await edited?.stop();
  });

  it("adds a third listed professional to the 'Chi Siamo' dropdown, the footer and the home cards", async () => {
    const { page } = await open('/', { origin: edited.url });
    const team = page.getByRole('navigation').getByRole('button', { name: 'Chi Siamo', exact: true });
    const dropdown = page.locator(`#${await team.getAttribute('aria-controls')}`);
    expect(await dropdown.getByRole('link', { includeHidden: true }).allTextContents()).toEqual([
      ...PEOPLE.map((person) => person.name),
      third.name,
    ]);
    expect(await dropdown.getByRole('link', { name: third.name, includeHidden: true }).getAttribute('href')).toBe(
      `/${third.slug}`,
    );

    const block = footerBlock(page, third.name);
    expect(await block.count()).toBe(1);
    expect(await block.getByRole('link', { name: third.email }).getAttribute('href')).toBe(`mailto:${third.email}`);

    const cards = main(page)
      .getByRole('link')
      .filter({ has: page.getByRole('heading') });
    expect(await cards.count()).toBe(3);
    expect(
      await cards.filter({ has: page.getByRole('heading', { name: third.name, exact: true }) }).getAttribute('href'),
    ).toBe(`/${third.slug}`);

    const profile = await open(`/${third.slug}`, { origin: edited.url });
    expect(profile.status).toBe(200);
    expect(await profile.page.getByRole('heading', { level: 1 }).innerText()).toBe(third.name);
  });

  it('gives a professional with listed: false a page, but no place in the dropdown, footer or home cards', async () => {
    const profile = await open(`/${unlisted.slug}`, { origin: edited.url });
    expect(profile.status).toBe(200);
    expect(await profile.page.getByRole('heading', { level: 1 }).innerText()).toBe(unlisted.name);

    for (const { page } of [profile, await open('/', { origin: edited.url })]) {
      expect(
        await page.getByRole('navigation').getByRole('link', { name: unlisted.name, includeHidden: true }).count(),
      ).toBe(0);
      expect(await footer(page).getByText(unlisted.name).count()).toBe(0);
      expect(await footer(page).getByRole('link', { name: unlisted.email }).count()).toBe(0);
    }
    const home = await open('/', { origin: edited.url });
    expect(
      await main(home.page)
        .getByRole('link', { name: new RegExp(unlisted.name) })
        .count(),
    ).toBe(0);
    expect(await main(home.page).getByText(unlisted.name).count()).toBe(0);
  });
});
