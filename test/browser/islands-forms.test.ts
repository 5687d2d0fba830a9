// ContactForm (sends through EmailJS, mocked) and ContactsPageForm (logs only) in Chromium.
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { EMAIL_PATH, contactFormProps } from './helpers/fixtures.ts';
import { htmlDocument, island } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';
import { settled } from './helpers/settle.ts';

const session = useIslandSession();
const FAILURE = "Si è verificato un errore durante l'invio.";
const SUCCESS = 'Messaggio inviato! Ti risponderemo al più presto.';
const VISITOR = { name: 'Maria', surname: 'Verdi', email: 'maria@example.com', message: 'Vorrei un primo colloquio.' };

/** `prepare` runs on the context before the page loads (a clock, an init script). */
type Prepare = (context: BrowserContext) => Promise<unknown>;
const homePage = (prepare?: Prepare) =>
  session.open(
    '/',
    htmlDocument({
      body: `<main><h1>Home</h1>${island('ContactForm', contactFormProps(session.harness.origin))}</main>`,
    }),
    {},
    prepare,
  );
const contactsPage = (prepare?: Prepare) =>
  session.open(
    '/contatti',
    htmlDocument({
      body: `<main><h1>Contattaci</h1>${island('ContactsPageForm', { privacyHref: '/privacy' })}</main>`,
      route: 'contacts',
    }),
    {},
    prepare,
  );

/** Routes the e-mail call to `answer`, recording each request. */
async function mockEmail(page: Page, answer: (route: Route) => Promise<void> | void): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(`**${EMAIL_PATH}`, (route) => {
    requests.push(route.request());
    return answer(route);
  });
  return requests;
}

async function fillForm(page: Page) {
  await page.getByLabel('Nome *', { exact: true }).fill(VISITOR.name);
  await page.getByLabel('Cognome *').fill(VISITOR.surname);
  await page.getByLabel('Email *').fill(VISITOR.email);
  await page.getByLabel('Messaggio *').fill(VISITOR.message);
  await page.getByRole('checkbox', { name: /Regolamento UE 2016\/679/ }).check();
}

const status = (page: Page) => page.getByRole('status');
const submit = (page: Page) => page.getByRole('button', { name: /^Invi/ });
const statusShows = (page: Page, text: string) =>
  page.waitForFunction((expected) => document.querySelector('[role="status"]')?.textContent === expected, text);

describe('home form: markup', () => {
  it('has the labelled fields, marks the required ones, and leaves validation to nobody', async () => {
    const { page } = await homePage();
    expect(await page.locator('form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
    const fields = [
      ['Nome *', 'text', true],
      ['Cognome *', 'text', true],
      ['Email *', 'email', true],
      ['Telefono', 'tel', false],
      ['Messaggio *', 'textarea', true],
    ] as const;
    for (const [label, type, required] of fields) {
      const field = page.getByLabel(label, { exact: true });
      expect(
        await field.evaluate((element: HTMLInputElement) =>
          element.localName === 'textarea' ? 'textarea' : element.type,
        ),
      ).toBe(type);
      expect(await field.evaluate((element: HTMLInputElement) => element.required)).toBe(required);
    }
    const privacy = page.getByRole('checkbox', {
      name: /Dichiaro di aver letto l'informativa sulla privacy .* Regolamento UE 2016\/679/,
    });
    expect(await privacy.evaluate((element: HTMLInputElement) => element.required)).toBe(true);
    const link = page.getByRole('link', { name: /informativa sulla privacy/ });
    expect([await link.getAttribute('href'), await link.getAttribute('target')]).toEqual(['/privacy', '_blank']);
    expect(await status(page).textContent()).toBe('');
    expect(await submit(page).textContent()).toBe('Invia');
  });
});

describe('home form: sending', () => {
  it('posts the exact EmailJS payload, shows sending, then success, and resets the form', async () => {
    const { page, blocked } = await homePage();
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const requests = await mockEmail(page, async (route) => {
      await answered;
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' });
    });
    await fillForm(page);
    await submit(page).click();

    await page.waitForFunction(() => document.querySelector('button[type="submit"]')?.textContent === 'Invio…');
    expect(await submit(page).isDisabled()).toBe(true);
    expect(requests).toHaveLength(1);
    const request = requests[0] as Request;
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.postDataJSON()).toEqual({
      lib_version: '4.4.1',
      user_id: 'user-test',
      service_id: 'service-test',
      template_id: 'template-test',
      template_params: { ...VISITOR, phone: '' },
    });

    release();
    await statusShows(page, SUCCESS);
    expect(await status(page).getAttribute('class')).toBe('form-status form-status--success');
    expect(await submit(page).textContent()).toBe('Invia');
    expect(await submit(page).isEnabled()).toBe(true);
    for (const label of ['Nome *', 'Cognome *', 'Email *', 'Telefono', 'Messaggio *'])
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('checkbox').isChecked()).toBe(false);
    expect(blocked).toEqual([]);
  });

  it('sends empty strings for empty fields: no client validation blocks submission', async () => {
    const { page } = await homePage();
    const requests = await mockEmail(page, (route) => route.fulfill({ status: 200, body: 'OK' }));
    await submit(page).click();
    await statusShows(page, SUCCESS);
    expect((requests[0]?.postDataJSON() as { template_params: unknown }).template_params).toEqual({
      name: '',
      surname: '',
      email: '',
      phone: '',
      message: '',
    });
  });

  for (const [label, answer] of [
    ['status 200 with any text', { status: 200, body: 'accepted' }],
    ["the text 'OK' with another status", { status: 202, body: 'OK' }],
  ] as const) {
    it(`counts ${label} as success`, async () => {
      const { page } = await homePage();
      await mockEmail(page, (route) => route.fulfill(answer));
      await fillForm(page);
      await submit(page).click();
      await statusShows(page, SUCCESS);
    });
  }

  it("reports a refusal with the service's response text, styled as an error and logged", async () => {
    const { page, errors } = await homePage();
    await mockEmail(page, (route) =>
      route.fulfill({ status: 400, contentType: 'text/plain', body: 'The user ID is invalid' }),
    );
    await fillForm(page);
    await submit(page).click();
    await statusShows(page, `${FAILURE} The user ID is invalid`);
    expect(await status(page).getAttribute('class')).toBe('form-status form-status--error');
    expect(errors.some((error) => error.includes('The user ID is invalid'))).toBe(true);
    // The form keeps what was typed so the visitor can try again.
    expect(await page.getByLabel('Nome *', { exact: true }).inputValue()).toBe(VISITOR.name);
    expect(await submit(page).isEnabled()).toBe(true);
  });

  it("says 'Errore sconosciuto' when a failure has no text", async () => {
    const { page } = await homePage();
    await mockEmail(page, (route) => route.fulfill({ status: 500, body: '' }));
    await submit(page).click();
    await statusShows(page, `${FAILURE} Errore sconosciuto`);
  });

  it('reports a dropped connection with the error message', async () => {
    const { page, errors } = await homePage();
    await mockEmail(page, (route) => route.abort('connectionreset'));
    await submit(page).click();
    await statusShows(page, `${FAILURE} Failed to fetch`);
    expect(errors.some((error) => error.includes('Failed to fetch'))).toBe(true);
  });

  it('abandons a request with no answer after 15 seconds', async () => {
    const { page } = await homePage((context) => context.clock.install());
    await mockEmail(page, () => {
      // Never answered.
    });
    await submit(page).click();
    await page.waitForFunction(() => document.querySelector('button[type="submit"]')?.textContent === 'Invio…');
    await page.clock.fastForward(14_000);
    expect(await submit(page).textContent()).toBe('Invio…');
    await page.clock.fastForward(1_000);
    await statusShows(page, `${FAILURE} Il servizio non ha risposto in tempo.`);
    expect(await submit(page).isEnabled()).toBe(true);
  });

  it('clears the earlier status while sending again', async () => {
    const { page } = await homePage();
    let answers = 0;
    let release = () => {};
    const second = new Promise<void>((resolve) => (release = resolve));
    await mockEmail(page, async (route) => {
      answers += 1;
      if (answers === 1) return route.fulfill({ status: 400, body: 'Prima risposta' });
      await second;
      return route.fulfill({ status: 200, body: 'OK' });
    });
    await submit(page).click();
    await statusShows(page, `${FAILURE} Prima risposta`);
    await submit(page).click();
    await statusShows(page, '');
    expect(await status(page).getAttribute('class')).toBe('form-status');
    release();
    await statusShows(page, SUCCESS);
  });

  it('sends once on a double click', async () => {
    const { page } = await homePage();
    const requests = await mockEmail(page, (route) => route.fulfill({ status: 200, body: 'OK' }));
    await fillForm(page);
    await submit(page).dblclick();
    await statusShows(page, SUCCESS);
    await settled(page);
    expect(requests).toHaveLength(1);
  });
});

describe('contacts-page form', () => {
  it("keeps 'Invia' disabled until consent is ticked", async () => {
    const { page } = await contactsPage();
    const consent = page.getByRole('checkbox', { name: /Regolamento UE 2016\/679/ });
    expect(await submit(page).isDisabled()).toBe(true);
    await consent.check();
    expect(await submit(page).isEnabled()).toBe(true);
    await consent.uncheck();
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await page.locator('form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
    for (const label of ['Nome *', 'Cognome *', 'Email *', 'Telefono', 'Messaggio *'])
      expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
  });

  it('enables Invia for a box the browser ticked before the script ran (history restore)', async () => {
    // readystatechange to "interactive" fires after parsing and before module scripts run.
    const { page } = await contactsPage((context) =>
      context.addInitScript(() =>
        document.addEventListener('readystatechange', () => {
          const box = document.querySelector<HTMLInputElement>('input[name="privacy"]');
          if (document.readyState === 'interactive' && box) box.checked = true;
        }),
      ),
    );
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled === false,
    );
  });

  it('logs the form state on submit with consent, and sends nothing', async () => {
    const { page, blocked } = await contactsPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const logged = page.waitForEvent('console', (message) => message.type() === 'log');
    await fillForm(page);
    await submit(page).click();
    const message = await logged;
    expect(await message.args()[0]?.jsonValue()).toEqual({ ...VISITOR, phone: '', consent: true });
    await settled(page);
    expect(requests).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('does nothing without consent, even when submitted by Enter or script', async () => {
    const { page } = await contactsPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.getByLabel('Nome *', { exact: true }).fill(VISITOR.name);
    await page.getByLabel('Nome *', { exact: true }).press('Enter');
    await page.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await settled(page);
    expect(logs).toEqual([]);
    expect(page.url()).toBe(`${session.harness.origin}/contatti`);
  });
});
