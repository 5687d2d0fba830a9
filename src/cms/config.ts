// The Decap CMS configuration (admin/config.yml), generated from the content schemas so the editor accepts what the build accepts.
import path from 'node:path';
import { stringify } from 'yaml';
import {
  contactsSchema,
  homeSchema,
  privacySchema,
  professionalSchema,
  serviceSchema,
  servicesPageSchema,
  siteSchema,
  type SiteConfig,
} from '../content/schema.ts';
import { cmsFields, numericTextFields, type CmsField } from './fields.ts';

/** Where the editor saves: the GitHub repository of site.yaml, or `watch --edit`'s local proxy. */
export type CmsBackend =
  | { name: 'github'; repo: string; branch: string; base_url?: string }
  | { name: 'proxy'; proxy_url: string };

/** The Markdown body of a content file: not a schema field, the text below the front matter. */
const BODY: CmsField = { label: 'Testo', name: 'body', widget: 'markdown', required: false, hint: 'Il testo della pagina; una riga vuota separa i paragrafi' };

/**
 * A new service's file name: Decap can only name files from the entry's fields, and the `<nn>-`
 * position is not one of them, so new services go last (99) until their file is renamed.
 */
export const NEW_SERVICE_PREFIX = '99';

/** The backend named by site.yaml (`cms`), or undefined when the site has no online editor. */
export function siteBackend(site: SiteConfig): CmsBackend | undefined {
  const cms = site.cms;
  if (!cms) return undefined;
  return { name: 'github', repo: cms.repo, branch: cms.branch, ...(cms.authUrl && { base_url: cms.authUrl }) };
}

/**
 * The whole config.yml as an object. Paths are relative to `root`, the folder that is the Git
 * repository (and that decap-server serves): the content folder usually sits right inside it.
 */
export function cmsConfig(backend: CmsBackend, contentDir: string, root: string): Record<string, unknown> {
  const content = path.relative(root, contentDir).split(path.sep).join('/') || '.';
  const file = (name: string) => `${content === '.' ? '' : `${content}/`}${name}`;
  const page = (name: string, label: string, fields: CmsField[], markdown = true) => ({
    name: name.replace(/\.\w+$/, ''),
    label,
    file: file(name),
    fields: markdown ? [...fields, BODY] : fields,
  });
  return {
    backend: backend.name === 'github' ? { ...backend, commit_messages: COMMIT_MESSAGES } : backend,
    locale: 'it',
    media_folder: file('images'),
    public_folder: 'images',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      {
        name: 'services',
        label: 'Percorsi',
        label_singular: 'percorso',
        description: 'Un file per percorso; compaiono nella pagina Percorsi nell’ordine del numero all’inizio del nome del file.',
        folder: file('services'),
        extension: 'md',
        format: 'frontmatter',
        create: true,
        identifier_field: 'title',
        slug: `${NEW_SERVICE_PREFIX}-{{slug}}`,
        summary: '{{title}}',
        fields: [...cmsFields(serviceSchema), { ...BODY, hint: 'La descrizione del percorso, come appare aprendo la sua voce' }],
      },
      {
        name: 'professionals',
        label: 'Professionisti',
        label_singular: 'professionista',
        description: 'Una pagina per professionista: il nome del file (dal nome e cognome) diventa l’indirizzo della pagina.',
        folder: file('professionals'),
        extension: 'md',
        format: 'frontmatter',
        create: true,
        identifier_field: 'name',
        slug: '{{slug}}',
        summary: '{{name}}',
        fields: [...cmsFields(professionalSchema), { ...BODY, hint: 'La biografia, sotto la foto e il percorso' }],
      },
      {
        name: 'pages',
        label: 'Pagine',
        files: [
          page('home.md', 'Home', cmsFields(homeSchema)),
          page('contatti.md', 'Contatti', cmsFields(contactsSchema)),
          page('percorsi.md', 'Percorsi (introduzione)', cmsFields(servicesPageSchema)),
          page('privacy.md', 'Informativa privacy', cmsFields(privacySchema)),
        ],
      },
      {
        name: 'settings',
        label: 'Impostazioni',
        files: [page('site.yaml', 'Impostazioni del sito', cmsFields(siteSchema), false)],
      },
    ],
  };
}

/** Per collection, the fields whose digits the editor must save as a number (see numericTextFields). */
export function numericFieldsByCollection(): Record<string, string[]> {
  const found: Record<string, string[]> = {
    services: numericTextFields(serviceSchema),
    professionals: numericTextFields(professionalSchema),
    pages: [...new Set([homeSchema, contactsSchema, servicesPageSchema, privacySchema].flatMap(numericTextFields))],
    settings: numericTextFields(siteSchema),
  };
  return Object.fromEntries(Object.entries(found).filter(([, fields]) => fields.length > 0));
}

// Commit messages in Italian, so the history an editor's saves leave reads as the rest of the UI.
const COMMIT_MESSAGES = {
  create: 'Nuovo contenuto in {{collection}}: “{{slug}}”',
  update: 'Modifica di {{collection}}: “{{slug}}”',
  delete: 'Eliminazione da {{collection}}: “{{slug}}”',
  uploadMedia: 'Nuova immagine “{{path}}”',
  deleteMedia: 'Eliminazione dell’immagine “{{path}}”',
};

/** config.yml's text. */
export function renderCmsConfig(config: Record<string, unknown>): string {
  return `# Generated by brochure from src/content/schema.ts at every build: edit the schemas, not this file.\n${stringify(config, { lineWidth: 0 })}`;
}
