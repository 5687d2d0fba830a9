// Reports in the reader's language: finds a message's catalogue entry by its English, fills the Italian, counts list items from 1.
import { FIELDS, FOLDERS, FRAGMENTS, MESSAGES, WORDS, type Message } from './catalogue.ts';

/** The languages of messages; English is what the code writes. */
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

interface Template {
  entry: Message;
  pattern: RegExp;
  names: string[];
}

function compile(entry: Message): Template {
  const names: string[] = [];
  const source = entry.en
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { entry, pattern: new RegExp(`^${source}$`), names };
}

const TEMPLATES = Object.values(MESSAGES).map(compile);
const GOT = compile(WORDS.gotValue);

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * A message in `language`. English is returned as written; a message the catalogue does not
 * know yet also stays in English rather than being lost.
 */
export function translateMessage(english: string, language: Language): string {
  if (language === 'en') return english;
  for (const { entry, pattern, names } of TEMPLATES) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, translateValue(name, match[index + 1]!)]));
    return fill(entry.it, values);
  }
  // A check's own message followed by the value found: translate both halves.
  const got = GOT.pattern.exec(english);
  if (got && got[1] !== translateMessage(got[1]!, language)) {
    return fill(WORDS.gotValue.it, { message: translateMessage(got[1]!, language), got: translateValue('got', got[2]!) });
  }
  return english;
}

// `{expected}` holds a kind ("a number"), a check's wording without its "expected ", or a list of
// those joined by ", " and " or "; `{got}` describes the file's value.
function translateValue(name: string, value: string): string {
  if (name === 'folder') return translateFolder(value);
  if (name === 'listed') return value.replace(/, and (\d+) more$/, (_more, count: string) => fill(WORDS.andMore.it, { count }));
  if (name !== 'expected' && name !== 'got') return value;
  const whole = translateFragment(value);
  if (whole !== undefined) return whole;
  if (name === 'got') return value;
  const parts = value.split(/, | or /);
  if (parts.length === 1) return value;
  const translated = parts.map((part) => translateFragment(part) ?? part);
  return `${translated.slice(0, -1).join(', ')}${WORDS.or.it}${translated.at(-1)}`;
}

// `the content folder (content)`: the name translated, the path in brackets kept.
function translateFolder(value: string): string {
  const [, name = value, where = ''] = /^(.*?)( \(.*\))?$/.exec(value) ?? [];
  const folder = Object.values(FOLDERS).find((entry) => entry.en === name);
  return folder ? folder.it + where : value;
}

function translateFragment(value: string): string | undefined {
  const fragment = Object.values(FRAGMENTS).find((entry) => entry.en === value);
  if (fragment) return fragment.it;
  // A check's message, as validate.ts quotes it: "expected " taken off, so the Italian "serve " too.
  const check = Object.values(MESSAGES).find((entry) => entry.en === `expected ${value}`);
  return check?.it.replace(/^serv(?:e|ono) /, '');
}

/** `timeline[9].date` as people count: `timeline, voce 10, date`; names of whole-file fields translated. */
export function translateField(field: string, language: Language): string {
  if (language === 'en') return field;
  const special = Object.values(FIELDS).find((entry) => entry.en === field);
  if (special) return special.it;
  return field
    .split(/\.|(?=\[)/)
    .map((segment) => {
      const index = /^\[(\d+)\]$/.exec(segment)?.[1];
      return index === undefined ? segment : fill(WORDS.item.it, { position: String(Number(index) + 1) });
    })
    .join(', ');
}

/** "2 errors and 1 warning." in `language`. */
export function totals(errors: number, warnings: number, language: Language): string {
  const count = (n: number, one: Message, many: Message) => (n === 0 ? '' : fill((n === 1 ? one : many)[language], { count: String(n) }));
  const parts = [count(errors, WORDS.error, WORDS.errors), count(warnings, WORDS.warningCount, WORDS.warnings)].filter(Boolean);
  return parts.length > 0 ? `${parts.join(WORDS.and[language])}.` : '';
}

/** The word before a warning's message. */
export function warningPrefix(language: Language): string {
  return WORDS.warning[language];
}

/** A word or sentence of the catalogue's WORDS in `language`, its `{name}`s filled. */
export function word(id: keyof typeof WORDS, language: Language, values: Record<string, string> = {}): string {
  return fill(WORDS[id][language], values);
}
