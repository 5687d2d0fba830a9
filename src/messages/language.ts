// Which language reports use: `--lang`, else site.yaml's `language`, else English (what the code writes).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, type Language } from './translate.ts';

/** Whether `value` names a language of the catalogue (`--lang`'s check). */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language of messages: the flag when given, else the `language` of `content/site.yaml`
 * (read leniently: a broken site.yaml must still get its errors reported), else English.
 */
export async function messagesLanguage(flag: Language | undefined, contentDir: string): Promise<Language> {
  if (flag) return flag;
  try {
    // Imported here: every command imports this module, and `--version` or `preview` need no YAML.
    const { parse } = await import('yaml');
    const site: unknown = parse(await readFile(path.join(contentDir, 'site.yaml'), 'utf8'));
    const declared = typeof site === 'object' && site !== null ? (site as Record<string, unknown>).language : undefined;
    return isLanguage(declared) ? declared : 'en';
  } catch {
    return 'en';
  }
}
