// Which language reports use: `--lang`, else site.yaml's `language`, else English.
import { LANGUAGES, type Language } from './text.ts';

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
  // Imported here, through a module that imports yaml statically: `--version` and `preview` need no
  // YAML, and a dynamic import of yaml itself (CommonJS) gives no named exports in the compiled CLI.
  const language = await (await import('./site-language.ts')).declared(contentDir, 'language');
  return isLanguage(language) ? language : 'en';
}
