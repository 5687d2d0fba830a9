// SiteNav in Chromium: hamburger menu with scroll lock up to 992px, and the 'Chi Siamo' disclosure.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { NAV_PROPS } from './helpers/fixtures.ts';
import { htmlDocument, island } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';
import { settled } from './helpers/settle.ts';

const session = useIslandSession();
const NARROW = { width: 800, height: 700 };
const WIDE = { width: 1280, height: 800 };
const body = `<header>${island('SiteNav', NAV_PROPS)}</header><main><h1>Anna Rossi</h1><div class="test-spacer"></div></main>`;

const open = (viewport: { width: number; height: number }) =>
  session.open('/anna-rossi', htmlDocument({ body }), { viewport });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const teamButton = (page: Page) => page.getByRole('button', { name: 'Chi Siamo' });
const expanded = async (page: Page, name: 'Menu' | 'Chi Siamo') =>
  (await page.getByRole('button', { name }).getAttribute('aria-expanded')) === 'true';
const dataOpen = (page: Page, selector: '.site-nav' | '.nav-dropdown') =>
  page.locator(selector).getAttribute('data-open');
/** Locked means the root's overflow hidden and the body's left visible: a body scroller of its own would carry off the sticky header (site-menu-scrolled.test.ts). */
const scrollLocked = (page: Page) =>
  page.evaluate(() => {
    const lock =
      document.documentElement.hasAttribute('data-scroll-lock') &&
      getComputedStyle(document.documentElement).overflow === 'hidden';
    if (getComputedStyle(document.body).overflow !== 'visible') throw new Error('the body has an overflow of its own');
    return lock;
  });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** Turns the mouse wheel over the page, which scrolls it unless scrolling is locked. */
async function wheel(page: Page) {
  await page.mouse.move(400, 500);
  await page.mouse.wheel(0, 600);
}

describe('markup', () => {
  it('lists Home, Chi Siamo, Percorsi, Contatti in order and marks the current page', async () => {
    const { page } = await open(WIDE);
    const items = await page
      .locator('.nav-list > li')
      .evaluateAll((nodes) => nodes.map((node) => node.firstElementChild?.textContent));
    expect(items).toEqual(['Home', 'Chi Siamo', 'Percorsi', 'Contatti']);
    expect(await page.getByRole('link', { name: 'Anna Rossi' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('[aria-current]').count()).toBe(1);
    expect(await menuButton(page).getAttribute('aria-controls')).toBe('site-nav-menu');
    expect(await teamButton(page).getAttribute('aria-controls')).toBe('site-nav-team');
  });
});

describe('mobile menu (≤ 992px)', () => {
  it('toggles with the hamburger, locking page scroll while open', async () => {
    const { page } = await open(NARROW);
    expect(await dataOpen(page, '.site-nav')).toBe('false');
    await menuButton(page).click();
    expect(await expanded(page, 'Menu')).toBe(true);
    expect(await dataOpen(page, '.site-nav')).toBe('true');
    expect(await scrollLocked(page)).toBe(true);
    await wheel(page);
    await settled(page);
    expect(await page.evaluate(() => scrollY)).toBe(0);

    await menuButton(page).click();
    expect(await expanded(page, 'Menu')).toBe(false);
    expect(await dataOpen(page, '.site-nav')).toBe('false');
    expect(await scrollLocked(page)).toBe(false);
    await wheel(page);
    await page.waitForFunction(() => scrollY > 0);
  });

  it('closes and unlocks scrolling when the window grows past 992px', async () => {
    const { page } = await open(NARROW);
    await menuButton(page).click();
    await teamButton(page).click();
    await page.setViewportSize({ width: 993, height: 700 });
    await page.waitForFunction(() => document.querySelector('.site-nav')?.getAttribute('data-open') === 'false');
    expect(await expanded(page, 'Menu')).toBe(false);
    expect(await expanded(page, 'Chi Siamo')).toBe(false);
    expect(await scrollLocked(page)).toBe(false);
  });

  it('stays open when resized within the narrow range', async () => {
    const { page } = await open(NARROW);
    await menuButton(page).click();
    await page.setViewportSize({ width: 992, height: 600 });
    await settled(page);
    expect(await expanded(page, 'Menu')).toBe(true);
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const { page } = await open(NARROW);
    await menuButton(page).click();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Home');
    await page.keyboard.press('Escape');
    expect(await expanded(page, 'Menu')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
    expect(await scrollLocked(page)).toBe(false);
  });

  it('Escape closes the open dropdown first, then the menu', async () => {
    const { page } = await open(NARROW);
    await menuButton(page).click();
    await teamButton(page).click();
    await page.keyboard.press('Escape');
    expect([await expanded(page, 'Chi Siamo'), await expanded(page, 'Menu')]).toEqual([false, true]);
    expect(await focusedText(page)).toBe('Chi Siamo');
    await page.keyboard.press('Escape');
    expect(await expanded(page, 'Menu')).toBe(false);
  });

  it('closes menu and dropdown when a link inside is followed', async () => {
    const { page } = await open(NARROW);
    // Stop the navigation itself (after the island's handler) so the closed state can be read.
    await page.evaluate(() => addEventListener('click', (event) => event.preventDefault()));
    await menuButton(page).click();
    await teamButton(page).click();
    await page.getByRole('link', { name: 'Chiara Bianchi' }).click();
    expect([await expanded(page, 'Menu'), await expanded(page, 'Chi Siamo')]).toEqual([false, false]);
    expect(await scrollLocked(page)).toBe(false);
  });
});

describe('Chi Siamo dropdown', () => {
  it('opens by click on narrow widths, where hover does nothing', async () => {
    const { page } = await open(NARROW);
    await menuButton(page).click();
    await teamButton(page).hover();
    expect(await expanded(page, 'Chi Siamo')).toBe(false);
    await teamButton(page).click();
    expect(await expanded(page, 'Chi Siamo')).toBe(true);
    expect(await dataOpen(page, '.nav-dropdown')).toBe('true');
    await teamButton(page).click();
    expect(await expanded(page, 'Chi Siamo')).toBe(false);
    expect(await dataOpen(page, '.nav-dropdown')).toBe('false');
  });

  it('opens on hover on wide widths, closes when the pointer leaves, and a click while hovered keeps it open', async () => {
    const { page } = await open(WIDE);
    await teamButton(page).hover();
    expect(await expanded(page, 'Chi Siamo')).toBe(true);
    expect(await dataOpen(page, '.nav-dropdown')).toBe('true');
    await teamButton(page).click();
    expect(await expanded(page, 'Chi Siamo')).toBe(true);
    await page.getByRole('heading', { name: 'Anna Rossi' }).hover();
    expect(await expanded(page, 'Chi Siamo')).toBe(false);
  });

  for (const [label, viewport] of [
    ['narrow', NARROW],
    ['wide', WIDE],
  ] as const) {
    it(`works from the keyboard on ${label} widths: Enter and Space toggle, Escape closes and returns focus`, async () => {
      const { page } = await open(viewport);
      if (viewport === NARROW) await menuButton(page).click();
      await teamButton(page).focus();
      await page.keyboard.press('Enter');
      expect(await expanded(page, 'Chi Siamo')).toBe(true);
      await page.keyboard.press('Space');
      expect(await expanded(page, 'Chi Siamo')).toBe(false);
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Anna Rossi');
      await page.keyboard.press('Escape');
      expect(await expanded(page, 'Chi Siamo')).toBe(false);
      expect(await focusedText(page)).toBe('Chi Siamo');
    });
  }

  it('closes on a press outside it, not on one inside', async () => {
    const { page } = await open(WIDE);
    await teamButton(page).focus();
    await page.keyboard.press('Enter');
    await page.locator('.nav-dropdown__list').dispatchEvent('pointerdown');
    expect(await expanded(page, 'Chi Siamo')).toBe(true);
    await page.mouse.click(600, 500);
    expect(await expanded(page, 'Chi Siamo')).toBe(false);
  });
});
