import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsConfig, newServicePrefix, siteBackend } from '../../src/cms/config.ts';
import { numericFieldsByCollection } from '../../src/cms/numeric-fields.ts';
import { cmsField, metaOf, type CmsField } from '../../src/cms/fields.ts';
import {
  contactsSchema,
  homeSchema,
  privacySchema,
  professionalSchema,
  serviceSchema,
  servicesPageSchema,
  siteSchema,
} from '../../src/content/schema.ts';

const SCHEMAS = {
  site: siteSchema,
  home: homeSchema,
  contatti: contactsSchema,
  percorsi: servicesPageSchema,
  privacy: privacySchema,
  professionals: professionalSchema,
  services: serviceSchema,
};

function unwrap(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
    ? unwrap(schema.unwrap() as z.ZodType)
    : schema;
}

/** Every field path of a schema, nested objects and list items included (`timeline[].date`). */
function schemaPaths(schema: z.ZodObject, prefix = ''): { path: string; schema: z.ZodType }[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const inner = unwrap(field);
    const element = inner instanceof z.ZodArray ? unwrap(inner.element as z.ZodType) : undefined;
    if (inner instanceof z.ZodObject) return [{ path, schema: field }, ...schemaPaths(inner, `${path}.`)];
    if (element instanceof z.ZodObject) return [{ path, schema: field }, ...schemaPaths(element, `${path}[].`)];
    return [{ path, schema: field }];
  });
}

function configPaths(fields: CmsField[], prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    if (field.fields) return [path, ...configPaths(field.fields, field.widget === 'list' ? `${path}[].` : `${path}.`)];
    return [path];
  });
}

const config = cmsConfig({ name: 'github', repo: 'studio-pss/sito', branch: 'main' }, '/repo/content', '/repo') as {
  media_folder: string;
  public_folder: string;
  collections: {
    name: string;
    folder?: string;
    slug?: string;
    fields?: CmsField[];
    files?: { name: string; file: string; fields: CmsField[] }[];
  }[];
};
const collection = (name: string) => config.collections.find((item) => item.name === name)!;
const fieldsOf = (name: string): CmsField[] =>
  collection(name)?.fields ??
  config.collections.flatMap((item) => item.files ?? []).find((file) => file.name === name.replace('.yaml', ''))!
    .fields;
const field = (fields: CmsField[], dotted: string): CmsField =>
  dotted
    .split('.')
    .reduce<CmsField | undefined>(
      (found, name) => (found ? found.fields : fields)?.find((item) => item.name === name),
      undefined,
    )!;

describe('the labels beside the schemas', () => {
  it.each(Object.entries(SCHEMAS))('every field of %s has an Italian label and hint', (_name, schema) => {
    for (const { path, schema: fieldSchema } of schemaPaths(schema)) {
      const meta = metaOf(fieldSchema);
      expect(meta.label, path).toMatch(/\S/);
      expect(meta.hint, path).toMatch(/\S/);
    }
  });

  it('a field without them cannot be turned into an editor field', () => {
    expect(() => cmsField('nuovo', z.string())).toThrow('schema field "nuovo" has no Italian label and hint');
  });
});

describe('cmsConfig', () => {
  it.each(Object.keys(SCHEMAS))(
    'lists every field of %s and nothing else (plus the Markdown body of .md files)',
    (name) => {
      const schema = SCHEMAS[name as keyof typeof SCHEMAS];
      // A service's `order` is Sveltia's own field when reordering is on: it writes it, she never types it.
      const expected = schemaPaths(schema)
        .map(({ path }) => path)
        .filter((path) => !(name === 'services' && path === 'order'));
      const body = name === 'site' ? [] : ['body'];
      expect(configPaths(fieldsOf(name === 'site' ? 'site' : name))).toEqual([...expected, ...body]);
    },
  );

  it('writes the files where the loader reads them, images into content/images as images/…', () => {
    expect(collection('services').folder).toBe('content/services');
    expect(collection('professionals').folder).toBe('content/professionals');
    const files = collection('pages').files!.map((file) => file.file);
    expect(files).toEqual(['content/home.md', 'content/contatti.md', 'content/percorsi.md', 'content/privacy.md']);
    expect(collection('settings').files![0]!.file).toBe('content/site.yaml');
    expect(config.media_folder).toBe('content/images');
    expect(config.public_folder).toBe('images');
  });

  it('names a new service with the <nn>- prefix the loader requires, and a professional by name', () => {
    expect(collection('services').slug).toBe('01-{{slug}}');
    expect('01-mindfulness.md').toMatch(/^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.(?:md|markdown)$/);
    expect(collection('professionals').slug).toBe('{{slug}}');
  });

  // Issue 31: a new service was named 99-…, whatever the services there were.
  it('numbers a new service after the last one, by its order or else its prefix', () => {
    const services = (positions: [number, number?][]) =>
      positions.map(([position, order]) => ({ position, data: order === undefined ? {} : { order } }));
    const slug = (list: ReturnType<typeof services>) =>
      (
        cmsConfig({ name: 'github', repo: 'studio-pss/sito', branch: 'main' }, '/repo/content', '/repo', list)
          .collections as { name: string; slug?: string }[]
      ).find(({ name }) => name === 'services')!.slug;
    expect(slug(services([[1], [2], [9]]))).toBe('10-{{slug}}');
    expect(
      slug(
        services([
          [1, 12],
          [2, 3],
        ]),
      ),
    ).toBe('13-{{slug}}');
    expect(newServicePrefix([])).toBe('01');
  });

  it('picks the widget by type', () => {
    const professional = fieldsOf('professionals');
    expect(field(professional, 'name').widget).toBe('string');
    expect(field(professional, 'order')).toMatchObject({ widget: 'number', value_type: 'int' });
    expect(field(professional, 'listed')).toMatchObject({ widget: 'boolean', default: true, required: false });
    expect(field(professional, 'photo.image')).toMatchObject({ widget: 'image', choose_url: false });
    expect(field(professional, 'specialisation')).toMatchObject({
      widget: 'list',
      min: 1,
      field: { widget: 'string', name: 'item' },
    });
    expect(field(professional, 'timeline')).toMatchObject({ widget: 'list', required: false });
    expect(field(professional, 'timeline.type')).toMatchObject({
      widget: 'select',
      options: [
        { label: 'Formazione', value: 'study' },
        { label: 'Lavoro', value: 'work' },
      ],
    });
    expect(field(professional, 'body').widget).toBe('markdown');
    expect(field(fieldsOf('site'), 'copyrightYear')).toMatchObject({ widget: 'number', min: 2000, max: 2100 });
    expect(field(fieldsOf('site'), 'address.country')).toMatchObject({ default: 'IT', required: false });
  });

  it('marks as required exactly what the schema requires', () => {
    const professional = fieldsOf('professionals');
    expect(field(professional, 'name').required).toBeUndefined();
    expect(field(professional, 'vat').required).toBe(false);
    expect(field(professional, 'photo.alt').required).toBe(false);
    expect(field(professional, 'timeline.place').required).toBe(false);
    expect(field(fieldsOf('services'), 'duration').required).toBe(false);
  });

  // Each pattern must let through what the schema accepts and stop what it refuses, so the
  // editor never refuses a good value nor saves one the build rejects for its shape.
  it.each([
    ['services', 'duration', ['50', '90', 'caso per caso'], ['50 min', 'Caso per caso', 'cinquanta']],
    ['professionals', 'vat', ['01234567897'], ['0123456789', 'IT01234567897']],
    ['professionals', 'phone', ['+39 333 000 0000', '085 123456'], ['333-000', 'chiamami']],
    ['professionals', 'linkedin', ['https://www.linkedin.com/in/x'], ['www.linkedin.com/in/x']],
    ['professionals', 'email', ['nome@esempio.it'], ['nome.esempio.it']],
    ['professionals', 'timeline.date', ['2019', '2019-03', '2019-03-15'], ['03/2019', '2019-3']],
    ['professionals', 'timeline.end', ['2020', 'in corso'], ['oggi']],
    ['site', 'cms.repo', ['studio-pss/sito'], ['https://github.com/studio-pss/sito']],
  ])('%s %s: the pattern matches the schema', (name, dotted, good, bad) => {
    const { pattern } = field(fieldsOf(name), dotted);
    expect(pattern?.[1]).toMatch(/^Formato non valido\. \S/);
    const regex = new RegExp(pattern![0]);
    for (const value of good) expect(regex.test(value), value).toBe(true);
    for (const value of bad) expect(regex.test(value), value).toBe(false);
  });

  it('offers in the text toolbar only what the pages render, headings from the level the page leaves to the text', () => {
    expect(field(fieldsOf('services'), 'body')).toMatchObject({
      buttons: ['bold', 'italic', 'link', 'heading-three', 'bulleted-list', 'numbered-list'],
      editor_components: [],
      modes: ['rich_text'],
      use_markdown_shortcuts: false,
    });
    for (const name of ['professionals', 'home', 'contatti', 'percorsi', 'privacy']) {
      expect(field(fieldsOf(name), 'body').buttons, name).toEqual([
        'bold',
        'italic',
        'link',
        'heading-two',
        'heading-three',
        'bulleted-list',
        'numbered-list',
      ]);
    }
  });

  it('lets her reorder the services (Sveltia writes `order`), lists them in the site’s order, and reads files through our formats', () => {
    const services = collection('services') as Record<string, unknown>;
    expect(services['reorder']).toBe(true);
    expect(services['format']).toBe('brochure-service-frontmatter');
    expect(collection('professionals') as Record<string, unknown>).toMatchObject({
      format: 'brochure-professional-frontmatter',
    });
    expect(collection('settings').files![0]).toMatchObject({ format: 'brochure-site-yaml' });
    expect(collection('pages').files!.map((file) => (file as { format?: string }).format)).toEqual([
      'brochure-home-frontmatter',
      'brochure-contacts-frontmatter',
      'brochure-services-page-frontmatter',
      'brochure-privacy-frontmatter',
    ]);
  });

  it('has the editor save digits as a number where the schema takes a number or a word', () => {
    expect(numericFieldsByCollection()).toEqual({ services: ['duration'] });
  });
});

describe('siteBackend', () => {
  const site = siteSchema.parse({
    name: 'S',
    subtitle: 'S',
    url: 'https://s.example',
    description: 'S',
    logo: 'images/logo.svg',
    address: { street: 'Via 1', postalCode: '65122', city: 'Pescara', province: 'PE' },
    social: { label: 'I', url: 'https://i.example' },
    map: { embedUrl: 'https://m.example', link: 'https://m.example', title: 'M' },
    reviews: { scriptUrl: 'https://r.example/r.js', widgetClass: 'r' },
    emailjs: { libVersion: '4', userId: 'u', serviceId: 's', templateId: 't' },
    copyrightYear: 2025,
  });

  it('is none without `cms` in site.yaml: no /admin for such a site', () => {
    expect(siteBackend(site)).toBeUndefined();
  });

  it('is GitHub with the repository and branch of site.yaml, and the OAuth client outside Netlify', () => {
    expect(siteBackend({ ...site, cms: { repo: 'studio-pss/sito', branch: 'main' } })).toEqual({
      name: 'github',
      repo: 'studio-pss/sito',
      branch: 'main',
    });
    expect(
      siteBackend({ ...site, cms: { repo: 'a/b', branch: 'pubblicato', authUrl: 'https://auth.example.workers.dev' } }),
    ).toEqual({
      name: 'github',
      repo: 'a/b',
      branch: 'pubblicato',
      base_url: 'https://auth.example.workers.dev',
    });
  });

  it('offers only the way in site.yaml names: GitHub’s sign-in (OAuth) or an access token', () => {
    const cms = { repo: 'a/b', branch: 'main' };
    expect(siteBackend({ ...site, cms: { ...cms, signIn: 'oauth' } })).toMatchObject({ auth_methods: ['oauth'] });
    expect(siteBackend({ ...site, cms: { ...cms, signIn: 'token' } })).toMatchObject({ auth_methods: ['token'] });
  });
});
