// buildModel: routes for every page and professional, people by `order`, services by <nn>, bodies as HTML.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load.ts';
import { validateContent } from '../../src/content/validate.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { buildModel, markdownBodies, type SiteModel } from '../../src/model/site-model.ts';
import { resolveOptions } from '../../src/options.ts';
import { RESERVED_SLUGS } from '../../src/routes.ts';
import { WatchCache } from '../../src/watch/build-cache.ts';
import { tempDir, type FileMap } from '../helpers/files.ts';
import { projectWith } from '../helpers/fixtures.ts';
import { modelOf } from '../helpers/site-model.ts';

/** The model of a copy of the minimal fixture with `files` written over it. */
async function model(files: FileMap = {}): Promise<SiteModel> {
  return modelOf(await projectWith(files));
}

const person = (name: string, order: number, extra = '') =>
  [
    '---',
    `name: ${name}`,
    'role: Psicologa',
    `description: ${name}, psicologa.`,
    'photo: { image: images/rossi.jpg, alt: "" }',
    `order: ${order}`,
    'phone: "+39 333 000 0000"',
    'email: persona@example.com',
    'linkedin: https://www.linkedin.com/in/example',
    'registration: n. 1',
    'specialisation: [Clinica]',
    extra,
    '---',
    `Biografia di ${name}.`,
  ].join('\n');

const service = (title: string) => `---\ntitle: ${title}\nduration: 50\n---\nDescrizione di ${title}.\n`;

describe('buildModel routes', () => {
  it('has the four pages, one route per professional and the 404 page, each with its file and source', async () => {
    const { routes } = await model();
    expect(routes.map((route) => [route.kind, route.path, route.file, route.source])).toEqual([
      ['home', '/', 'index.html', 'content/home.md'],
      ['contacts', '/contatti', 'contatti.html', 'content/contatti.md'],
      ['services', '/percorsi', 'percorsi.html', 'content/percorsi.md'],
      ['privacy', '/privacy', 'privacy.html', 'content/privacy.md'],
      ['professional', '/rossi', 'rossi.html', 'content/professionals/rossi.md'],
      ['not-found', null, '404.html', 'content/site.yaml'],
    ]);
  });

  it('takes titles and descriptions from front matter, and names a professional page after the person', async () => {
    const { routes } = await model();
    expect(routes[0]).toMatchObject({ title: 'Home di prova', description: 'La home di prova.' });
    expect(routes[4]).toMatchObject({
      title: 'Maria Rossi – Psicologa',
      description: 'Maria Rossi, psicologa a Pescara.',
    });
    expect(routes[4]!.professional?.slug).toBe('rossi');
  });

  it('lists every service file as a source of the Percorsi page, where their text is rendered', async () => {
    const { routes } = await model({ 'content/services/02-lutto.md': service('Lutto') });
    const percorsi = routes.find((route) => route.kind === 'services')!;
    expect(percorsi.sources).toEqual([
      'content/percorsi.md',
      'content/services/01-colloquio.md',
      'content/services/02-lutto.md',
    ]);
    expect(routes.find((route) => route.kind === 'professional')!.sources).toEqual(['content/professionals/rossi.md']);
  });

  it('gives unlisted professionals a page of their own', async () => {
    const { routes, team, professionals } = await model({
      'content/professionals/verdi.md': person('Paola Verdi', 2, 'listed: false'),
    });
    expect(routes.map((route) => route.path)).toContain('/verdi');
    expect(professionals.map((professional) => professional.slug)).toEqual(['rossi', 'verdi']);
    expect(team.map((professional) => professional.slug)).toEqual(['rossi']);
  });
});

describe('buildModel ordering', () => {
  it('orders professionals by `order`, then by slug, whatever their file names', async () => {
    const { professionals, routes } = await model({
      'content/professionals/rossi.md': person('Maria Rossi', 3),
      'content/professionals/bianchi.md': person('Anna Bianchi', 1),
      'content/professionals/verdi.md': person('Paola Verdi', 3),
      'content/professionals/neri.md': person('Lucia Neri', 2),
    });
    expect(professionals.map((professional) => professional.slug)).toEqual(['bianchi', 'neri', 'rossi', 'verdi']);
    expect(routes.filter((route) => route.kind === 'professional').map((route) => route.path)).toEqual([
      '/bianchi',
      '/neri',
      '/rossi',
      '/verdi',
    ]);
  });

  it('orders services by their <nn> prefix as a number, not as text', async () => {
    const { services } = await model({
      'content/services/01-colloquio.md': null,
      'content/services/10-orientamento.md': service('Orientamento'),
      'content/services/2-lutto.md': service('Lutto'),
      'content/services/09-emozioni.md': service('Emozioni'),
    });
    expect(services.map((item) => [item.position, item.slug, item.title])).toEqual([
      [2, 'lutto', 'Lutto'],
      [9, 'emozioni', 'Emozioni'],
      [10, 'orientamento', 'Orientamento'],
    ]);
  });
});

describe('buildModel content', () => {
  it('renders every Markdown body to HTML', async () => {
    const built = await model();
    expect(built.home.introHtml).toBe('<p>Testo della home.</p>');
    expect(built.contacts.bodyHtml).toBe('<p>Chiamaci o scrivici.</p>');
    expect(built.servicesPage.introHtml).toBe('<p>Si comincia con un colloquio.</p>');
    expect(built.privacy.bodyHtml).toContain('<a href="mailto:maria.rossi@example.com">');
    expect(built.professionals[0]!.biographyHtml).toBe(
      '<p>Sono psicologa. Lavoro su <a href="/contatti">appuntamento</a>.</p>',
    );
    expect(built.services[0]!.descriptionHtml).toBe('<p>Un primo colloquio per conoscersi.</p>');
  });

  it('keeps the validated front matter, with defaults, beside the HTML', async () => {
    const built = await model();
    expect(built.site).toMatchObject({
      name: 'Studio Prova',
      url: 'https://prova.example.com',
      address: { country: 'IT' },
    });
    expect(built.professionals[0]).toMatchObject({
      name: 'Maria Rossi',
      path: '/rossi',
      source: 'content/professionals/rossi.md',
      listed: true,
    });
    expect(built.services[0]).toMatchObject({
      title: 'Colloquio psicologico',
      duration: 50,
      position: 1,
      source: 'content/services/01-colloquio.md',
    });
  });

  it('refuses a body that was not rendered beforehand (a bug, not a content problem)', async () => {
    const project = await projectWith();
    const { entries } = validateContent(await loadContent(path.join(project, 'content'), project));
    expect(() => buildModel(entries!, new Map())).toThrow(/not rendered beforehand/);
  });
});

describe('RESERVED_SLUGS', () => {
  it('holds the file name of every built-in route and the static/ folder, which a professional would overwrite', async () => {
    const { routes } = await model();
    const builtIn = routes
      .filter((route) => route.kind !== 'professional')
      .map((route) => route.file.replace(/\.html$/, ''));
    expect(builtIn).toEqual(['index', 'contatti', 'percorsi', 'privacy', '404']);
    for (const name of [...builtIn, 'static']) expect(RESERVED_SLUGS).toContain(name);
  });
});

describe('buildModel run again on the same entries with the memo watch lends (what a watch save does)', () => {
  it('hands back the same objects for unchanged people and services, and new ones where their name, position or HTML changed', async () => {
    const project = await projectWith({ 'content/services/02-altro.md': service('Altro') });
    const { entries } = validateContent(await loadContent(path.join(project, 'content'), project));
    const markdown = await renderMarkdownBodies(markdownBodies(entries!), await tempDir());
    const { memo } = new WatchCache(resolveOptions({}, project));
    const first = buildModel(entries!, markdown, memo);
    // Without a memo (build, check) nothing is kept: every object is made afresh.
    expect(buildModel(entries!, markdown).services[0]).not.toBe(first.services[0]);
    const again = buildModel(entries!, markdown, memo);
    expect(again.services).toHaveLength(2);
    again.services.forEach((item, index) => expect(item).toBe(first.services[index]));
    expect(again.professionals[0]).toBe(first.professionals[0]);
    expect(again.routes[4]).toBe(first.routes[4]);

    // A body rendered to other HTML (a save to its Markdown), and a service moved: those two are made again.
    const [one, two] = entries!.services;
    const edited = new Map(markdown).set(one!.body, '<p>Nuovo testo.</p>');
    const moved = buildModel({ ...entries!, services: [one!, { ...two!, position: 7 }] }, edited, memo);
    expect(moved.services.map((item) => [item.slug, item.position, item.descriptionHtml])).toEqual([
      [first.services[0]!.slug, first.services[0]!.position, '<p>Nuovo testo.</p>'],
      [first.services[1]!.slug, 7, first.services[1]!.descriptionHtml],
    ]);
    expect(moved.services[0]).not.toBe(first.services[0]);
    expect(moved.services[1]).not.toBe(first.services[1]);
    expect(moved.professionals[0]).toBe(first.professionals[0]);
    // A professional renamed on disk (same data, another file name) gets a new object and route.
    const renamed = buildModel(
      {
        ...entries!,
        professionals: [{ ...entries!.professionals[0]!, slug: 'bianchi', file: 'content/professionals/bianchi.md' }],
      },
      markdown,
      memo,
    );
    expect(renamed.professionals[0]).toMatchObject({
      slug: 'bianchi',
      path: '/bianchi',
      source: 'content/professionals/bianchi.md',
    });
    expect(renamed.routes[4]).toMatchObject({
      path: '/bianchi',
      file: 'bianchi.html',
      source: 'content/professionals/bianchi.md',
    });
  });
});
