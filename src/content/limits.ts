// Limits on what a content file may hold, so no input makes a build crash, hang or run out of memory.
import { ContentError } from '../errors.ts';
import { bodyProblems } from '../refusals.ts';

/** Whole-file cap, checked before reading: front matter plus body. */
export const MAX_FILE_BYTES = 1024 * 1024;
/**
 * Markdown body cap. Measured on the 2-core machine: 250 kB renders in 0.8 s (236 MB peak), 1 MB in
 * 2.3 s (609 MB), 5 MB in 16 s (2.6 GB). 256 KiB is about 40,000 words, ten times the longest
 * privacy notice, and keeps the worst case under a second.
 */
export const MAX_BODY_BYTES = 256 * 1024;
/**
 * Nesting cap for blockquotes, lists and raw HTML elements. The parsers recurse once per level:
 * 1,000 nested list items overflow the stack, 300 take 0.65 s; pages nest three or four levels.
 */
export const MAX_NESTING = 100;
/** Aliases yaml may expand in one file (its own default); an alias bomb needs far more. */
export const MAX_YAML_ALIASES = 100;

/** The problems of one Markdown body: too long, or nested too deep. `bodyLine` is the file line it starts on. */
export function checkBody(file: string, body: string, bodyLine: number): ContentError[] {
  const bytes = Buffer.byteLength(body);
  if (bytes > MAX_BODY_BYTES) {
    return [new ContentError(file, bodyLine, 'body', bodyProblems.tooLarge(bytes, MAX_BODY_BYTES))];
  }
  const deepest = deepestNesting(body);
  if (deepest && deepest.depth > MAX_NESTING) {
    return [new ContentError(file, bodyLine + deepest.line - 1, 'body', bodyProblems.tooDeep(deepest.what, deepest.depth, MAX_NESTING))];
  }
  return [];
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;

/** One pass over the text: the deepest blockquote, list or HTML element nesting, and its 1-based line. */
function deepestNesting(body: string): { depth: number; line: number; what: string } | undefined {
  let deepest: { depth: number; line: number; what: string } | undefined;
  const note = (depth: number, line: number, what: string) => {
    if (depth > (deepest?.depth ?? MAX_NESTING)) deepest = { depth, line, what };
  };
  let html = 0;
  const lines = body.split('\n');
  for (const [index, text] of lines.entries()) {
    const line = index + 1;
    const quotes = /^[\s>]*/.exec(text)![0].split('>').length - 1;
    note(quotes, line, bodyProblems.blockquotes);
    const item = LIST_ITEM.exec(text.replace(/^[\s>]*>\s?/, ''));
    // Two columns per level is the least indentation CommonMark nests a list item with.
    if (item) note(Math.floor(item[1]!.replace(/\t/g, '    ').length / 2) + 1, line, bodyProblems.listItems);
    for (const tag of text.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*?(\/?)>/g)) {
      if (VOID_ELEMENTS.has(tag[2]!.toLowerCase()) || tag[3]) continue;
      html = tag[1] ? Math.max(0, html - 1) : html + 1;
      note(html, line, bodyProblems.htmlElements);
    }
  }
  return deepest;
}
