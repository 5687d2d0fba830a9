// Front matter as editors write it, with comment lines and one-paragraph folded text (`>-`), read as plain YAML: the same data as `yaml`, without building a document.
//
// The sample content (and so every site started from it) comments its site.yaml and folds its long
// descriptions (`description: >-` and the text on the lines below): outside src/content/plain-yaml.ts's
// language, each such file cost a `yaml` document (and the first one, `yaml`'s start-up). Both have one
// reading only: a line whose first character is `#` outside a block scalar is a comment, and a folded
// block scalar with strip chomping whose lines all start at the same column, with no empty line
// between them, is its lines joined by single spaces. Such a document is rewritten into plain YAML
// (comment lines left out, the paragraph as one quoted line) and read by plainYamlData; anything else
// returns undefined and `yaml` parses the text as before. test/unit/plain-front-matter.test.ts compares
// both over generated documents and their near misses.
import { plainYamlData } from './plain-yaml.ts';

/** A block scalar header `key: >-` (or `|-`, the same on one line), after any list item dashes. */
const BLOCK_HEADER = /^((?:- )*)([A-Za-z][A-Za-z0-9_-]*): ([>|])-$/;

const ODD_CONTENT = /[^\S ]|\p{C}| $/u;

/** The data `yaml` gives `text` with no error or warning, when it is plain block YAML with comment lines and folded paragraphs; otherwise undefined. */
export function plainFrontMatterData(text: string): { data: unknown } | undefined {
  const plain = plainYamlData(text);
  if (plain || !/^ *#|: [>|]-$/m.test(text)) return plain;
  const rewritten = rewrite(text.split('\n'));
  return rewritten === undefined ? undefined : plainYamlData(rewritten);
}

/** The lines in plain YAML: comment lines dropped, each folded paragraph one quoted scalar; undefined when a block scalar is not of that kind. */
function rewrite(lines: string[]): string | undefined {
  const out: string[] = [];
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    const indent = line.search(/[^ ]/);
    if (indent === -1) {
      out.push(line);
      continue;
    }
    if (line[indent] === '#') continue;
    const header = BLOCK_HEADER.exec(line.slice(indent));
    if (!header) {
      out.push(line);
      continue;
    }
    // Content lines are those indented past the key's column, up to the first line that is not.
    const keyColumn = indent + header[1]!.length;
    const content: string[] = [];
    let next = at + 1;
    for (; next < lines.length; next++) {
      const candidate = lines[next]!;
      if (candidate === '') break;
      if (candidate.search(/[^ ]/) <= keyColumn) break;
      content.push(candidate);
    }
    const value = paragraph(content, header[3] === '|');
    if (value === undefined) return undefined;
    // An empty line and then more content would be a second paragraph (a line break in the value).
    let after = next;
    while (after < lines.length && lines[after] === '') after++;
    if (after < lines.length && lines[after]!.search(/[^ ]/) > keyColumn) return undefined;
    out.push(`${line.slice(0, indent)}${header[1]}${header[2]}: ${value}`);
    at = next - 1;
  }
  return out.join('\n');
}

/**
 * The lines of a block scalar as one quoted scalar of the plain language: all at one column (a line
 * further in keeps its line break), none empty; a literal one (`|-`) only on a single line. Quoted
 * with whichever quote it does not contain; undefined when that is not possible.
 */
function paragraph(content: string[], literal: boolean): string | undefined {
  if (content.length === 0 || (literal && content.length > 1)) return undefined;
  const column = content[0]!.search(/[^ ]/);
  // Trailing spaces, tabs and control characters: left to `yaml`'s rules, as plainYamlData leaves them.
  if (content.some((line) => line.search(/[^ ]/) !== column || ODD_CONTENT.test(line))) return undefined;
  const text = content.map((line) => line.slice(column)).join(' ');
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes("'")) return `'${text}'`;
  return undefined;
}
