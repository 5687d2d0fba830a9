// admin/editor.js: runs before Sveltia's bundle, holds its start, then registers the previews and the checks before a save, and starts it.
import { numericFieldsByCollection } from '../numeric-fields.ts';
import { sveltia, type ImmutableMap } from './sveltia.ts';

const script = document.currentScript as HTMLScriptElement;
const stylesheet = script.dataset['stylesheet'] ?? '';

sveltia().CMS_MANUAL_INIT = true;
preferItalian();

document.addEventListener('DOMContentLoaded', () => {
  const { CMS } = sveltia();
  if (stylesheet) CMS.registerPreviewStyle(stylesheet);
  const numeric = numericFieldsByCollection();
  CMS.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      let saved: ImmutableMap = entry;
      // Digits typed where a number or a word goes (50 or "caso per caso") are saved as the number.
      for (const name of numeric[String(entry.get('collection'))] ?? []) {
        const value = entry.getIn(['data', name]);
        if (typeof value === 'string' && /^\d+$/.test(value.trim())) saved = saved.setIn(['data', name], Number(value));
      }
      // Sveltia writes a picked image as /images/…; content names images relative to content/ (images/…).
      for (const { path, value } of strings(entry.getIn(['data']))) {
        if (value.startsWith('/images/')) saved = saved.setIn(['data', ...path], value.slice(1));
      }
      return saved;
    },
  });
  void CMS.init();
});

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

/** Every string in an entry's data (an Immutable map, or plain values), with its path. */
function strings(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  const plain = isImmutable(value) ? value.toJS() : value;
  if (typeof plain === 'string') return [{ path, value: plain }];
  if (Array.isArray(plain)) return plain.flatMap((item: unknown, index) => strings(item, [...path, index]));
  if (typeof plain === 'object' && plain !== null) return Object.entries(plain).flatMap(([key, item]) => strings(item, [...path, key]));
  return [];
}

function isImmutable(value: unknown): value is ImmutableMap {
  return typeof value === 'object' && value !== null && typeof (value as Partial<ImmutableMap>).toJS === 'function';
}
