// Behaviour of the built sample site with its real stylesheet and bundle (spec §2, §4, §5, §7, §9): the
// header's collapse and dropdown, the accordion's heights, the forms' markup and payload, the timeline
// icons, the lazy reviews script and the single first-party script. Found by role and accessible name.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
// Each test opens its own context: they run side by side, most of each spent waiting for Chromium.
import { concurrentIt as it, expect } from '../helpers/concurrent.ts';
import { parse } from 'yaml';
import { disableCache } from './helpers/browser.ts';
import { consentBanner, useSampleSite } from './helpers/sample-site-session.ts';
import { settled } from './helpers/settle.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const contentDir = path.join(root, 'content');

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
/** Spec §9: the navigation collapses up to and including this width. */
const BREAKPOINT = 992;
const NAV_LINKS = ['Home', 'Percorsi', 'Contatti'] as const;
const SUCCESS = 'Messaggio inviato! Ti risponderemo al più presto.';
const EMAIL_ENDPOINT = 'https://api.emailjs.com/api/v1.0/email/send';
/** The parts of the privacy label (contract §5 wording, as the built HTML has it). */
const PRIVACY_WORDING = [
  "Dichiaro di aver letto l'informativa sulla privacy",
  'e autorizzo il trattamento dei miei dati personali ai sensi del Regolamento UE 2016/679',
];
/** Spec §2: a graduation cap for study, a briefcase for work; these are the names the icons carry. */
const TYPE_NAMES = { study: 'Formazione', work: 'Esperienza professionale' } as const;

interface SiteYaml {
  reviews: { scriptUrl: string };
  emailjs: { libVersion: string; userId: string; serviceId: string; templateId: string };
}
interface TimelineEntry {
  date: string;
  title: string;
  place?: string;
  type: keyof typeof TYPE_NAMES;
}
interface Professional {
  slug: string;
  name: string;
  order: number;
  timeline: TimelineEntry[];
}

const session = useSampleSite();
let config: SiteYaml;
let professionals: Professional[];

/** Each content/professionals/*.md, its front matter parsed with `yaml`, in the files' `order`. */
async function readProfessionals(): Promise<Professional[]> {
  const folder = path.join(contentDir, 'professionals');
  const files = (await readdir(folder)).filter((file) => file.endsWith('.md'));
  const people = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(path.join(folder, file), 'utf8');
      const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
      if (frontMatter === undefined) throw new Error(`${file} has no front matter`);
      const data = parse(frontMatter) as { name: string; order: number; timeline: TimelineEntry[] };
      return { slug: path.basename(file, '.md'), name: data.name, order: data.order, timeline: data.timeline };
    }),
  );
  return people.sort((a, b) => a.order - b.order);
}

beforeAll(async () => {
  [config, professionals] = await Promise.all([
    readFile(path.join(contentDir, 'site.yaml'), 'utf8').then((source) => parse(source) as SiteYaml),
    readProfessionals(),
  ]);
});

interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Called with the fresh page before it navigates, e.g. to listen for requests. */
  before?: (page: Page) => void | Promise<void>;
  /** Open in a context kept until the file ends (for `sharedView`) instead of one closed with the test. */
  shared?: boolean;
}

/**
 * Opens `route` of the built site in a fresh context with every non-loopback request blocked, and
 * waits for the cookie banner: it appears from an effect of the last island, so every island is hydrated.
 */
async function open(route: string, { viewport = WIDE, before, shared = false }: OpenOptions = {}) {
  const context = await (shared ? session.fileContext : session.context)({ viewport });
  const page = await context.newPage();
  await before?.(page);
  await page.goto(session.site.url + route, { waitUntil: 'load' });
  await consentBanner(page).waitFor();
  return page;
}

/**
 * `route` as `open` shows it at 1280px, loaded once for the file, with every request it made from the
 * start. Shared by the tests that read the page (the forms' markup, the timelines, the closed
 * accordion) and the one that scrolls it through and back to count its scripts: scrolling opens and
 * changes nothing those read, and a load in a context of its own cost each about 0.2 s of CPU.
 * Tests that click, type, resize or must see the page unscrolled open their own.
 */
const views = new Map<string, Promise<{ page: Page; requests: Request[] }>>();
function sharedView(route: string): Promise<{ page: Page; requests: Request[] }> {
  let view = views.get(route);
  if (!view) {
    const requests: Request[] = [];
    view = open(route, {
      shared: true,
      before: (fresh) => void fresh.on('request', (request) => requests.push(request)),
    }).then((page) => ({ page, requests }));
    views.set(route, view);
  }
  return view;
}

const main = (page: Page) => page.getByRole('main');
const nav = (page: Page) => page.getByRole('banner').getByRole('navigation');
const menuToggle = (page: Page) => nav(page).getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
const teamButton = (page: Page) =>
  nav(page).getByRole('button', { name: 'Chi Siamo', exact: true, includeHidden: true });
const navLink = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true, includeHidden: true });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Answers the banner with 'Rifiuta tutti' so it covers nothing the test clicks. */
async function dismissBanner(page: Page) {
  await consentBanner(page).getByRole('button', { name: 'Rifiuta tutti', exact: true }).click();
  await consentBanner(page).waitFor({ state: 'hidden' });
}

/** Turns the mouse wheel over the lower part of the viewport, below the open menu panel. */
async function wheel(page: Page) {
  const viewport = page.viewportSize() ?? WIDE;
  await page.mouse.move(viewport.width / 2, viewport.height - 60);
  await page.mouse.wheel(0, 600);
}

/** Scrolls to the bottom half a viewport at a time, letting intersection observers see each position. */
async function scrollThrough(page: Page) {
  for (;;) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight / 2);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atBottom) break;
  }
  await settled(page);
}

/** Whether each of Home, Percorsi and Contatti is visible. */
const navLinksVisible = (page: Page) => Promise.all(NAV_LINKS.map((name) => navLink(page, name).isVisible()));

describe(`header at the ${BREAKPOINT}px breakpoint (spec §2, §9)`, () => {
  it(`at ${BREAKPOINT}px shows 'Menu' and hides the links; opening it shows them and locks scrolling`, async () => {
    const page = await open('/', { viewport: { width: BREAKPOINT, height: 800 } });
    await dismissBanner(page);
    expect(await menuToggle(page).isVisible()).toBe(true);
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await navLinksVisible(page)).toEqual([false, false, false]);

    // Control: with the menu closed the wheel scrolls the page.
    await wheel(page);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => scrollY(page)).toBe(0);

    await menuToggle(page).click();
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await navLinksVisible(page)).toEqual([true, true, true]);
    expect(await teamButton(page).isVisible()).toBe(true);

    const before = await scrollY(page);
    await wheel(page);
    await settled(page);
    expect(await scrollY(page)).toBe(before);
  });

  it(`at ${BREAKPOINT + 1}px hides 'Menu' and shows the links`, async () => {
    const page = await open('/', { viewport: { width: BREAKPOINT, height: 800 } });
    await page.setViewportSize({ width: BREAKPOINT + 1, height: 800 });
    await expect.poll(() => menuToggle(page).isHidden()).toBe(true);
    expect(await navLinksVisible(page)).toEqual([true, true, true]);
    expect(await teamButton(page).isVisible()).toBe(true);

    const fresh = await open('/', { viewport: { width: BREAKPOINT + 1, height: 800 } });
    expect(await menuToggle(fresh).isHidden()).toBe(true);
    expect(await navLinksVisible(fresh)).toEqual([true, true, true]);
  });

  it(`closes the open menu and unlocks scrolling when resized from ${BREAKPOINT}px to 1280px`, async () => {
    const page = await open('/', { viewport: { width: BREAKPOINT, height: 800 } });
    await dismissBanner(page);
    await menuToggle(page).click();
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('true');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => menuToggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await menuToggle(page).isHidden()).toBe(true);
    expect(await navLinksVisible(page)).toEqual([true, true, true]);

    const before = await scrollY(page);
    await wheel(page);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before);

    // Back at the breakpoint the menu is still closed: the resize closed it rather than hid it.
    await page.setViewportSize({ width: BREAKPOINT, height: 800 });
    await expect.poll(() => menuToggle(page).isVisible()).toBe(true);
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await navLinksVisible(page)).toEqual([false, false, false]);
  });
});

describe("the 'Chi Siamo' dropdown (spec §2)", () => {
  it('opens on hover at 1280px, stays open while the pointer moves down onto a team link, and the link navigates', async () => {
    const page = await open('/');
    await dismissBanner(page);
    const [first] = professionals;
    if (!first) throw new Error('no professionals in content/');
    const teamLinks = professionals.map((person) => navLink(page, person.name));
    expect(await Promise.all(teamLinks.map((link) => link.isVisible()))).toEqual(professionals.map(() => false));

    await teamButton(page).hover();
    await expect.poll(() => teamButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await Promise.all(teamLinks.map((link) => link.isVisible()))).toEqual(professionals.map(() => true));

    // Straight down from the button's centre to the first link's height, crossing the gap between them.
    const from = await teamButton(page).boundingBox();
    const to = await navLink(page, first.name).boundingBox();
    if (!from || !to) throw new Error('no boxes for the dropdown');
    const x = from.x + from.width / 2;
    expect(x).toBeGreaterThan(to.x);
    expect(x).toBeLessThan(to.x + to.width);
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.move(x, to.y + to.height / 2, { steps: 25 });
    expect(await teamButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await navLink(page, first.name).isVisible()).toBe(true);

    await navLink(page, first.name).click();
    await page.waitForURL(`${session.site.url}/${first.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(first.name);
  });

  it('opens by click at 375px with the menu open, and closes on a press outside it', async () => {
    const page = await open('/', { viewport: NARROW });
    await dismissBanner(page);
    await menuToggle(page).click();
    await teamButton(page).click();
    expect(await teamButton(page).getAttribute('aria-expanded')).toBe('true');
    for (const person of professionals) expect(await navLink(page, person.name).isVisible(), person.name).toBe(true);

    // A point below the open menu panel, on nothing interactive.
    const panel = await nav(page).getByRole('list').first().boundingBox();
    if (!panel) throw new Error('no box for the menu panel');
    const point = { x: NARROW.width / 2, y: Math.round((panel.y + panel.height + NARROW.height) / 2) };
    expect(point.y).toBeGreaterThan(panel.y + panel.height);
    const target = await page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return {
        inNav: !!element?.closest('nav'),
        interactive: !!element?.closest('a, button, input, textarea, select, label, iframe'),
      };
    }, point);
    expect(target).toEqual({ inNav: false, interactive: false });

    await page.mouse.click(point.x, point.y);
    await expect.poll(() => teamButton(page).getAttribute('aria-expanded')).toBe('false');
    for (const person of professionals) expect(await navLink(page, person.name).isHidden(), person.name).toBe(true);
    expect(page.url()).toBe(`${session.site.url}/`);
  });
});

describe('the accordion on /percorsi (spec §2, §4, §9)', () => {
  const buttons = (page: Page) => main(page).getByRole('button', { includeHidden: true });
  const expandedStates = (page: Page) =>
    buttons(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-expanded')));
  const only = (index: number) => Array.from({ length: 9 }, (_, i) => (i === index ? 'true' : 'false'));
  const region = async (page: Page, index: number): Promise<Locator> => {
    const title = await buttons(page).nth(index).innerText();
    return main(page).getByRole('region', { name: title, exact: true, includeHidden: true });
  };
  /** The panel's rendered height minus its content element's (first child's) scrollHeight; 24 when fitted. */
  const extra = (panel: Locator) =>
    panel.evaluate((element) => {
      const content = element.firstElementChild;
      if (!content) throw new Error('panel without content');
      return element.getBoundingClientRect().height - content.scrollHeight;
    });
  const renderedHeight = (panel: Locator) => panel.evaluate((element) => element.getBoundingClientRect().height);
  const contentHeight = (panel: Locator) => panel.evaluate((element) => element.firstElementChild?.scrollHeight ?? 0);

  it('starts with no panel open once hydrated', async () => {
    const { page } = await sharedView('/percorsi');
    expect(await buttons(page).count()).toBe(9);
    expect(await expandedStates(page)).toEqual(only(-1));
    for (let index = 0; index < 9; index += 1) {
      const panel = await region(page, index);
      await expect.poll(() => panel.isHidden()).toBe(true);
      expect(await renderedHeight(panel)).toBe(0);
    }
  });

  it('opens one panel at a time to its content height + 24px; another closes it; the open one toggles shut', async () => {
    const page = await open('/percorsi');
    await dismissBanner(page);
    const [first, second] = [await region(page, 0), await region(page, 4)];

    await buttons(page).nth(0).click();
    expect(await expandedStates(page)).toEqual(only(0));
    await expect.poll(() => extra(first)).toBe(24);
    expect(await contentHeight(first)).toBeGreaterThan(50);
    expect(await first.isVisible()).toBe(true);

    await buttons(page).nth(4).click();
    expect(await expandedStates(page)).toEqual(only(4));
    await expect.poll(() => extra(second)).toBe(24);
    await expect.poll(() => renderedHeight(first)).toBe(0);
    await expect.poll(() => first.isHidden()).toBe(true);

    await buttons(page).nth(4).click();
    expect(await expandedStates(page)).toEqual(only(-1));
    await expect.poll(() => renderedHeight(second)).toBe(0);
    await expect.poll(() => second.isHidden()).toBe(true);
  });

  it('recomputes the open panel to content + 24px when the viewport is resized', async () => {
    const page = await open('/percorsi');
    await dismissBanner(page);
    const panel = await region(page, 1);
    await buttons(page).nth(1).click();
    await expect.poll(() => extra(panel)).toBe(24);
    const wide = await renderedHeight(panel);

    await page.setViewportSize(NARROW);
    await expect.poll(() => extra(panel)).toBe(24);
    const narrow = await renderedHeight(panel);
    expect(narrow).toBeGreaterThan(wide);

    await page.setViewportSize(WIDE);
    await expect.poll(() => extra(panel)).toBe(24);
    expect(await renderedHeight(panel)).toBe(wide);
    expect(await expandedStates(page)).toEqual(only(1));
  });
});

/** The form whose submit button is 'Invia' (a <form> without a name has no role). */
const contactForm = (page: Page) =>
  main(page)
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Invia', exact: true }) });

/** The privacy checkbox's label carries the contract wording and a link to /privacy; the box is required. */
async function expectPrivacyWording(form: Locator) {
  const checkbox = form.getByRole('checkbox', {
    name: /informativa.*autorizzo il trattamento.*Regolamento UE 2016\/679/,
  });
  expect(await checkbox.count()).toBe(1);
  expect(await checkbox.getAttribute('required')).not.toBeNull();
  const label = form.getByText(/^Dichiaro di aver letto/);
  expect(await label.count()).toBe(1);
  const text = (await label.textContent())?.replace(/\s+/g, ' ') ?? '';
  for (const part of PRIVACY_WORDING) expect(text, part).toContain(part);
  const link = label.getByRole('link', { name: /informativa sulla privacy/ });
  expect(await link.getAttribute('href')).toBe('/privacy');
}

describe('the page holds still while the islands hydrate', () => {
  it('shifts no layout on load on any route (regression: /percorsi collapsed its panels after the first paint, CLS 0.27)', async () => {
    // One page per width that goes from route to route, each load a new document as cold as in a new
    // context (cache off): a new context and page per load cost about 0.13 s of CPU more.
    for (const viewport of [WIDE, NARROW]) {
      const context = await session.context({ viewport });
      await context.addInitScript(() => {
        const record = window as unknown as { layoutShift: number };
        record.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) record.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      await disableCache(page);
      for (const route of ['/', '/contatti', '/percorsi', '/giulia-marchetti', '/chiara-de-santis', '/privacy']) {
        await page.goto(session.site.url + route, { waitUntil: 'load' });
        await consentBanner(page).waitFor();
        await settled(page);
        // Google's "good" cumulative layout shift is under 0.1.
        expect
          .soft(
            await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
            `${route} at ${viewport.width}px`,
          )
          .toBeLessThan(0.1);
      }
    }
  });

  it('opens every /percorsi panel after 3 s when the islands script never arrives', async () => {
    const context = await session.context({ viewport: WIDE });
    await context.route('**/static/js/**', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${session.site.url}/percorsi`, { waitUntil: 'load' });
    const descriptions = main(page).getByRole('region', { includeHidden: true });
    expect(await descriptions.count()).toBe(9);
    expect(await descriptions.first().isVisible()).toBe(false);
    await page.waitForFunction(
      () => [...document.querySelectorAll('main section')].every((panel) => panel.getBoundingClientRect().height > 0),
      undefined,
      { timeout: 10_000 },
    );
    for (const description of await descriptions.all()) expect(await description.isVisible()).toBe(true);
  });
});

describe('contact forms markup (spec §5)', () => {
  it.each(['/contatti', '/'])(
    'on %s: name, surname, email and message are required, phone is not; novalidate; the privacy wording',
    async (route) => {
      const { page } = await sharedView(route);
      const form = contactForm(page);
      expect(await form.count()).toBe(1);
      expect(await form.getAttribute('novalidate')).not.toBeNull();
      for (const label of ['Nome *', 'Cognome *', 'Email *', 'Messaggio *']) {
        expect(await form.getByLabel(label, { exact: true }).getAttribute('required'), label).not.toBeNull();
      }
      expect(await form.getByLabel('Telefono', { exact: true }).getAttribute('required')).toBeNull();
      await expectPrivacyWording(form);
    },
  );
});

describe('profile timelines follow their content files (spec §2)', () => {
  it('reads nine entries for the first sample professional and seven for the second', () => {
    expect(professionals.map((person) => person.timeline.length)).toEqual([9, 7]);
  });

  for (const index of [0, 1]) {
    it(`profile ${index + 1}: each entry's icon is named for its type, and the place shows only when given`, async () => {
      const person = professionals[index];
      if (!person) throw new Error(`no professional ${index}`);
      const { page } = await sharedView(`/${person.slug}`);
      const heading = main(page).getByRole('heading', {
        level: 2,
        name: 'Percorso Formativo e Professionale',
        exact: true,
      });
      const entries = heading.locator('xpath=following::*[self::ol or self::ul][1]').getByRole('listitem');
      expect(await entries.count()).toBe(person.timeline.length);

      const names = await Promise.all(
        (await entries.all()).map((entry) => entry.getByRole('img').getAttribute('aria-label')),
      );
      expect(names).toEqual(person.timeline.map((entry) => TYPE_NAMES[entry.type]));

      for (const [position, expected] of person.timeline.entries()) {
        const entry = entries.nth(position);
        expect(
          await entry.getByRole('img', { name: TYPE_NAMES[expected.type], exact: true }).count(),
          expected.title,
        ).toBe(1);
        expect(
          await entry.getByRole('heading', { name: expected.title, exact: true }).isVisible(),
          expected.title,
        ).toBe(true);
        // Date, title and, when given, the place: nothing else is written in the entry.
        const lines = (await entry.innerText())
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        if (expected.place) {
          expect(await entry.getByText(expected.place, { exact: true }).isVisible(), expected.title).toBe(true);
          expect(lines.slice(1), expected.title).toEqual([expected.title, expected.place]);
        } else {
          expect(lines.slice(1), expected.title).toEqual([expected.title]);
        }
      }
    });
  }

  it('the sample has entries both with and without a place, and of both types', () => {
    const all = professionals.flatMap((person) => person.timeline);
    expect(all.some((entry) => entry.place)).toBe(true);
    expect(all.some((entry) => !entry.place)).toBe(true);
    expect(new Set(all.map((entry) => entry.type))).toEqual(new Set(['study', 'work']));
  });
});

describe('the reviews widget script loads once, lazily (spec §2, §7)', () => {
  for (const viewport of [WIDE, NARROW]) {
    it(`at ${viewport.width}px: not on arrival, once on reaching 'Recensioni', not again on coming back`, async () => {
      const requested: string[] = [];
      const page = await open('/', {
        viewport,
        before: (fresh) => {
          fresh.on('request', (request) => {
            if (request.url() === config.reviews.scriptUrl) requested.push(request.url());
          });
        },
      });
      // Give an intersection observer a few frames to report the arrival position.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await settled(page);
      expect(await scrollY(page)).toBe(0);
      expect(requested).toEqual([]);

      const reviews = main(page).getByRole('region', { name: 'Recensioni', exact: true });
      await reviews.scrollIntoViewIfNeeded();
      await expect.poll(() => requested.length).toBe(1);

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => scrollY(page)).toBe(0);
      await settled(page);
      await reviews.scrollIntoViewIfNeeded();
      await settled(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await settled(page);
      expect(requested).toHaveLength(1);
    });
  }
});

describe('only one first-party script and no metrics (spec §7)', () => {
  const routes = ['/', '/contatti', '/percorsi', '/giulia-marchetti', '/chiara-de-santis', '/privacy', '/non-esiste'];
  const isScript = (request: Request) => request.resourceType() === 'script';
  const isLocal = (request: Request) => new URL(request.url()).origin === session.site.url;
  /** What a metrics report would look like: a beacon, a non-GET, or a URL naming metrics or vitals. */
  const looksLikeMetrics = (request: Request) =>
    request.resourceType() === 'ping' ||
    request.method() !== 'GET' ||
    /metric|vitals|analytics|beacon|telemetry|collect/i.test(request.url());

  for (const route of routes) {
    it(`${route}: a single /static/js/islands.<hash>.js, no chunks, no metrics request`, async () => {
      const { page, requests } = await sharedView(route);
      await page.waitForLoadState('networkidle');
      const scripts = requests.filter(isScript).map((request) => request.url());
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(new RegExp(`^${session.site.url}/static/js/islands\\.[0-9a-f]+\\.js$`));
      expect(
        requests
          .filter((request) => isLocal(request) && new URL(request.url()).pathname.startsWith('/static/js/'))
          .map((request) => request.url()),
      ).toEqual(scripts);

      // All the way down, half a screen at a time so every lazy load fires, and back: still one
      // first-party script, and the reviews widget's is the only other.
      await scrollThrough(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForLoadState('networkidle');
      expect(
        requests.filter((request) => isScript(request) && isLocal(request)).map((request) => request.url()),
      ).toEqual(scripts);
      const foreign = requests
        .filter((request) => isScript(request) && !isLocal(request))
        .map((request) => request.url());
      expect(foreign).toEqual(route === '/' ? [config.reviews.scriptUrl] : []);
      expect(requests.filter(looksLikeMetrics).map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    });
  }
});

describe('the home form sends the contract payload (spec §3, §4, §7, §8)', () => {
  it('posts lib_version, the ids from site.yaml and the five string fields, then shows success and resets', async () => {
    const page = await open('/');
    const posts: { body: unknown; contentType: string | undefined }[] = [];
    // The browser stops every other external request (test/browser/helpers/browser.ts); this route answers EmailJS.
    await page.route(EMAIL_ENDPOINT, (route) => {
      const cors = { 'access-control-allow-origin': '*' };
      if (route.request().method() === 'OPTIONS') {
        return route.fulfill({
          status: 204,
          headers: { ...cors, 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' },
        });
      }
      posts.push({ body: route.request().postDataJSON(), contentType: route.request().headers()['content-type'] });
      return route.fulfill({ status: 200, contentType: 'text/plain', headers: cors, body: 'OK' });
    });
    await dismissBanner(page);

    const form = contactForm(page);
    const fields = {
      'Nome *': 'Maria',
      'Cognome *': 'Rossi',
      'Email *': 'maria.rossi@example.com',
      'Messaggio *': 'Vorrei fissare un primo colloquio.',
    };
    const send = async (phone: string) => {
      for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
      await form.getByLabel('Telefono', { exact: true }).fill(phone);
      await form.getByRole('checkbox', { name: /informativa/ }).check();
      await form.getByRole('button', { name: 'Invia', exact: true }).click();
      await expect.poll(() => form.getByRole('status').innerText()).toBe(SUCCESS);
    };
    const expected = (phone: string) => ({
      lib_version: config.emailjs.libVersion,
      user_id: config.emailjs.userId,
      service_id: config.emailjs.serviceId,
      template_id: config.emailjs.templateId,
      template_params: {
        name: 'Maria',
        surname: 'Rossi',
        email: 'maria.rossi@example.com',
        phone,
        message: 'Vorrei fissare un primo colloquio.',
      },
    });

    await send('');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toStrictEqual(expected(''));
    expect(posts[0]?.contentType).toMatch(/^application\/json/);

    // Reset: every field empty and the privacy box unticked.
    for (const label of [...Object.keys(fields), 'Telefono'])
      expect(await form.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    expect(await form.getByRole('checkbox', { name: /informativa/ }).isChecked()).toBe(false);
    expect(await form.getByRole('button', { name: 'Invia', exact: true }).isEnabled()).toBe(true);

    await send('+39 333 123 4567');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toStrictEqual(expected('+39 333 123 4567'));
  });
});
