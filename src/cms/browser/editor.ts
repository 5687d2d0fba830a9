// admin/editor.js: runs before Sveltia's bundle, holds its start, then registers the previews and the checks before a save, and starts it.
import { entryRefusals, type Upload } from '../entry-check.ts';
import { numericFieldsByCollection } from '../numeric-fields.ts';
import { formatOf, fromMarkdown, fromYaml, KINDS, toMarkdown, toYaml } from './file-format.ts';
import { sveltia, type ImmutableMap } from './sveltia.ts';

const script = document.currentScript as HTMLScriptElement;
const stylesheet = script.dataset['stylesheet'] ?? '';

sveltia().CMS_MANUAL_INIT = true;
preferItalian();

document.addEventListener('DOMContentLoaded', () => {
  const { CMS } = sveltia();
  if (stylesheet) CMS.registerPreviewStyle(stylesheet);
  // Our own reading and writing of content files (file-format.ts): one format per kind, which knows its schema.
  for (const kind of KINDS) {
    if (kind === 'site') CMS.registerCustomFormat(formatOf(kind), 'yaml', { fromFile: fromYaml, toFile: toYaml });
    else CMS.registerCustomFormat(formatOf(kind), 'md', { fromFile: fromMarkdown, toFile: (value) => toMarkdown(kind, value) });
  }
  const numeric = numericFieldsByCollection();
  CMS.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const collection = String(entry.get('collection'));
      const data = plain(entry.get('data')) as Record<string, unknown>;
      let saved: ImmutableMap = entry;
      const set = (path: (string | number)[], value: unknown) => {
        saved = saved.setIn(['data', ...path], value);
        setPath(data, path, value);
      };
      // Digits typed where a number or a word goes (50 or "caso per caso") are saved as the number.
      for (const name of numeric[collection] ?? []) {
        const value = data[name];
        if (typeof value === 'string' && /^\d+$/.test(value.trim())) set([name], Number(value));
      }
      // The build's own checks, with its own words: a refusal throws, and Sveltia saves nothing and shows why.
      const refusals = entryRefusals({ collection, path: String(entry.get('path') ?? ''), data }, await uploadsOf(entry));
      // Sveltia shows the cause of a `saving_failed` error under its "not saved" message.
      if (refusals.length > 0) throw new Error('saving_failed', { cause: new Error(`Il sito non accetterebbe questa voce:\n${refusals.map((line) => `• ${line}`).join('\n')}`) });
      return saved;
    },
  });
  void CMS.init();
});

/** The pictures uploaded with the entry, with their size in pixels where the browser can decode them (not HEIC). */
async function uploadsOf(entry: ImmutableMap): Promise<Upload[]> {
  const files = (plain(entry.get('mediaFiles')) ?? []) as { path?: string; file?: File }[];
  return Promise.all(
    files.map(async ({ path = '', file }) => {
      const image = path.replace(/^.*?\bimages\//, 'images/');
      if (!file || !file.type.startsWith('image/') || file.type === 'image/svg+xml') return { image };
      try {
        const bitmap = await createImageBitmap(file);
        const size = { image, width: bitmap.width, height: bitmap.height };
        bitmap.close();
        return size;
      } catch {
        return { image };
      }
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
  return typeof value === 'object' && value !== null && typeof (value as Partial<ImmutableMap>).toJS === 'function' ? (value as ImmutableMap).toJS() : value;
}

function setPath(target: Record<string, unknown>, path: (string | number)[], value: unknown): void {
  let current: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) current = current[key] as Record<string | number, unknown>;
  current[path.at(-1)!] = value;
}
