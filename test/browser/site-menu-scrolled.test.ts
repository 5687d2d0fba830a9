// The phone menu of the built site opened well down a page (spec §2: the page behind is locked): header and menu on screen, the page still, and where it was once closed.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { consentBanner, useSampleSite } from './helpers/sample-site-session.ts';
import { settled } from './helpers/settle.ts';

const session = useSampleSite();
const PHONE = { width: 375, height: 700 };
/** The home page (links all down its body) and a profile page (mostly text). */
const ROUTES = ['/', '/giulia-marchetti'] as const;
/** How long a poll may wait for what the page owes: far past vitest's 1 s, for a machine under load. */
const PATIENT = { timeout: 15_000 };

const toggle = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
const teamButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Chi Siamo', exact: true });
const isOpen = async (page: Page) => (await toggle(page).getAttribute('aria-expanded')) === 'true';
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Opens `route` on a touch screen `width` wide, answers the cookie banner and scrolls 60% of the way down. */
async function openScrolled(route: string, width = PHONE.width): Promise<{ page: Page; y: number }> {
  const context = await session.context({ viewport: { ...PHONE, width }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(session.site.url + route, { waitUntil: 'load' });
  // The banner appears from an effect of the last island: once it shows, every island is hydrated.
  await consentBanner(page).getByRole('button', { name: 'Rifiuta tutti', exact: true }).tap();
  await consentBanner(page).waitFor({ state: 'hidden' });
  const y = await page.evaluate(() => {
    window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) * 0.6));
    return window.scrollY;
  });
  expect(y, `${route} is long enough to scroll well down`).toBeGreaterThan(PHONE.height);
  return { page, y };
}

/** Taps the centre of `element`'s box without scrolling it into view first, as a finger would. */
async function tapInPlace(page: Page, selector: string) {
  const box = await page.locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** A point under the open menu panel on nothing interactive: where a tap presses the page behind. */
async function quietPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const panel = document.querySelector('.nav-list')!.getBoundingClientRect();
    for (let y = Math.ceil(panel.bottom) + 20; y < window.innerHeight - 10; y += 10) {
      for (const x of [20, window.innerWidth / 2, window.innerWidth - 20]) {
        const element = document.elementFromPoint(x, y);
        if (element && !element.closest('a, button, input, textarea, select, label, iframe, summary, [tabindex]'))
          return { x, y };
      }
    }
    return null;
  });
  if (!point) throw new Error('no point under the menu panel is free of controls');
  return point;
}

/** Both ways a visitor tries to move the page: the mouse wheel and a finger's swipe up, each over the page below the menu panel. */
async function tryToScroll(page: Page) {
  const { x, y } = await quietPoint(page);
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, 500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.synthesizeScrollGesture', { x, y, yDistance: -300, gestureSourceType: 'touch', speed: 3000 });
  await cdp.detach();
  await settled(page);
}

/** Where the header, the menu panel and each of its links are against the viewport, and whether each link is the element drawn at its centre. */
const onScreen = (page: Page) =>
  page.evaluate(() => {
    const inside = (box: DOMRect) =>
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth &&
      box.height > 0;
    const header = document.querySelector('header')!.getBoundingClientRect();
    const panel = document.querySelector('.nav-list')!.getBoundingClientRect();
    const links = [...document.querySelectorAll<HTMLElement>('.nav-list > li > a, .nav-dropdown__button')].map(
      (link) => {
        const box = link.getBoundingClientRect();
        return {
          name: link.textContent?.trim(),
          inside: inside(box),
          onTop: link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)),
        };
      },
    );
    return {
      headerTop: header.top,
      header: inside(header),
      panel: inside(panel),
      panelBelowHeader: panel.top >= header.bottom - 1,
      links,
    };
  });

describe.each(ROUTES)('the phone menu opened well down %s (375px, touch)', (route) => {
  it('shows header and menu on screen, and the page behind scrolls neither by wheel nor by touch', async () => {
    const { page, y } = await openScrolled(route);
    // Control: closed, the same attempts move the page.
    await tryToScroll(page);
    await expect.poll(() => scrollY(page), PATIENT).not.toBe(y);
    const at = await page.evaluate((back) => {
      window.scrollTo(0, back);
      return window.scrollY;
    }, y);
    expect(at).toBe(y);

    await tapInPlace(page, '.nav-toggle');
    expect(await isOpen(page)).toBe(true);
    const seen = await onScreen(page);
    expect(seen).toMatchObject({ headerTop: 0, header: true, panel: true, panelBelowHeader: true });
    expect(seen.links).toEqual(
      ['Home', 'Chi Siamo', 'Percorsi', 'Contatti'].map((name) => ({ name, inside: true, onTop: true })),
    );
    expect(await scrollY(page)).toBe(y);

    await tryToScroll(page);
    expect(await scrollY(page)).toBe(y);
    expect(await isOpen(page)).toBe(true);
  });

  it('leaves the page where it was when closed by the button, by Escape and by a link', async () => {
    const { page, y } = await openScrolled(route);
    const closings: [string, () => Promise<void>][] = [
      ['button', () => tapInPlace(page, '.nav-toggle')],
      ['Escape', () => page.keyboard.press('Escape')],
      // The island closes the menu on the click; the navigation itself is stopped after it, so the page can still be read.
      ['link', () => tapInPlace(page, '.nav-list > li:last-child > a')],
    ];
    await page.evaluate(() => addEventListener('click', (event) => event.preventDefault()));
    for (const [how, close] of closings) {
      await tapInPlace(page, '.nav-toggle');
      expect(await isOpen(page), how).toBe(true);
      await close();
      expect(await isOpen(page), how).toBe(false);
      expect(await scrollY(page), how).toBe(y);
      expect((await onScreen(page)).headerTop, how).toBe(0);
    }
    // Unlocked again: the page moves.
    await tryToScroll(page);
    await expect.poll(() => scrollY(page), PATIENT).not.toBe(y);
  });

  it('keeps the page where it was when the page behind is tapped, which closes the open dropdown but not the menu (spec §2)', async () => {
    const { page, y } = await openScrolled(route);
    await tapInPlace(page, '.nav-toggle');
    await teamButton(page).tap();
    expect(await teamButton(page).getAttribute('aria-expanded')).toBe('true');
    const { x, y: pointY } = await quietPoint(page);
    await page.touchscreen.tap(x, pointY);
    await expect.poll(() => teamButton(page).getAttribute('aria-expanded'), PATIENT).toBe('false');
    expect(await isOpen(page)).toBe(true);
    expect(await scrollY(page)).toBe(y);
    expect((await onScreen(page)).headerTop).toBe(0);
  });

  it('closes and unlocks, with the header on screen and the page not thrown to the top, when the window grows past 992px', async () => {
    const { page } = await openScrolled(route);
    await tapInPlace(page, '.nav-toggle');
    expect(await isOpen(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => toggle(page).getAttribute('aria-expanded'), PATIENT).toBe('false');
    const state = await page.evaluate(() => ({
      locked: document.documentElement.hasAttribute('data-scroll-lock'),
      overflow: [getComputedStyle(document.documentElement).overflow, getComputedStyle(document.body).overflow],
      headerTop: document.querySelector('header')!.getBoundingClientRect().top,
      scrollY: window.scrollY,
    }));
    expect(state).toMatchObject({ locked: false, overflow: ['visible', 'visible'], headerTop: 0 });
    expect(state.scrollY).toBeGreaterThan(0);
    for (const name of ['Home', 'Percorsi', 'Contatti'])
      expect(await page.getByRole('banner').getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    await page.mouse.move(640, 600);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => scrollY(page), PATIENT).toBeLessThan(state.scrollY);
  });
});

// Issue 30: the root's scroll padding counted the sticky header's own controls as hidden under it, so
// any scroll into view of one threw the page up (375px, 1,200 -> 842 -> 484). Playwright's click and
// tap scroll their target into view if needed first, as Chromium does for a focus without
// preventScroll: a Tab, the script's focus() on Escape, any focus on Safari, where a tap focuses nothing.
describe.each(ROUTES)('the menu button keeps the place on %s', (route) => {
  it.each([375, 600, 800, 992])('at %ipx: opened and closed by click, by tap, and by the keyboard', async (width) => {
    const { page, y } = await openScrolled(route, width);
    const steps: [string, () => Promise<unknown>, boolean][] = [
      ['click opens', () => toggle(page).click(), true],
      ['Tab into the menu', () => page.keyboard.press('Tab'), true],
      ['Escape', () => page.keyboard.press('Escape'), false],
      ['click opens again', () => toggle(page).click(), true],
      ['click closes', () => toggle(page).click(), false],
      ['tap opens', () => toggle(page).tap(), true],
      ['tap closes', () => toggle(page).tap(), false],
    ];
    for (const [step, act, open] of steps) {
      await act();
      expect(await isOpen(page), step).toBe(open);
      expect(await scrollY(page), step).toBe(y);
      expect((await onScreen(page)).headerTop, step).toBe(0);
    }
    // Focus went into the menu and came back to the button (the disclosure pattern), without a scroll.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('nav-toggle');
  });

  it('still at the same place when closed after the window was resized within 992px', async () => {
    const { page, y } = await openScrolled(route);
    await toggle(page).click();
    await page.setViewportSize({ ...PHONE, width: 800 });
    await settled(page);
    // Chromium keeps scrollY across a resize, menu or no menu; the close must not add a move of its own.
    expect([await isOpen(page), await scrollY(page)]).toEqual([true, y]);
    await toggle(page).click();
    expect([await isOpen(page), await scrollY(page)]).toEqual([false, y]);
    await page.setViewportSize(PHONE);
    await toggle(page).click();
    await page.keyboard.press('Escape');
    expect([await isOpen(page), await scrollY(page)]).toEqual([false, y]);
  });
});

it('still brings a link of the page out from under the sticky header when it takes focus', async () => {
  const { page } = await openScrolled('/');
  const [headerBottom, top] = await page.evaluate(() => {
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    const link = [...document.querySelectorAll<HTMLElement>('main a')].find(
      (a) => a.getBoundingClientRect().top > window.innerHeight,
    )!;
    // Scrolled so the link sits under the header, then focused as a Shift+Tab would.
    window.scrollBy(0, link.getBoundingClientRect().top - header / 2);
    link.focus();
    return [header, link.getBoundingClientRect().top];
  });
  expect(top).toBeGreaterThanOrEqual(headerBottom);
});
