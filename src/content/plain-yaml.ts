// The data of the plainest front matter (block maps and lists of one-line words, numbers, quoted text) without `yaml`: the same values, at a fraction of the cost.
//
// `yaml` builds a document with source positions for every file (0.2–0.4 ms each), which only a message
// needs. Front matter as editors and the schemas write it is a few `key: value` lines, nested maps and
// lists: for text made only of those, YAML 1.2's core schema leaves no choice about the data, so it is
// read directly. Anything outside that small language (comments, flow collections, anchors, tags,
// block scalars, multi-line or unusual scalars, odd indentation, a repeated key, an empty value)
// returns undefined and `yaml` parses it as before, with its errors and lines (src/content/load.ts).
// test/unit/plain-yaml.test.ts compares both over generated documents and their near misses.

/** `key: value`, `key:` (a nested block follows) or, in a list, `- …`; keys are words that resolve to themselves. */
const ENTRY = /^([A-Za-z][A-Za-z0-9_-]*):(?: (.+))?$/;
/** Plain words that the core schema reads as something else than a string (with `null`, `true`, `false` themselves). */
const NOT_STRINGS = new Set(['null', 'Null', 'NULL', 'True', 'TRUE', 'False', 'FALSE']);
/**
 * A plain scalar: starts with a letter (never an indicator, a number, `.inf` or `~`), then letters,
 * digits, single spaces and punctuation that is plain inside a scalar; `:` only before a non-space
 * (a URL), never last. No `#` (comments), quotes after the start, brackets, braces or tabs.
 */
const PLAIN = /^\p{L}(?:[\p{L}\p{N}.,;!?'()/@+_-]|:(?=[^\s])| (?=[^\s]))*$/u;
/** Double- or single-quoted on one line, with nothing to unescape and no control characters. */
const DOUBLE_QUOTED = /^"([^"\\\p{C}\p{Zl}\p{Zp}]*)"$/u;
const SINGLE_QUOTED = /^'([^'\p{C}\p{Zl}\p{Zp}]*)'$/u;
const ODD_CHARACTER = /[^\S ]|\p{C}/u;
const INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;

interface Line {
  indent: number;
  text: string;
}

/** The data `yaml` would give `text` with no error or warning, when the text is plain block YAML; otherwise undefined. */
export function plainYamlData(text: string): { data: unknown } | undefined {
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    if (raw === '') continue;
    // Any white space but the space (tabs, carriage returns, no-break spaces…), any control or format
    // character, a trailing space or a line of spaces: leave the rules about them to `yaml`.
    if (ODD_CHARACTER.test(raw) || raw.endsWith(' ')) return undefined;
    const indent = raw.search(/[^ ]/);
    lines.push({ indent, text: raw.slice(indent) });
  }
  if (lines.length === 0 || lines[0]!.indent !== 0) return undefined;
  const reader = { lines, at: 0 };
  const data = block(reader, 0);
  return data === undefined || reader.at !== lines.length ? undefined : { data };
}

interface Reader {
  lines: Line[];
  at: number;
}

/** A map or a list whose lines start at column `indent`; undefined when anything in it is outside the language. */
function block(reader: Reader, indent: number): unknown {
  const first = reader.lines[reader.at]!;
  return first.text.startsWith('- ') ? list(reader, indent) : map(reader, indent, first.text);
}

function list(reader: Reader, indent: number): unknown[] | undefined {
  const items: unknown[] = [];
  for (let line = reader.lines[reader.at]; line && line.indent === indent; line = reader.lines[reader.at]) {
    if (!line.text.startsWith('- ')) return undefined;
    const rest = line.text.slice(2);
    if (rest.startsWith(' ')) return undefined;
    if (ENTRY.test(rest)) {
      // `- key: value` opens a map whose keys line up with `key`, two columns in.
      const item = map(reader, indent + 2, rest);
      if (item === undefined) return undefined;
      items.push(item);
      continue;
    }
    const value = scalar(rest);
    if (value === undefined) return undefined;
    items.push(value.value);
    reader.at++;
  }
  return items;
}

/** A map at `indent`; its first line's text is `firstText` (after a list's `- `, or the line itself). */
function map(reader: Reader, indent: number, firstText: string): Record<string, unknown> | undefined {
  const entries: Record<string, unknown> = {};
  for (let text: string | undefined = firstText; text !== undefined; ) {
    const entry = ENTRY.exec(text);
    if (!entry) return undefined;
    const [, key, rest] = entry as unknown as [string, string, string | undefined];
    if (NOT_STRINGS.has(key) || key === 'true' || key === 'false' || Object.hasOwn(entries, key)) return undefined;
    reader.at++;
    if (rest !== undefined) {
      const value = scalar(rest);
      if (value === undefined) return undefined;
      entries[key] = value.value;
    } else {
      // `key:` then a block further in; an empty value (null) is left to `yaml`.
      const next = reader.lines[reader.at];
      if (!next || next.indent <= indent) return undefined;
      const nested = block(reader, next.indent);
      if (nested === undefined) return undefined;
      entries[key] = nested;
    }
    const following = reader.lines[reader.at];
    if (!following || following.indent < indent) break;
    if (following.indent !== indent) return undefined;
    // A list item at this column ends the map only when the map itself is inside a list.
    text = following.text;
    if (text.startsWith('- ')) return undefined;
  }
  return entries;
}

/** A one-line scalar's value: quoted text, a plain word or sentence, a whole number, true or false. */
function scalar(text: string): { value: unknown } | undefined {
  const quoted = DOUBLE_QUOTED.exec(text) ?? SINGLE_QUOTED.exec(text);
  if (quoted) return { value: quoted[1] };
  if (INTEGER.test(text)) return { value: Number(text) };
  if (text === 'true' || text === 'false') return { value: text === 'true' };
  if (NOT_STRINGS.has(text) || !PLAIN.test(text)) return undefined;
  return { value: text };
}
