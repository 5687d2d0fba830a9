// The editor's Italian strings: Sveltia's own Italian locale, with the strings it lacks or words differently supplied from our catalogue (src/cms/strings-it.ts).
import { sveltiaItalian } from './sveltia-package.ts';
import { ITALIAN_STRINGS } from './strings-it.ts';

type Strings = { [key: string]: string | Strings };

let merged: Promise<Uint8Array> | undefined;

/**
 * admin/locales/it.json: Sveltia fetches its translations from a CDN (unpkg.com) at start-up; our
 * editor script sends that request to this file instead, so nothing leaves the site's origin.
 */
export function italianStrings(packageRoot: string): Promise<Uint8Array> {
  merged ??= (async () => {
    const own = JSON.parse(await sveltiaItalian(packageRoot)) as Strings;
    return Buffer.from(JSON.stringify(mergeStrings(own, ITALIAN_STRINGS)));
  })();
  return merged;
}

/** `base` with every string of `over` put in its place (nested groups merged, not replaced). */
export function mergeStrings(base: Strings, over: Strings): Strings {
  const result: Strings = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] = typeof value === 'object' && typeof current === 'object' ? mergeStrings(current, value) : value;
  }
  return result;
}
