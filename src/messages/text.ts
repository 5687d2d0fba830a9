// Messages as data, a catalogue code with its values, rendered in a language only where they are printed.
import { CATALOGUE, type Message } from './catalogue.ts';

/** The languages of messages. */
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Who reads a message: a report in a language, or the web editor (its own Italian where the catalogue has one). */
export type Reader = Language | 'editor';

/** A message of the catalogue, by its code. */
export type Code = keyof typeof CATALOGUE;

// The `{name}`s of a catalogue text; a brace followed by anything but a word (`… with a }`) is text.
type Names<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${string}${' ' | '{' | '"' | '('}${string}` | '' ? never : Name) | Names<Rest>
  : never;

/** The values a message of code `C` needs: one per `{name}` of its English (the test checks the Italian has the same). */
export type Params<C extends Code> = { readonly [Name in Names<(typeof CATALOGUE)[C]['en']>]: Param };

/** A message to print: its code and the values of its `{name}`s. */
export type Text = { [C in Code]: { readonly code: C; readonly params: Params<C> } }[Code];

/**
 * A value in a message: as it is (a name, a path, a size, a quoted value from the file), a Text
 * rendered in the same language (a kind of value, a folder's name), or several: alternatives
 * (`a, b or c`), all of them (`a, b and c`), or a plain list (`a, b, c`; `a; b` with `separator`).
 */
export type Param =
  | string
  | number
  | Text
  | { readonly oneOf: readonly Param[] }
  | { readonly allOf: readonly Param[] }
  | { readonly list: readonly Param[]; readonly separator?: string };

/** The message of `code` with its values; TypeScript checks the values against the `{name}`s of the text. */
export function say<C extends Code>(code: C, ...[params]: keyof Params<C> extends never ? [] : [Params<C>]): Text {
  return { code, params: params ?? {} } as Text;
}

/** A message, or any value in one, in `language`. */
export function render(value: Param, language: Reader): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if ('oneOf' in value) return joined(value.oneOf, 'or', language);
  if ('allOf' in value) return joined(value.allOf, 'and', language);
  if ('list' in value) return value.list.map((item) => render(item, language)).join(value.separator ?? ', ');
  const params: Record<string, Param> = value.params;
  const message: Message = CATALOGUE[value.code];
  const text = language === 'editor' ? (message.editor ?? message.it) : message[language];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? render(params[name]!, language) : whole,
  );
}

/** `a, b or c` (`a, b and c`); `something else` for none. */
function joined(params: readonly Param[], last: 'or' | 'and', reader: Reader): string {
  const items = params.map((item) => render(item, reader));
  const language = reader === 'editor' ? 'it' : reader;
  if (items.length <= 1) return items[0] ?? CATALOGUE.somethingElse[language];
  return `${items.slice(0, -1).join(', ')}${CATALOGUE[last][language]}${items.at(-1)}`;
}

/**
 * A field in `language`: a name of the catalogue (`front matter`), or a path into the file's data,
 * which Italian counts as people do (`timeline[9].date` -> `timeline, voce 10, date`).
 */
export function renderField(field: string | Text, language: Language): string {
  if (typeof field !== 'string') return render(field, language);
  if (language === 'en') return field;
  return field
    .split(/\.|(?=\[)/)
    .map((segment) => {
      const index = /^\[(\d+)\]$/.exec(segment)?.[1];
      return index === undefined ? segment : render(say('item', { position: Number(index) + 1 }), language);
    })
    .join(', ');
}

/** A code whose only value is `{count}`: a counted noun (`{count} page`). */
type CountCode = { [C in Code]: [keyof Params<C>] extends ['count'] ? C : never }[Code];

/** `1 page`, `7 pages`: `n` with the catalogue's words for one (`one`) or for any other count (`many`). */
export function counted(n: number, one: CountCode, many: CountCode): Text {
  return { code: n === 1 ? one : many, params: { count: n } } as Text;
}

/** "2 errors and 1 warning." in `language`. */
export function totals(errors: number, warnings: number, language: Language): string {
  const count = (n: number, one: CountCode, many: CountCode) =>
    n === 0 ? '' : render(counted(n, one, many), language);
  const parts = [count(errors, 'error', 'errors'), count(warnings, 'warningCount', 'warnings')].filter(Boolean);
  return parts.length > 0 ? `${parts.join(CATALOGUE.and[language])}.` : '';
}

/** A code that needs no values. */
export type PlainCode = { [C in Code]: keyof Params<C> extends never ? C : never }[Code];

/**
 * The message a code names, for a code that reached here as a plain string (zod keeps a check's
 * `error` as its issue's message); undefined when it is not a code of the catalogue needing no values.
 */
export function plainText(code: string): Text | undefined {
  if (!Object.hasOwn(CATALOGUE, code) || /\{\w+\}/.test(CATALOGUE[code as Code].en)) return undefined;
  return { code, params: {} } as Text;
}
