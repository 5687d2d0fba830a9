// Validated entries -> SiteModel: routes, navigation, services in <nn> order, people in `order`.
import type {
  ContactsData,
  HomeData,
  PrivacyData,
  ProfessionalData,
  ServiceData,
  ServicesPageData,
  SiteConfig,
} from '../content/schema.ts';
import type { Entries } from '../content/validate.ts';
import { BUILT_IN_PATHS, fileOfPath, NOT_FOUND_FILE, type RouteKind } from '../routes.ts';
import type { RenderedMarkdown } from './markdown.ts';
import { NO_MEMO, type Memo } from '../memo.ts';

/** A professional with the route their file name gives them and the biography as HTML. */
export interface Professional extends ProfessionalData {
  slug: string;
  path: string;
  source: string;
  biographyHtml: string;
}

/** A service with its position (its `order`, else the `<nn>-` prefix) and the description as HTML. */
export interface Service extends ServiceData {
  slug: string;
  position: number;
  source: string;
  descriptionHtml: string;
}

/** One URL of the site, the file it is written to and the content file it comes from. */
export interface Route {
  kind: RouteKind;
  /** Clean URL, e.g. `/contatti`; `null` for the 404 page, which has no URL of its own. */
  path: string | null;
  file: string;
  source: string;
  /** Every content file whose text is rendered into the page, `source` first (Percorsi adds the services). */
  sources: string[];
  title: string;
  description: string;
  /** Set for `professional` routes. */
  professional?: Professional;
}

/** Everything the templates need, derived from content only (no assets, no build state). */
export interface SiteModel {
  site: SiteConfig;
  /** Where `site` comes from (`content/site.yaml`), for messages that send the editor there. */
  siteFile: string;
  home: HomeData & { introHtml: string };
  contacts: ContactsData & { bodyHtml: string };
  servicesPage: ServicesPageData & { introHtml: string };
  privacy: PrivacyData & { bodyHtml: string };
  /** Every professional, by `order` then slug. */
  professionals: Professional[];
  /** Those shown in menu, footer and home cards (`listed: true`). */
  team: Professional[];
  services: Service[];
  routes: Route[];
}

/** Every Markdown body of the site, to be rendered (and cached) before `buildModel`. */
export function markdownBodies(entries: Entries): string[] {
  return [
    entries.home,
    entries.contacts,
    entries.servicesPage,
    entries.privacy,
    ...entries.professionals,
    ...entries.services,
  ].map((entry) => entry.body);
}

/**
 * Turns validated entries, with their bodies rendered to HTML, into the model the templates render.
 * `watch` runs it on every save and lends its memo: validation hands back the same `data` object for a
 * file that did not change (src/content/validate.ts), so a person or service whose data, file name and
 * HTML are unchanged gets back the object of the last build, and comparing models
 * (src/watch/page-cache.ts) stops at identity for all but the file a save changed. Model objects are
 * never mutated.
 */
export function buildModel(entries: Entries, markdown: RenderedMarkdown, memo: Memo = NO_MEMO): SiteModel {
  const htmlOf = (body: string): string => {
    const html = markdown.get(body);
    if (html === undefined)
      throw new Error('buildModel: a Markdown body was not rendered beforehand (see markdownBodies)');
    return html;
  };
  const professionals = entries.professionals
    .map((entry): Professional => {
      const html = htmlOf(entry.body);
      return memo.keep(
        'professional',
        entry.data,
        () => ({ ...entry.data, slug: entry.slug, path: `/${entry.slug}`, source: entry.file, biographyHtml: html }),
        (made: Professional) => made.slug === entry.slug && made.source === entry.file && made.biographyHtml === html,
      );
    })
    .sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : 1));

  const services = entries.services
    .map((entry): Service => {
      const html = htmlOf(entry.body);
      // Its `order` when the web editor set one (she reordered the services), else its file's prefix.
      const position = entry.data.order ?? entry.position;
      return memo.keep(
        'service',
        entry.data,
        () => ({ ...entry.data, slug: entry.slug, position, source: entry.file, descriptionHtml: html }),
        (made: Service) =>
          made.slug === entry.slug &&
          made.position === position &&
          made.source === entry.file &&
          made.descriptionHtml === html,
      );
    })
    .sort((a, b) => a.position - b.position || (a.slug < b.slug ? -1 : 1));

  const { home, contacts, servicesPage, privacy } = entries;
  const page = (
    kind: keyof typeof BUILT_IN_PATHS,
    entry: { file: string; data: { title: string; description: string } },
    more: string[] = [],
  ): Route => ({
    kind,
    path: BUILT_IN_PATHS[kind],
    file: fileOfPath(BUILT_IN_PATHS[kind]),
    source: entry.file,
    sources: [entry.file, ...more],
    title: entry.data.title,
    description: entry.data.description,
  });

  const routes: Route[] = [
    page('home', home),
    page('contacts', contacts),
    page(
      'services',
      servicesPage,
      services.map((service) => service.source),
    ),
    page('privacy', privacy),
    // A professional's route depends on the professional object alone.
    ...professionals.map((professional) =>
      memo.keep('route', professional, (): Route => ({
        kind: 'professional',
        path: professional.path,
        file: fileOfPath(professional.path),
        source: professional.source,
        sources: [professional.source],
        title: `${professional.name} – ${professional.role}`,
        description: professional.description,
        professional,
      })),
    ),
    {
      kind: 'not-found',
      path: null,
      file: NOT_FOUND_FILE,
      source: entries.site.file,
      sources: [entries.site.file],
      title: 'Pagina non trovata',
      description: entries.site.data.description,
    },
  ];

  return {
    site: entries.site.data,
    siteFile: entries.site.file,
    home: { ...home.data, introHtml: htmlOf(home.body) },
    contacts: { ...contacts.data, bodyHtml: htmlOf(contacts.body) },
    servicesPage: { ...servicesPage.data, introHtml: htmlOf(servicesPage.body) },
    privacy: { ...privacy.data, bodyHtml: htmlOf(privacy.body) },
    professionals,
    team: professionals.filter((professional) => professional.listed),
    services,
    routes,
  };
}
