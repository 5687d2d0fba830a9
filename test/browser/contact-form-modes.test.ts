// site.yaml `forms` in Chromium on the built sample: the spec's silent contacts form, its `notice` and `send`
// modes, and the home form's failure message with the practice's contacts. EmailJS is faked by Playwright.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
// Each test opens its own contexts or pages: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { connectBrowser } from './helpers/shared-browser.ts';
import { consentBanner } from './helpers/sample-site-session.ts';
import { editSiteYaml, serveSampleSite, type ServedSite } from './helpers/site-server.ts';
import { fakeThirdParties, type ThirdPartyLog } from './helpers/third-parties.ts';

const EMAILJS = 'https://api.emailjs.com/api/v1.0/email/send';
const FAILURE = "Si è verificato un errore durante l'invio.";
const SUCCESS = 'Messaggio inviato! Ti risponderemo al più presto.';
// The schema's defaults (src/content/schema.ts): the sample sets neither.
const NOTICE =
  'Questo modulo non invia messaggi: quello che hai scritto non ci è arrivato. Per contattarci, telefona o scrivi direttamente:';
const FAILURE_CONTACTS = 'Se preferisci, puoi contattarci subito per telefono o per e-mail:';
// The sample's professionals (content/professionals/), as the links show them.
const PEOPLE = [
  {
    line: 'Giulia Marchetti: +39\u00a0333\u00a0000\u00a00001, giulia.marchetti@example.com',
    tel: 'tel:+393330000001',
    mailto: 'mailto:giulia.marchetti@example.com',
  },
  {
    line: 'Chiara De Santis: +39\u00a0333\u00a0000\u00a00002, chiara.desantis@example.com',
    tel: 'tel:+393330000002',
    mailto: 'mailto:chiara.desantis@example.com',
  },
];
const VISITOR = {
  name: 'Maria',
  surname: 'Verdi',
  email: 'maria@example.com',
  phone: '',
  message: 'Vorrei un primo colloquio.',
};

let plain: ServedSite;
let notice: ServedSite;
let send: ServedSite;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The sample states the default modes (as the editor writes site.yaml): the block is replaced.
  const forms = (options: string) =>
    editSiteYaml((yaml) => {
      const without = yaml.replace(/^forms:\n(?: {2}.*\n)*/m, '');
      if (without === yaml) throw new Error('the sample site.yaml no longer has a forms block');
      return `${without}forms:\n${options}`;
    });
  [plain, notice, send, browser] = await Promise.all([
    serveSampleSite(),
    serveSampleSite({ edit: forms('  contactsPage: notice\n') }),
    serveSampleSite({ edit: forms('  contactsPage: send\n  contactsOnFailure: true\n') }),
    connectBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await Promise.all([plain?.stop(), notice?.stop(), send?.stop()]);
});

interface Opened {
  page: Page;
  log: ThirdPartyLog;
  /** Every request made after the page had loaded and hydrated. */
  later: Request[];
  errors: string[];
  logs: string[];
}

/** Opens `path` of `site` with the third parties faked; `emailAnswer` replaces the fake EmailJS's 'OK'. */
async function open(site: ServedSite, path: string, emailAnswer?: { status: number; body: string }): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const log = await fakeThirdParties(context);
  if (emailAnswer) {
    await context.route(EMAILJS, (route) => {
      if (route.request().method() === 'OPTIONS') return route.fallback();
      log.emails.push(route.request().postDataJSON());
      return route.fulfill({
        ...emailAnswer,
        contentType: 'text/plain',
        headers: { 'access-control-allow-origin': '*' },
      });
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  const logs: string[] = [];
  page.on('console', (message) => (message.type() === 'error' ? errors : logs).push(message.text()));
  await page.goto(site.url + path);
  // The banner appears from the last island's effect: every island is hydrated by then.
  await consentBanner(page).waitFor();
  const later: Request[] = [];
  page.on('request', (request) => later.push(request));
  return { page, log, later, errors, logs };
}

const form = (page: Page) => page.locator('#main form, main form').first();
const submit = (page: Page) => form(page).getByRole('button', { name: /^Invi/ });
const status = (page: Page) => form(page).getByRole('status');

async function fill(page: Page, consent = true): Promise<void> {
  await page.getByLabel('Nome *', { exact: true }).fill(VISITOR.name);
  await page.getByLabel('Cognome *').fill(VISITOR.surname);
  await page.getByLabel('Email *').fill(VISITOR.email);
  await page.getByLabel('Messaggio *').fill(VISITOR.message);
  if (consent) await form(page).getByRole('checkbox').check();
}

/** The live region's text once it equals `text` (waits for it). */
const statusShows = (page: Page, text: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('main form [role="status"]')?.textContent === expected,
    text,
    { timeout: 5_000 },
  );

/** Each professional's line and links inside the live region. */
async function expectContacts(page: Page): Promise<void> {
  const people = status(page).locator('.form-reach__person');
  expect(await people.allTextContents()).toEqual(PEOPLE.map((person) => person.line));
  for (const [index, person] of PEOPLE.entries()) {
    const links = people.nth(index).getByRole('link');
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([
      person.tel,
      person.mailto,
    ]);
  }
}

describe('the contacts form by default (the sample, as the spec has it)', () => {
  it('has no live region, keeps Invia off until consent, and on submit only logs the state: no request, nothing shown', async () => {
    const { page, later, logs, log } = await open(plain, '/contatti');
    expect(await page.locator('[data-island="ContactsPageForm"]').getAttribute('data-props')).toBe(
      '{"privacyHref":"/privacy"}',
    );
    expect(await form(page).locator('[role="status"]').count()).toBe(0);
    expect(await submit(page).isDisabled()).toBe(true);
    await fill(page);
    const html = await form(page).innerHTML();
    const logged = page.waitForEvent('console', (message) => message.type() === 'log');
    await submit(page).click();
    expect(await (await logged).args()[0]?.jsonValue()).toEqual({ ...VISITOR, consent: true });
    expect(await submit(page).textContent()).toBe('Invia');
    expect(await form(page).innerHTML()).toBe(html);
    expect(later).toEqual([]);
    expect(log.emails).toEqual([]);
    expect(logs).toHaveLength(1);
  });
});

describe('contactsPage: notice', () => {
  it('says in the live region that nothing was sent and how to reach each professional, and sends nothing', async () => {
    const { page, later, logs } = await open(notice, '/contatti');
    // Present and empty from the first paint, so the notice is announced when it arrives.
    expect(await status(page).textContent()).toBe('');
    await fill(page);
    await submit(page).click();
    await statusShows(page, NOTICE + PEOPLE.map((person) => person.line).join(''));
    expect(await status(page).getAttribute('class')).toBe('form-status form-status--notice');
    await expectContacts(page);
    // What was typed stays, to be copied into an e-mail.
    expect(await page.getByLabel('Messaggio *').inputValue()).toBe(VISITOR.message);
    await page.waitForTimeout(200);
    expect(later.map((request) => request.url())).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('still does nothing without consent', async () => {
    const { page } = await open(notice, '/contatti');
    await fill(page, false);
    await form(page).evaluate((element: HTMLFormElement) => element.requestSubmit());
    await page.waitForTimeout(200);
    expect(await status(page).textContent()).toBe('');
  });
});

describe('contactsPage: send', () => {
  it("posts the home form's payload through EmailJS, shows 'Invio…', then success, and resets the form", async () => {
    const { page, log } = await open(send, '/contatti');
    expect(await submit(page).isDisabled()).toBe(true);
    await fill(page);
    await submit(page).click();
    await statusShows(page, SUCCESS);
    expect(log.emails).toEqual([
      {
        lib_version: '4.4.1',
        user_id: 'sample-public-key',
        service_id: 'service_sample',
        template_id: 'template_sample',
        template_params: VISITOR,
      },
    ]);
    expect(await status(page).getAttribute('class')).toBe('form-status form-status--success');
    expect(await page.getByLabel('Nome *', { exact: true }).inputValue()).toBe('');
    // The reset unticked the box, so Invia waits for consent again.
    expect(await submit(page).isDisabled()).toBe(true);
  });

  it("shows 'Invio…' and disables Invia while sending", async () => {
    const { page } = await open(send, '/contatti');
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(EMAILJS, async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fallback();
      await answered;
      return route.fulfill({ status: 200, body: 'OK', headers: { 'access-control-allow-origin': '*' } });
    });
    await fill(page);
    await submit(page).click();
    await page.waitForFunction(
      () => document.querySelector('main form button[type="submit"]')?.textContent === 'Invio…',
    );
    expect(await submit(page).isDisabled()).toBe(true);
    release();
    await statusShows(page, SUCCESS);
  });

  it("on failure shows the spec's sentence, the service's text, then each professional's phone and e-mail", async () => {
    const { page, errors } = await open(send, '/contatti', { status: 400, body: 'The user ID is invalid' });
    await fill(page);
    await submit(page).click();
    await statusShows(
      page,
      `${FAILURE} The user ID is invalid${FAILURE_CONTACTS}${PEOPLE.map((person) => person.line).join('')}`,
    );
    expect(await status(page).getAttribute('class')).toBe('form-status form-status--error');
    await expectContacts(page);
    expect(errors.some((error) => error.includes('The user ID is invalid'))).toBe(true);
    expect(await page.getByLabel('Nome *', { exact: true }).inputValue()).toBe(VISITOR.name);
  });
});

describe('the home form on failure', () => {
  it("adds the contacts after the service's text with contactsOnFailure: true", async () => {
    const { page } = await open(send, '/', { status: 400, body: 'The user ID is invalid' });
    await fill(page);
    await submit(page).click();
    await statusShows(
      page,
      `${FAILURE} The user ID is invalid${FAILURE_CONTACTS}${PEOPLE.map((person) => person.line).join('')}`,
    );
    await expectContacts(page);
  });

  it('shows only the sentence and the text by default', async () => {
    const { page } = await open(plain, '/', { status: 400, body: 'The user ID is invalid' });
    await fill(page);
    await submit(page).click();
    await statusShows(page, `${FAILURE} The user ID is invalid`);
    expect(await status(page).locator('.form-reach').count()).toBe(0);
  });
});
