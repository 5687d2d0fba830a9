// Hydration leaves the server HTML untouched, the entry flags scripted pages, no-JS pages stay usable.
import { beforeAll, describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import type { ProbeReport } from './helpers/probe.ts';
import { ACCORDION_PROPS, countingScript, everyIsland } from './helpers/fixtures.ts';
import { htmlDocument } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';

const session = useIslandSession();

beforeAll(() => session.harness.serve('/reviews.js', countingScript('/reviews.js'), 'text/javascript'));

describe('hydration', () => {
  it('changes nothing in the server HTML, and a fresh client render equals it attribute for attribute', async () => {
    const { page, errors, blocked } = await session.open(
      '/probe',
      htmlDocument({ body: everyIsland(session.harness.origin), script: 'probe' }),
    );
    await page.waitForFunction(() => window.__probe !== undefined);
    const report = (await page.evaluate(() => window.__probe)) as ProbeReport;
    expect(report.mutations).toEqual([]);
    expect(report.differences).toEqual({
      SiteNav: null,
      ServicesAccordion: null,
      ReviewsLoader: null,
      ContactForm: null,
      ContactsPageForm: null,
      CookieConsent: null,
    });
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('the real entry marks <html> as scripted and makes every island interactive', async () => {
    const { page, errors } = await session.open('/entry', htmlDocument({ body: everyIsland(session.harness.origin) }));
    expect(await page.locator('html').getAttribute('class')).toBe('js');
    // Each island's first effect has run: accordion collapsed, banner shown, form enabled.
    await page.getByRole('region', { name: 'Consenso ai cookie' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Consulenza e percorsi in sessuologia' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await page.getByRole('button', { name: 'Invia' }).first().isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('shows every service description, hides the banner, explains and disables the home form', async () => {
    const { page } = await session.open('/no-js', htmlDocument({ body: everyIsland(session.harness.origin) }), {
      javaScriptEnabled: false,
    });
    for (const { id } of ACCORDION_PROPS.services) {
      const panel = page.locator(`#servizio-${id}-panel`);
      expect(await panel.isVisible()).toBe(true);
      expect((await panel.boundingBox())?.height).toBeGreaterThan(20);
    }
    expect(await page.getByText('Uno spazio di ascolto senza giudizio').first().isVisible()).toBe(true);
    // The banner is in the server HTML, hidden: only the script can know whether a choice exists.
    expect(await page.locator('section.consent-banner[hidden]').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Consenso ai cookie' }).count()).toBe(0);
    expect(await page.getByText('Per inviare il modulo serve JavaScript').isVisible()).toBe(true);
    expect(await page.locator('form').first().getByRole('button', { name: 'Invia' }).isDisabled()).toBe(true);
  });

  it('hides the no-script notice once the script runs', async () => {
    const { page } = await session.open('/js-notice', htmlDocument({ body: everyIsland(session.harness.origin) }));
    expect(await page.getByText('Per inviare il modulo serve JavaScript').isHidden()).toBe(true);
  });
});

describe('profile pages', () => {
  const body =
    '<main><h1>Profilo</h1><div class="test-spacer"></div><h2 id="percorso">Percorso</h2><div class="test-spacer"></div></main>';

  it('open at the top, even on reload', async () => {
    const { page } = await session.open('/anna-rossi', htmlDocument({ body, route: 'professional' }));
    await page.evaluate(() => scrollTo(0, 2500));
    await page.reload();
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  it('keep a hash target in view', async () => {
    const { page } = await session.open('/chiara-bianchi', htmlDocument({ body, route: 'professional' }));
    await page.goto(`${session.harness.origin}/chiara-bianchi#percorso`);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(1000);
  });

  it("leave other pages to the browser's scroll restoration", async () => {
    const { page } = await session.open('/lunga', htmlDocument({ body, route: 'home' }));
    await page.evaluate(() => scrollTo(0, 2500));
    await page.reload();
    await page.waitForFunction(() => scrollY === 2500);
  });
});
