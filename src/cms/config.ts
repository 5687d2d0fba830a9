// The Sveltia CMS configuration (admin/config.yml), generated from the content schemas so the editor accepts what the build accepts.
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
import { lowestHeadingLevel } from '../content/body-markup.ts';
import type { EntryKind } from '../content/load.ts';
import { formatOf } from './browser/file-format.ts';
import { cmsFields, type CmsField } from './fields.ts';

/**
 * Where the editor saves: the GitHub repository of site.yaml, or (`watch --edit` on a site without
 * one) only the files on this computer, which Sveltia writes from the browser itself: `folder` is the
 * name of the project folder she is asked to pick.
 */
export type CmsBackend =
  | { name: 'github'; repo: string; branch: string; base_url?: string; auth_methods?: ('oauth' | 'token')[] }
  | { name: 'local'; folder: string };

/**
 * The Markdown body of a content file (not a schema field: the text below the front matter), with a
 * toolbar offering exactly what the pages render and style (templates/styles/base.css `.prose`): bold,
 * italic, links, lists, and headings from the level the page leaves to its text down to h3. No
 * strikethrough, quotes, code or images (the pipeline does not render or style them), no raw Markdown
 * mode and no Markdown shortcuts (`# ` would make a second <h1>); what gets past is refused at save.
 */
function bodyField(kind: EntryKind, hint = 'Il testo della pagina; una riga vuota separa i paragrafi'): CmsField {
  const headings = HEADING_BUTTONS.slice(lowestHeadingLevel(kind) - 2);
  return {
    label: 'Testo',
    name: 'body',
    widget: 'markdown',
    required: false,
    hint,
    buttons: ['bold', 'italic', 'link', ...headings, 'bulleted-list', 'numbered-list'],
    editor_components: [],
    modes: ['rich_text'],
    use_markdown_shortcuts: false,
    linked_images: false,
  };
}

const HEADING_BUTTONS = ['heading-two', 'heading-three'];

/**
 * A new service's file-name prefix: the editor names files from the entry's fields, and the loader
 * wants `<nn>-`, so a new service gets the number after the last service's (it comes last).
 */
export function newServicePrefix(services: readonly { position: number; data: { order?: number } }[]): string {
  return String(Math.max(0, ...services.map(({ position, data }) => data.order ?? position)) + 1).padStart(2, '0');
}

/** The largest photo the editor uploads, 12 MB as its dialog says it (the site makes its own smaller copies). */
export const MAX_UPLOAD_BYTES = 12_000_000;

/** The backend named by site.yaml (`cms`), or undefined when the site has no online editor. */
export function siteBackend(site: SiteConfig): CmsBackend | undefined {
  const cms = site.cms;
  if (!cms) return undefined;
  const auth = { ...(cms.authUrl && { base_url: cms.authUrl }), ...(cms.signIn && { auth_methods: [cms.signIn] }) };
  return { name: 'github', repo: cms.repo, branch: cms.branch, ...auth };
}

/**
 * The whole config.yml as an object. Paths are relative to `root`, the folder that is the Git
 * repository: the content folder usually sits right inside it.
 */
export function cmsConfig(
  backend: CmsBackend,
  contentDir: string,
  root: string,
  services: Parameters<typeof newServicePrefix>[0] = [],
): Record<string, unknown> {
  const content = path.relative(root, contentDir).split(path.sep).join('/') || '.';
  const file = (name: string) => `${content === '.' ? '' : `${content}/`}${name}`;
  const page = (name: string, label: string, kind: EntryKind, fields: CmsField[]) => ({
    name: name.replace(/\.\w+$/, ''),
    label,
    file: file(name),
    format: formatOf(kind),
    fields: kind === 'site' ? fields : [...fields, bodyField(kind)],
  });
  return {
    backend: configBackend(backend),
    // Online, a save is a draft (a pull request) until she publishes it; Sveltia supports this on GitHub only.
    ...(backend.name === 'github' && { publish_mode: 'editorial_workflow' }),
    app_title: 'Redazione',
    media_folder: file('images'),
    public_folder: 'images',
    media_libraries: {
      default: {
        config: {
          // A photo straight from a phone is 3–8 MB; one far beyond that is refused at upload, with
          // Sveltia's own message (reduce it, or pick another file), before it reaches the repository.
          max_file_size: MAX_UPLOAD_BYTES,
          // An iPhone's HEIC photo, which browsers cannot show, becomes WebP as she picks it (its decoder is vendored).
          transformations: { heic: { format: 'webp', quality: 90 } },
          // "Foto Maria (1).JPG" becomes foto-maria-1.jpg: the build refuses spaces and other characters in image names.
          slugify_filename: true,
        },
      },
      // No stock-photo services: they need accounts, and the editor talks to no third party.
      stock_assets: false,
    },
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    // No `output.omit_empty_optional_fields`: our formats leave out the empty optional fields
    // themselves, by the schema (file-format.ts `withoutEmpty`). Sveltia's own would also drop a
    // decorative photo's `alt: ""` (an empty value that must be written), which the build refuses.
    collections: [
      {
        name: 'services',
        label: 'Percorsi',
        label_singular: 'percorso',
        description:
          'Un file per percorso; per cambiare l’ordine in cui compaiono nella pagina Percorsi usa «Riordina».',
        folder: file('services'),
        extension: 'md',
        format: formatOf('service'),
        create: true,
        identifier_field: 'title',
        slug: `${newServicePrefix(services)}-{{slug}}`,
        summary: '{{title}}',
        // She moves the services with «Riordina» (drag and drop): Sveltia numbers their `order` fields 1, 2, 3…
        reorder: true,
        // Listed in the site's order until she reorders: by file name (the `<nn>-` prefix).
        sortable_fields: { fields: ['slug', 'title'], default: { field: 'slug', direction: 'ascending' } },
        // `order` is Sveltia's own field when `reorder` is on (it writes it, she never types it).
        fields: [
          ...cmsFields(serviceSchema).filter((field) => field.name !== 'order'),
          bodyField('service', 'La descrizione del percorso, come appare aprendo la sua voce'),
        ],
      },
      {
        name: 'professionals',
        label: 'Professionisti',
        label_singular: 'professionista',
        description:
          'Una pagina per professionista: il nome del file (dal nome e cognome) diventa l’indirizzo della pagina.',
        folder: file('professionals'),
        extension: 'md',
        format: formatOf('professional'),
        create: true,
        identifier_field: 'name',
        slug: '{{slug}}',
        summary: '{{name}}',
        fields: [
          ...cmsFields(professionalSchema),
          bodyField('professional', 'La biografia, sotto la foto e il percorso'),
        ],
      },
      {
        name: 'pages',
        label: 'Pagine',
        files: [
          page('home.md', 'Home', 'home', cmsFields(homeSchema)),
          page('contatti.md', 'Contatti', 'contacts', cmsFields(contactsSchema)),
          page('percorsi.md', 'Percorsi (introduzione)', 'services-page', cmsFields(servicesPageSchema)),
          page('privacy.md', 'Informativa privacy', 'privacy', cmsFields(privacySchema)),
        ],
      },
      {
        name: 'settings',
        label: 'Impostazioni',
        files: [page('site.yaml', 'Impostazioni del sito', 'site', cmsFields(siteSchema))],
      },
    ],
  };
}

/**
 * Sveltia needs a Git backend even for local editing. Without a repository in site.yaml, the backend
 * names the project folder, which is what Sveltia asks her to pick; the page offers local editing alone.
 */
function configBackend(backend: CmsBackend): Record<string, unknown> {
  if (backend.name === 'local') return { name: 'github', repo: `locale/${backend.folder}`, branch: 'main' };
  return { ...backend, commit_messages: COMMIT_MESSAGES };
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
