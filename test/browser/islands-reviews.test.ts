// ReviewsLoader in Chromium: the widget script is requested once, only as the section nears the viewport.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { countingScript } from './helpers/fixtures.ts';
import { htmlDocument, island } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';
import { settled } from './helpers/settle.ts';

const session = useIslandSession();
const VIEWPORT = { width: 1280, height: 800 };

function reviewsPage(scriptUrl: string): string {
  const widget = island('ReviewsLoader', { scriptUrl, widgetClass: 'elfsight-app-test' });
  return htmlDocument({
    body: `<main><h1>Home</h1><div class="test-spacer"></div><section aria-label="Recensioni">${widget}</section><div class="test-spacer"></div></main>`,
  });
}

/** Scrolls so the widget's top edge sits `below` pixels under the bottom of the viewport. */
async function scrollWidgetBelowViewport(page: Page, below: number) {
  await page.evaluate((distance) => {
    const top = document.querySelector('.elfsight-app-test')?.getBoundingClientRect().top ?? 0;
    scrollBy(0, top - innerHeight - distance);
  }, below);
  await settled(page);
}

const loads = (page: Page, path: string) =>
  page.evaluate((key) => (window as { __loads?: Record<string, number> }).__loads?.[key] ?? 0, path);

describe('reviews widget', () => {
  it('renders the container the widget script mounts into', async () => {
    const { page } = await session.open('/container', reviewsPage('/reviews-a.js'), { viewport: VIEWPORT });
    expect(await page.locator('[data-island="ReviewsLoader"] > div').getAttribute('class')).toBe('elfsight-app-test');
  });

  it('requests nothing until the section comes within 200px of the viewport', async () => {
    session.harness.serve('/reviews-b.js', countingScript('/reviews-b.js'), 'text/javascript');
    const { page } = await session.open('/lazy', reviewsPage('/reviews-b.js'), { viewport: VIEWPORT });
    await settled(page);
    await scrollWidgetBelowViewport(page, 300);
    expect(session.harness.hits('/reviews-b.js')).toBe(0);
    expect(await page.locator('script[src="/reviews-b.js"]').count()).toBe(0);

    await scrollWidgetBelowViewport(page, 150);
    await page.waitForFunction(() => (window as { __loads?: Record<string, number> }).__loads?.['/reviews-b.js'] === 1);
    expect(session.harness.hits('/reviews-b.js')).toBe(1);
  });

  it('loads the script once, however often the section scrolls past', async () => {
    session.harness.serve('/reviews-c.js', countingScript('/reviews-c.js'), 'text/javascript');
    const { page } = await session.open('/once', reviewsPage('/reviews-c.js'), { viewport: VIEWPORT });
    for (let pass = 0; pass < 3; pass += 1) {
      await scrollWidgetBelowViewport(page, -400);
      await page.evaluate(() => scrollTo(0, 0));
      await settled(page);
    }
    expect(await loads(page, '/reviews-c.js')).toBe(1);
    expect(session.harness.hits('/reviews-c.js')).toBe(1);
    expect(await page.locator('script[src="/reviews-c.js"]').count()).toBe(1);
  });
});
