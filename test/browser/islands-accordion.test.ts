// ServicesAccordion in Chromium: one panel at a time, height = content + 24px, resize, reduced motion.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { ACCORDION_PROPS, accordionIsland } from './helpers/fixtures.ts';
import { htmlDocument } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';

const session = useIslandSession();
const [first, second] = ACCORDION_PROPS.services.map((service) => service.id) as [string, string, string];
const body = `<main><h1>Percorsi</h1>${accordionIsland()}</main>`;
const open = (options = {}) => session.open('/percorsi', htmlDocument({ body, route: 'services' }), options);

const button = (page: Page, id: string) => page.locator(`#servizio-${id}-button`);
const expandedIds = (page: Page) =>
  page
    .locator('.accordion__button[aria-expanded="true"]')
    .evaluateAll((nodes) => nodes.map((node) => node.id.replace(/^servizio-|-button$/g, '')));
/** The panel's inline height and what it should be: its content's height plus 24px. */
const heights = (page: Page, id: string) =>
  page.locator(`#servizio-${id}-panel`).evaluate((panel: HTMLElement) => ({
    inline: panel.style.height,
    content: panel.firstElementChild?.clientHeight ?? 0,
  }));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('services accordion', () => {
  it('starts collapsed once hydrated, wired up as buttons controlling labelled regions', async () => {
    const { page } = await open();
    expect(await expandedIds(page)).toEqual([]);
    for (const { id, title } of ACCORDION_PROPS.services) {
      expect(await button(page, id).getAttribute('aria-controls')).toBe(`servizio-${id}-panel`);
      const region = page.getByRole('region', { name: title, includeHidden: true });
      expect(await region.getAttribute('id')).toBe(`servizio-${id}-panel`);
      expect((await heights(page, id)).inline).toBe('0px');
      expect(await region.isHidden()).toBe(true);
    }
  });

  it('opens one panel at a time to its content height + 24px; clicking the open one closes it', async () => {
    const { page } = await open();
    await button(page, first).click();
    expect(await expandedIds(page)).toEqual([first]);
    const opened = await heights(page, first);
    expect(opened.inline).toBe(`${opened.content + 24}px`);
    expect(opened.content).toBeGreaterThan(50);
    await page.getByRole('region', { name: ACCORDION_PROPS.services[0]?.title }).waitFor({ state: 'visible' });

    await button(page, second).click();
    expect(await expandedIds(page)).toEqual([second]);
    expect((await heights(page, first)).inline).toBe('0px');
    const secondHeights = await heights(page, second);
    expect(secondHeights.inline).toBe(`${secondHeights.content + 24}px`);

    await button(page, second).click();
    expect(await expandedIds(page)).toEqual([]);
    expect((await heights(page, second)).inline).toBe('0px');
  });

  it('recalculates the open panel height when the window is resized', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 800 } });
    await button(page, first).click();
    const wide = await heights(page, first);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForFunction((id) => {
      const panel = document.getElementById(`servizio-${id}-panel`);
      return panel !== null && panel.style.height === `${(panel.firstElementChild?.clientHeight ?? 0) + 24}px`;
    }, first);
    const narrow = await heights(page, first);
    expect(narrow.content).toBeGreaterThan(wide.content);
    expect(narrow.inline).toBe(`${narrow.content + 24}px`);
  });

  it('animates the height, except with prefers-reduced-motion', async () => {
    const duration = (page: Page) =>
      page.locator(`#servizio-${first}-panel`).evaluate((panel) => getComputedStyle(panel).transitionDuration);
    const animated = await open();
    expect(await duration(animated.page)).toContain('0.3s');
    const reduced = await open({ reducedMotion: 'reduce' });
    expect(await duration(reduced.page)).toBe('0s');
  });

  it('works from the keyboard, and collapsed panels are out of the tab order', async () => {
    const { page } = await open({ reducedMotion: 'reduce' });
    await button(page, first).focus();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe(ACCORDION_PROPS.services[1]?.title);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await expandedIds(page)).toEqual([first]);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('primo colloquio');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    expect(await expandedIds(page)).toEqual([]);
  });
});
