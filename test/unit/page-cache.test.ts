// PageCache: watch mode renders a page again only when its route, the assets, the templates or a part of the model it read changed.
import { createElement, type ComponentType } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PageCache } from '../../src/watch/page-cache.ts';
import type { SiteModel } from '../../src/model/site-model.ts';
import type { AssetManifest, PageProps, PageTemplates } from '../../src/render/page-props.ts';
import { renderPage, renderPages } from '../../src/render/render-pages.ts';
import { fixture } from '../helpers/fixtures.ts';
import { modelOf } from '../helpers/site-model.ts';

/** Output files of the minimal fixture, in route order. */
const FILES = ['index.html', 'contatti.html', 'percorsi.html', 'privacy.html', 'rossi.html', '404.html'];

let model: SiteModel;

beforeAll(async () => {
  const project = fixture('minimal');
  model = await modelOf(project);
});

/** Output files rendered by the templates, in order, since the last reset. */
let rendered: string[] = [];

beforeEach(() => {
  rendered = [];
});

/** A template that shows the route's title and what `read` takes from the model, and logs each render. */
function template(read: (model: SiteModel, props: PageProps) => string): ComponentType<PageProps> {
  return (props) => {
    rendered.push(props.route.file);
    return createElement(
      'main',
      null,
      createElement('h1', null, props.route.title),
      createElement('p', null, read(props.model, props)),
    );
  };
}

/** One template per kind, each reading a different part of the model; the 404 page lists the model's keys. */
function templates(overrides: Partial<PageTemplates> = {}): PageTemplates {
  return {
    home: template((site) => `${site.home.heading} / ${site.team.map((person) => person.name).join(', ')}`),
    contacts: template((site) => `${site.contacts.heading} / ${site.site.name}`),
    services: template((site) => site.services.map((service) => service.title).join(', ')),
    privacy: template((site) => site.privacy.heading),
    // Reads only its route (which carries the professional).
    professional: template((_, props) => props.route.professional?.name ?? ''),
    'not-found': template((site) => Object.keys(site).join(' ')),
    ...overrides,
  };
}

const ASSETS: AssetManifest = {
  script: '/static/js/islands.0123456789.js',
  stylesheet: '/static/css/site.0123456789.css',
  images: {},
};

/** A deep copy of the model with `change` applied: equal data in new objects, as the next build makes. */
function edited(change: (copy: SiteModel) => void = () => undefined): SiteModel {
  const copy = structuredClone(model);
  change(copy);
  return copy;
}

const htmlOf = (pages: { route: { file: string }; html: string }[], file: string) =>
  pages.find((page) => page.route.file === file)?.html ?? '';

describe('PageCache.render', () => {
  it('renders every page the first time, exactly as renderPages does', async () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    const pages = cache.render(model, ASSETS, pageTemplates, renderPage);
    expect(pages.map((page) => page.route.file)).toEqual(FILES);
    expect(cache.rendered).toBe(6);
    const expected = await renderPages(model, ASSETS, { pages: pageTemplates });
    expect(pages.map((page) => page.html)).toEqual(expected.map((page) => page.html));
  });

  it('reuses the very same pages for an equal model in new objects, except a page that listed the model', () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    const first = cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    const second = cache.render(edited(), { ...ASSETS, images: {} }, pageTemplates, renderPage);
    expect(rendered).toEqual(['404.html']);
    expect(cache.rendered).toBe(1);
    second.slice(0, 5).forEach((page, index) => expect(page).toBe(first[index]));
  });

  it.each([
    [
      'a service',
      (copy: SiteModel) => (copy.services[0]!.title = 'Colloquio modificato'),
      ['percorsi.html'],
      'Colloquio modificato',
    ],
    ['the site name', (copy: SiteModel) => (copy.site.name = 'Studio Nuovo'), ['contatti.html'], 'Studio Nuovo'],
    [
      'the home heading',
      (copy: SiteModel) => (copy.home.heading = 'Benvenuti nello studio'),
      ['index.html'],
      'Benvenuti nello studio',
    ],
    ['a part no template reads', (copy: SiteModel) => (copy.servicesPage.heading = 'Altro'), [], ''],
  ])('after a change to %s, renders again only the pages that read it', (_, change, files, shown) => {
    const cache = new PageCache();
    const pageTemplates = templates();
    cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    const pages = cache.render(edited(change), ASSETS, pageTemplates, renderPage);
    expect(rendered).toEqual([...files, '404.html']);
    for (const file of files) expect(htmlOf(pages, file)).toContain(shown);
  });

  it("renders a professional's page again through its route, and the pages that read the team", () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    const pages = cache.render(
      edited((copy) => {
        for (const person of [copy.professionals[0]!, copy.team[0]!, copy.routes[4]!.professional!])
          person.name = 'Maria Rossi Bianchi';
      }),
      ASSETS,
      pageTemplates,
      renderPage,
    );
    expect(rendered).toEqual(['index.html', 'rossi.html', '404.html']);
    expect(htmlOf(pages, 'rossi.html')).toContain('Maria Rossi Bianchi');
  });

  it('renders a page again when only its route changed', () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    const pages = cache.render(
      edited((copy) => (copy.routes[3]!.title = 'Informativa')),
      ASSETS,
      pageTemplates,
      renderPage,
    );
    expect(rendered).toEqual(['privacy.html', '404.html']);
    expect(htmlOf(pages, 'privacy.html')).toContain('<h1>Informativa</h1>');
  });

  it('follows the routes: a new one is rendered, a removed one is gone', () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    const withNew = edited((copy) =>
      copy.routes.splice(4, 0, { ...copy.routes[3]!, file: 'note.html', path: '/note' }),
    );
    expect(cache.render(withNew, ASSETS, pageTemplates, renderPage).map((page) => page.route.file)).toEqual([
      ...FILES.slice(0, 4),
      'note.html',
      ...FILES.slice(4),
    ]);
    expect(rendered).toEqual(['note.html', '404.html']);
    const withoutPrivacy = edited((copy) => copy.routes.splice(3, 1));
    expect(
      cache.render(withoutPrivacy, ASSETS, pageTemplates, renderPage).map((page) => page.route.file),
    ).not.toContain('privacy.html');
  });

  it('renders every page again when the templates, the dev script or the assets change', () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    cache.render(model, ASSETS, pageTemplates, renderPage);

    const newTemplates = { ...pageTemplates };
    cache.render(model, ASSETS, newTemplates, renderPage);
    expect(cache.rendered).toBe(6);

    cache.render(model, { ...ASSETS, script: '/static/js/islands.abcdefabcd.js' }, newTemplates, renderPage);
    expect(cache.rendered).toBe(6);
  });

  it('counts data with the same entries in another key order, or that is not plain, as changed', () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    // A template may list an object's entries, so their order is part of what it shows.
    cache.render(
      edited((copy) => (copy.home = Object.fromEntries(Object.entries(copy.home).reverse()) as SiteModel['home'])),
      ASSETS,
      pageTemplates,
      renderPage,
    );
    expect(rendered).toEqual(['index.html', '404.html']);

    // The privacy page shows the date: a page is compared on what it reads, so it must read it.
    const datedTemplates = templates({
      privacy: template((site) => `${site.privacy.heading} ${String(Reflect.get(site.privacy, 'seen'))}`),
    });
    cache.render(model, ASSETS, datedTemplates, renderPage);
    const withDate = (copy: SiteModel) => Object.assign(copy.privacy, { seen: new Date(0) });
    cache.render(edited(withDate), ASSETS, datedTemplates, renderPage);
    rendered = [];
    // Two equal dates are still not plain data: never trusted to be unchanged.
    cache.render(edited(withDate), ASSETS, datedTemplates, renderPage);
    expect(rendered).toEqual(['privacy.html', '404.html']);
  });

  describe('inside a plain-object section (home, site, contacts…)', () => {
    /** Every page shows the hero image, as Head does for og:image; the home page also shows the introduction. */
    const heroTemplates = (): PageTemplates => {
      const withHero = (read: (model: SiteModel, props: PageProps) => string) =>
        template((site, props) => `${site.home.hero.image} ${read(site, props)}`);
      return {
        home: withHero((site) => site.home.introHtml),
        contacts: withHero((site) => site.contacts.heading),
        services: withHero((site) => site.servicesPage.heading),
        privacy: withHero((site) => site.privacy.heading),
        professional: withHero((_, props) => props.route.professional?.name ?? ''),
        'not-found': withHero(() => ''),
      };
    };

    it('renders again only the pages that read the changed field: the home introduction, the home page alone', () => {
      const cache = new PageCache();
      const pageTemplates = heroTemplates();
      cache.render(model, ASSETS, pageTemplates, renderPage);
      rendered = [];
      const pages = cache.render(
        edited((copy) => (copy.home.introHtml = 'Una nuova introduzione.')),
        ASSETS,
        pageTemplates,
        renderPage,
      );
      expect(rendered).toEqual(['index.html']);
      expect(htmlOf(pages, 'index.html')).toContain('Una nuova introduzione.');
    });

    it('renders every page again when the hero image, which every page reads, changes', () => {
      const cache = new PageCache();
      const pageTemplates = heroTemplates();
      cache.render(model, ASSETS, pageTemplates, renderPage);
      rendered = [];
      const pages = cache.render(
        edited((copy) => (copy.home.hero.image = 'images/altra.jpg')),
        ASSETS,
        pageTemplates,
        renderPage,
      );
      expect(rendered).toEqual(FILES);
      for (const file of FILES) expect(htmlOf(pages, file)).toContain('images/altra.jpg');
    });

    it('compares what lies below a field whole: the hero alt text re-renders every page that read the hero', () => {
      const cache = new PageCache();
      const pageTemplates = heroTemplates();
      cache.render(model, ASSETS, pageTemplates, renderPage);
      rendered = [];
      cache.render(
        edited((copy) => (copy.home.hero.alt = 'Uno studio luminoso')),
        ASSETS,
        pageTemplates,
        renderPage,
      );
      expect(rendered).toEqual(FILES);
    });

    it('counts a section whose keys were added, removed or reordered as changed for every page that read it', () => {
      const cache = new PageCache();
      const pageTemplates = heroTemplates();
      cache.render(model, ASSETS, pageTemplates, renderPage);
      rendered = [];
      cache.render(
        edited((copy) => Object.assign(copy.contacts, { extra: 'nuovo' })),
        ASSETS,
        pageTemplates,
        renderPage,
      );
      expect(rendered).toEqual(['contatti.html']);
    });

    it('counts listing the keys of a section as reading all of it, and `in` as reading that key', () => {
      const cache = new PageCache();
      const pageTemplates = {
        ...heroTemplates(),
        privacy: template((site) => Object.entries(site.servicesPage).length.toString()),
        'not-found': template((site) => ('subtitle' in site.contacts ? 'with subtitle' : 'without')),
      };
      cache.render(model, ASSETS, pageTemplates, renderPage);
      rendered = [];
      // A value only, which the services page does not show; the privacy page listed the whole section.
      const callout = (copy: SiteModel) => (copy.servicesPage.callout = 'Un nuovo invito');
      cache.render(edited(callout), ASSETS, pageTemplates, renderPage);
      expect(rendered).toEqual(['privacy.html']);
      rendered = [];
      cache.render(
        edited((copy) => (callout(copy), (copy.contacts.subtitle = 'Un sottotitolo nuovo'))),
        ASSETS,
        pageTemplates,
        renderPage,
      );
      expect(rendered).toEqual(['404.html']);
    });

    it('hands each page one proxy per section that shows the real data', () => {
      const cache = new PageCache();
      const seen: unknown[] = [];
      cache.render(
        model,
        ASSETS,
        templates({ privacy: template((site) => (seen.push(site.home, site.home), '')) }),
        renderPage,
      );
      expect(seen[0]).toBe(seen[1]);
      expect(seen[0]).toEqual(model.home);
      expect(JSON.stringify(seen[0])).toBe(JSON.stringify(model.home));
    });
  });

  it('records reads made with `in` as well as property reads', () => {
    const cache = new PageCache();
    const pageTemplates = templates({ privacy: template((site) => ('team' in site ? 'with team' : 'without team')) });
    cache.render(model, ASSETS, pageTemplates, renderPage);
    rendered = [];
    cache.render(
      edited((copy) => copy.team.pop()),
      ASSETS,
      pageTemplates,
      renderPage,
    );
    expect(rendered).toEqual(['index.html', 'privacy.html', '404.html']);
  });

  it('keeps the last good state when a template throws, so the next render is neither stale nor redone', () => {
    const cache = new PageCache();
    const pageTemplates = templates();
    const first = cache.render(model, ASSETS, pageTemplates, renderPage);
    const broken = templates({
      services: () => {
        throw new Error('template bug');
      },
    });
    expect(() =>
      cache.render(
        edited((copy) => (copy.services[0]!.title = 'Mai mostrato')),
        ASSETS,
        broken,
        renderPage,
      ),
    ).toThrow('template bug');
    expect(cache.rendered).toBe(6);

    rendered = [];
    const again = cache.render(edited(), ASSETS, pageTemplates, renderPage);
    expect(rendered).toEqual(['404.html']);
    expect(again[2]).toBe(first[2]);

    rendered = [];
    const changed = cache.render(
      edited((copy) => (copy.services[0]!.title = 'Ora mostrato')),
      ASSETS,
      pageTemplates,
      renderPage,
    );
    expect(rendered).toEqual(['percorsi.html', '404.html']);
    expect(htmlOf(changed, 'percorsi.html')).toContain('Ora mostrato');
  });

  it('gives each page the real model: the read tracking is invisible to templates', () => {
    const cache = new PageCache();
    const seen: unknown[] = [];
    const pageTemplates = templates({
      privacy: template((site) => (seen.push(site.professionals, site.services.length), '')),
    });
    cache.render(model, ASSETS, pageTemplates, renderPage);
    expect(seen).toEqual([model.professionals, model.services.length]);
    expect(seen[0]).toBe(model.professionals);
  });
});
