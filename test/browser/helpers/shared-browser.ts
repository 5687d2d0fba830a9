// This process's Chromium: launched for the first browser file the process runs and kept for the next ones, each file seeing only what it opened.
import type { Browser, BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser } from './browser.ts';

/**
 * One Chromium per test process, reached through its own pipe. The integration and browser files
 * share three processes that keep their modules from file to file (vitest.config.ts), so this
 * promise outlives the file that made it: three launches a run. The run's one Chromium behind
 * `launchServer`, before, put a WebSocket hop through vitest's main process in every message:
 * about 15 ms of CPU more per page load and 0.8 ms per locator call.
 */
let launched: Promise<Browser> | undefined;

/**
 * This process's Chromium as a test file sees it: the contexts and pages the file opens are its own,
 * and `close()` closes those, leaving the browser to the files after it. Playwright closes the
 * browser itself when the process ends.
 */
export async function connectBrowser(): Promise<Browser> {
  // Found once for the run by test/setup/chromium.ts.
  launched ??= launchBrowser(inject('chromiumExecutable'));
  const browser = await launched;
  const opened = new Set<BrowserContext>();
  const own = <T extends BrowserContext>(context: T): T => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const view: Partial<Browser> = {
    newContext: async (options) => own(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      own(page.context());
      return page;
    },
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(view, property)) return view[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
