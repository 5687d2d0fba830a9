// admin/editor.js: runs before Sveltia's bundle, holds its start, then registers the previews and the checks before a save, and starts it.
import { panelId } from '../../../templates/islands/ServicesAccordion.tsx';
import { entryFile, entryRefusals, serviceName, type Upload } from '../entry-check.ts';
import { typedNumbers } from '../numeric-fields.ts';
import { formatOf, fromMarkdown, fromYaml, KINDS, toMarkdown, toYaml } from './file-format.ts';
import { previewHtml, sizeOf, type PreviewSite } from './preview.ts';
import { watchPublication } from './publication.ts';
import { sveltia, type ImmutableMap, type PreviewProps } from './sveltia.ts';

const script = document.currentScript as HTMLScriptElement;
const stylesheet = script.dataset['stylesheet'] ?? '';
// Fetched at once, while Sveltia starts: the content the last build validated, which each preview completes with the entry.
const previewSite = fetch(script.dataset['preview'] ?? '').then((response) => response.json() as Promise<PreviewSite>);

sveltia().CMS_MANUAL_INIT = true;
preferItalian();

document.addEventListener('DOMContentLoaded', () => {
  const { CMS } = sveltia();
  if (stylesheet) CMS.registerPreviewStyle(stylesheet);
  for (const name of PREVIEWS) CMS.registerPreviewTemplate(name, pagePreview);
  // Our own reading and writing of content files (file-format.ts): one format per kind, which knows its schema.
  for (const kind of KINDS) {
    if (kind === 'site') CMS.registerCustomFormat(formatOf(kind), 'yaml', { fromFile: fromYaml, toFile: toYaml });
    else
      CMS.registerCustomFormat(formatOf(kind), 'md', {
        fromFile: fromMarkdown,
        toFile: (value) => toMarkdown(kind, value),
      });
  }
  CMS.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const collection = String(entry.get('collection'));
      const data = plain(entry.get('data')) as Record<string, unknown>;
      let saved: ImmutableMap = entry;
      for (const name of typedNumbers(collection, data)) saved = saved.setIn(['data', name], data[name]);
      // The build's own checks, with its own words: a refusal throws, and Sveltia saves nothing and shows why.
      const refusals = entryRefusals(
        { collection, path: String(entry.get('path') ?? ''), data },
        await uploadsOf(entry),
      );
      // Sveltia shows the cause of a `saving_failed` error under its "not saved" message.
      if (refusals.length > 0)
        throw new Error('saving_failed', {
          cause: new Error(`Il sito non accetterebbe questa voce:\n${refusals.map((line) => `• ${line}`).join('\n')}`),
        });
      return saved;
    },
  });
  void CMS.init();
  watchPublication(script.dataset['site'] ?? '', document.querySelector<HTMLLinkElement>('[rel=cms-config-url]')!.href);
});

/** The collections and files with a page of their own, by the names Sveltia looks templates up by. */
const PREVIEWS = ['services', 'professionals', 'home', 'contatti', 'percorsi', 'privacy', 'site'];

/**
 * Sveltia's preview template: an element of its own React (`window.h`, not ours) whose node receives
 * the page our React rendered. React calls the ref at each render (a new function each time), so each
 * change repaints; a slower, older rendering never overwrites a newer one.
 */
function pagePreview(props: PreviewProps): unknown {
  return sveltia().h('div', {
    ref: (node: HTMLElement | null) => node && void paint(node, props),
    'data-page-preview': '',
  });
}

const turns = new WeakMap<HTMLElement, number>();

async function paint(node: HTMLElement, props: PreviewProps): Promise<void> {
  const turn = (turns.get(node) ?? 0) + 1;
  turns.set(node, turn);
  let html: string;
  try {
    html = await previewHtml(await previewSite, props);
  } catch (error) {
    console.error(error);
    html = '<p>L’anteprima non è disponibile: ricarica la pagina dopo che il sito è stato ricostruito.</p>';
  }
  if (turns.get(node) !== turn) return;
  const page = new DOMParser().parseFromString(html, 'text/html');
  // The page's <html> and <body> attributes (lang, data-route) on the preview's own, which the stylesheet may select on.
  for (const { name, value } of page.documentElement.attributes)
    node.ownerDocument.documentElement.setAttribute(name, value);
  for (const { name, value } of page.body.attributes) node.ownerDocument.body.setAttribute(name, value);
  // The map's frame keeps its place without its address: /admin's policy loads nothing from other
  // origins (the editor talks to no third party), so the frame would only be refused.
  for (const frame of page.querySelectorAll('iframe[src]'))
    if (new URL(frame.getAttribute('src')!, location.href).origin !== location.origin) frame.removeAttribute('src');
  node.innerHTML = page.body.innerHTML;
  // The services as a visitor finds them, closed but for the one being edited (the page's markup has
  // every item open, arrow up, for browsers without its script, which does not run here).
  const path = String(props.entry.get('path') ?? '');
  const editing = panelId(serviceName(entryFile({ collection: 'services', path })).slug);
  for (const panel of node.querySelectorAll<HTMLElement>('.accordion__panel')) {
    panel.style.height = panel.id === editing ? 'auto' : '0px';
    panel.previousElementSibling?.querySelector('button')?.setAttribute('aria-expanded', String(panel.id === editing));
  }
}

/** The pictures uploaded with the entry, with their size in pixels where the browser can decode them. */
async function uploadsOf(entry: ImmutableMap): Promise<Upload[]> {
  const files = (plain(entry.get('mediaFiles')) ?? []) as { path?: string; file?: File }[];
  return Promise.all(
    files.map(async ({ path = '', file }) => {
      const size = file?.type.startsWith('image/') && file.type !== 'image/svg+xml' ? await sizeOf(file) : {};
      return { image: path.replace(/^.*?\bimages\//, 'images/'), ...size };
    }),
  );
}

/** The editor speaks Italian whatever the browser's language, unless she picked another in its settings. */
function preferItalian(): void {
  const key = 'sveltia-cms.prefs';
  try {
    const prefs = JSON.parse(localStorage.getItem(key) ?? '{}') as { locale?: string };
    if (!prefs.locale) localStorage.setItem(key, JSON.stringify({ ...prefs, locale: 'it' }));
  } catch {
    // Storage refused (private mode): Sveltia then follows the browser's language.
  }
}

/** Plain values for an Immutable structure (or a value already plain). */
function plain(value: unknown): unknown {
  return typeof value === 'object' && value !== null && typeof (value as Partial<ImmutableMap>).toJS === 'function'
    ? (value as ImmutableMap).toJS()
    : value;
}
