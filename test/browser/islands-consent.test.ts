// CookieConsent in Chromium: banner, preferences dialog, the stored record and its failure modes.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { presetLocalStorage } from './helpers/browser.ts';
import { htmlDocument, island } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';
import { settled } from './helpers/settle.ts';

const session = useIslandSession();
const KEY = 'pss-consent-v1';
const body = `<main><h1>Home</h1><p><a href="/contatti">Contatti</a></p></main>
<footer><button type="button" data-consent-open="">Preferenze cookie</button></footer>
${island('CookieConsent', { privacyHref: '/privacy' })}`;

interface StoredRecord {
  date: string;
  consent: { necessary: boolean; analytics: boolean; marketing: boolean };
}

/** Opens the page; `stored` (raw string) is put in localStorage before any script runs. */
async function openPage(stored?: string) {
  return session.open(
    '/',
    htmlDocument({ body }),
    {},
    stored === undefined ? undefined : (context) => presetLocalStorage(context, KEY, stored),
  );
}

const banner = (page: Page) => page.getByRole('region', { name: 'Consenso ai cookie' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Preferenze cookie' });
const isModalOpen = (page: Page) =>
  page.locator('dialog').evaluate((element: HTMLDialogElement) => element.open && element.matches(':modal'));
const stored = async (page: Page) => {
  const raw = await page.evaluate((key) => localStorage.getItem(key), KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredRecord);
};
const checkbox = (page: Page, name: string) => dialog(page).getByRole('checkbox', { name });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Asserts a record written just now with these choices. */
function expectRecord(record: StoredRecord | null, analytics: boolean, marketing: boolean, since: number) {
  expect(record?.consent).toEqual({ necessary: true, analytics, marketing });
  expect(record?.date).toBe(new Date(record?.date ?? '').toISOString());
  expect(Date.parse(record?.date ?? '')).toBeGreaterThanOrEqual(since - 1000);
}

describe('banner', () => {
  it('shows on a first visit, not as a modal, with accept and reject of equal weight', async () => {
    const { page } = await openPage();
    await banner(page).waitFor();
    expect(await banner(page).evaluate((element) => element.localName)).toBe('section');
    expect(await isModalOpen(page)).toBe(false);
    // The page behind stays usable.
    await page.getByRole('link', { name: 'Contatti' }).focus();
    expect(await focused(page)).toBe('Contatti');
    const [accept, reject] = [
      banner(page).getByRole('button', { name: 'Accetta tutti' }),
      banner(page).getByRole('button', { name: 'Rifiuta tutti' }),
    ];
    expect(await accept.getAttribute('class')).toBe(await reject.getAttribute('class'));
    const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(acceptBox?.height).toBeCloseTo(rejectBox?.height ?? 0, 0);
    expect(acceptBox?.width).toBeCloseTo(rejectBox?.width ?? 0, 0);
  });

  it('links the privacy notice in a new tab', async () => {
    const { page, context } = await openPage();
    const link = banner(page).getByRole('link', { name: /Informativa privacy/ });
    expect([
      await link.getAttribute('href'),
      await link.getAttribute('target'),
      await link.getAttribute('rel'),
    ]).toEqual(['/privacy', '_blank', 'noopener']);
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    expect(new URL(tab.url()).pathname).toBe('/privacy');
  });

  for (const [button, analytics] of [
    ['Accetta tutti', true],
    ['Rifiuta tutti', false],
  ] as const) {
    it(`'${button}' stores the choice and hides the banner for good`, async () => {
      const { page } = await openPage();
      const since = Date.now();
      await banner(page).getByRole('button', { name: button }).click();
      await banner(page).waitFor({ state: 'detached' });
      expectRecord(await stored(page), analytics, analytics, since);
      await page.reload();
      await settled(page);
      expect(await banner(page).count()).toBe(0);
    });
  }

  for (const [label, value] of [
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['an empty object', '{}'],
    ['a bad date', '{"date":"ieri","consent":{"necessary":true,"analytics":true,"marketing":true}}'],
    [
      'necessary false',
      '{"date":"2025-01-01T00:00:00.000Z","consent":{"necessary":false,"analytics":true,"marketing":true}}',
    ],
    [
      'a string for a boolean',
      '{"date":"2025-01-01T00:00:00.000Z","consent":{"necessary":true,"analytics":"sì","marketing":false}}',
    ],
  ]) {
    it(`counts a stored record with ${label} as no choice`, async () => {
      const { page } = await openPage(value);
      await banner(page).waitFor();
    });
  }

  it('stays hidden for a valid stored record', async () => {
    const { page } = await openPage(
      '{"date":"2025-01-01T00:00:00.000Z","consent":{"necessary":true,"analytics":false,"marketing":true}}',
    );
    await settled(page);
    expect(await banner(page).count()).toBe(0);
  });

  it('still works for the visit when the browser refuses storage', async () => {
    const { page, errors } = await session.open('/', htmlDocument({ body }), {}, (context) =>
      context.addInitScript(() =>
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('Storage is disabled', 'SecurityError');
          },
        }),
      ),
    );
    await banner(page).getByRole('button', { name: 'Accetta tutti' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Preferenze cookie' }).click();
    expect(await checkbox(page, 'Analitici').isChecked()).toBe(true);
    expect(await checkbox(page, 'Marketing').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('preferences dialog', () => {
  it("opens as a modal from 'Personalizza' with focus inside, the categories and all controls", async () => {
    const { page } = await openPage();
    await banner(page).getByRole('button', { name: 'Personalizza' }).click();
    expect(await isModalOpen(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await dialog(page).getByRole('heading', { name: 'Preferenze cookie' }).isVisible()).toBe(true);
    expect([await checkbox(page, 'Necessari').isChecked(), await checkbox(page, 'Necessari').isDisabled()]).toEqual([
      true,
      true,
    ]);
    expect([await checkbox(page, 'Analitici').isChecked(), await checkbox(page, 'Marketing').isChecked()]).toEqual([
      false,
      false,
    ]);
    for (const name of ['Salva preferenze', 'Accetta tutti', 'Rifiuta tutti', 'Chiudi']) {
      expect(await dialog(page).getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
  });

  it("'Salva preferenze' stores the ticked categories, closes the dialog and the banner", async () => {
    const { page } = await openPage();
    const since = Date.now();
    await banner(page).getByRole('button', { name: 'Personalizza' }).click();
    await checkbox(page, 'Analitici').check();
    await dialog(page).getByRole('button', { name: 'Salva preferenze' }).click();
    expect(await isModalOpen(page)).toBe(false);
    expectRecord(await stored(page), true, false, since);
    await banner(page).waitFor({ state: 'detached' });
  });

  for (const [button, choice] of [
    ['Accetta tutti', true],
    ['Rifiuta tutti', false],
  ] as const) {
    it(`'${button}' in the dialog stores and closes`, async () => {
      const { page } = await openPage(
        '{"date":"2025-01-01T00:00:00.000Z","consent":{"necessary":true,"analytics":true,"marketing":false}}',
      );
      const since = Date.now();
      await page.getByRole('button', { name: 'Preferenze cookie' }).click();
      await dialog(page).getByRole('button', { name: button }).click();
      expect(await isModalOpen(page)).toBe(false);
      expectRecord(await stored(page), choice, choice, since);
    });
  }

  it('opens from the footer with the current consent, and returns focus there when closed', async () => {
    const record =
      '{"date":"2025-01-01T00:00:00.000Z","consent":{"necessary":true,"analytics":true,"marketing":false}}';
    const { page } = await openPage(record);
    await page.getByRole('button', { name: 'Preferenze cookie' }).click();
    expect(await isModalOpen(page)).toBe(true);
    expect([await checkbox(page, 'Analitici').isChecked(), await checkbox(page, 'Marketing').isChecked()]).toEqual([
      true,
      false,
    ]);
    await dialog(page).getByRole('button', { name: 'Chiudi' }).click();
    expect(await isModalOpen(page)).toBe(false);
    expect(await focused(page)).toBe('Preferenze cookie');
  });

  for (const [how, close] of [
    ['the close button', (page: Page) => dialog(page).getByRole('button', { name: 'Chiudi' }).click()],
    ['a backdrop click', (page: Page) => page.mouse.click(5, 5)],
    ['Escape', (page: Page) => page.keyboard.press('Escape')],
  ] as const) {
    it(`closes with ${how} without storing, and starts again from the current consent`, async () => {
      const { page } = await openPage();
      await banner(page).getByRole('button', { name: 'Personalizza' }).click();
      await checkbox(page, 'Marketing').check();
      await close(page);
      expect(await isModalOpen(page)).toBe(false);
      expect(await stored(page)).toBeNull();
      expect(await banner(page).isVisible()).toBe(true);
      expect(await focused(page)).toBe('Personalizza');
      await page.getByRole('button', { name: 'Preferenze cookie' }).click();
      expect(await checkbox(page, 'Marketing').isChecked()).toBe(false);
    });
  }

  it('a click inside the dialog does not close it', async () => {
    const { page } = await openPage();
    await banner(page).getByRole('button', { name: 'Personalizza' }).click();
    await dialog(page).getByRole('heading').click();
    await dialog(page).locator('p').click();
    expect(await isModalOpen(page)).toBe(true);
  });
});
