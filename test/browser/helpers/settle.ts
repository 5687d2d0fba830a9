// Waiting for what a fixed sleep used to stand for: the frames, effects, observers and requests a page still owes.
import type { Page } from 'playwright-core';

/**
 * Resolves once the page has rendered two more frames and run the tasks they queued, so whatever was
 * going to react to what happened before has: Preact's effects (run after the next frame), intersection
 * and performance observers, resize handlers, scrolling from a wheel event. A page that renders no frame
 * moves on after 100 ms, as Preact itself does.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () =>
      new Promise<void>((resolve) => {
        const next = () => setTimeout(resolve);
        const fallback = setTimeout(next, 100);
        requestAnimationFrame(() => {
          clearTimeout(fallback);
          next();
        });
      });
    await frame();
    await frame();
  });
}

/**
 * settled(), then one round trip to the page's own server: a request the page started before (a
 * beacon, a chunk, a third-party script) has reached the test's request handlers by the time the
 * answer returns. Not for tests that list every request the page makes: this adds one.
 */
export async function requestsSettled(page: Page): Promise<void> {
  await settled(page);
  await page.evaluate(() =>
    fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
      () => undefined,
      () => undefined,
    ),
  );
}
