// Limits on what a content file may hold, so no input makes a build crash, hang or run out of memory.
import { ContentError } from '../errors.ts';
import { say } from '../messages/text.ts';
import { bodyProblems } from '../refusals.ts';
import { lineOf, type YamlSource } from './locate.ts';

/** Whole-file cap, checked before reading: front matter plus body. */
export const MAX_FILE_BYTES = 1024 * 1024;
/**
 * Markdown body cap. Measured on the 2-core machine: 250 kB renders in 0.8 s (236 MB peak), 1 MB in
 * 2.3 s (609 MB), 5 MB in 16 s (2.6 GB). 256 KiB is about 40,000 words, ten times the longest
 * privacy notice, and keeps the worst case under a second.
 */
export const MAX_BODY_BYTES = 256 * 1024;
/**
 * Nesting cap for blockquotes and list items (together), raw HTML elements and emphasis. The parser
 * and the tree's walkers recurse once per level: 1,000 list items nested on one line (`- - - … x`)
 * overflow the stack, and so do 3,000 nested emphases after 3 s (their pairing is quadratic); 300
 * nested list items take 0.65 s. Pages nest three or four levels.
 */
export const MAX_NESTING = 100;
/**
 * List items that open another list or a quote on their own line (`- - x`, `1. > x`), per body. The
 * parser (micromark 4) slows down for the whole document with each: measured on the 2-core machine,
 * 200 such lines parse in 0.12 s, 1,000 in 1.1 s, 2,000 in 5–6 s and 8,000 (a 48 kB body) in about a
 * minute, deep or not and whether in one list or many. Pages write an inner item on a line of its own.
 */
export const MAX_ITEMS_OPENING_CONTAINERS = 200;

/**
 * Largest source image, in pixels (src/bundle/image-check.ts; the web editor checks uploads against it
 * too). 100 megapixels is twice a 48 MP phone photo; decoding one takes some 400 MB, while a
 * 30000×30000 PNG (900 MP) would take 2.7 GB. The site uses at most 2400 px.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Aliases yaml may expand in one file (its own default); an alias bomb needs far more. */
export const MAX_YAML_ALIASES = 100;

/**
 * Listed professionals (`listed` left out is true). Each adds 0.9 kB to every page (menu, footer, structured
 * data): 300 made 307 pages of 296 kB, 10,000 never finished. 20 is a large group practice, two phone screens of menu.
 */
export const MAX_LISTED_PROFESSIONALS = 20;

/** Listing past MAX_LISTED_PROFESSIONALS: one error, at the first professional too many in the menu's order (`order`, then file). */
export function checkListed(entries: { kind: string; file: string; data: unknown; source: YamlSource }[]): ContentError[] {
  const listed = entries.filter(({ kind, data }) => kind === 'professional' && (data as { listed?: unknown } | null)?.listed !== false);
  if (listed.length <= MAX_LISTED_PROFESSIONALS) return [];
  const order = (data: unknown) => Number((data as { order?: unknown } | null)?.order) || 0;
  listed.sort((a, b) => order(a.data) - order(b.data) || (a.file < b.file ? -1 : 1));
  const { file, source } = listed[MAX_LISTED_PROFESSIONALS]!;
  return [new ContentError(file, lineOf(source, ['listed']), 'listed', say('tooManyListed', { count: listed.length, limit: MAX_LISTED_PROFESSIONALS }))];
}

/** The problems of one Markdown body: too long, or nested too deep. `bodyLine` is the file line it starts on. */
export function checkBody(file: string, body: string, bodyLine: number): ContentError[] {
  const bytes = Buffer.byteLength(body);
  if (bytes > MAX_BODY_BYTES) {
    return [new ContentError(file, bodyLine, 'body', bodyProblems.tooLarge(bytes, MAX_BODY_BYTES))];
  }
  const { deepest, crowded } = scanNesting(body);
  if (deepest && deepest.depth > MAX_NESTING) {
    return [new ContentError(file, bodyLine + deepest.line - 1, 'body', bodyProblems.tooDeep(deepest.what, deepest.depth, MAX_NESTING))];
  }
  if (crowded !== undefined) return [new ContentError(file, bodyLine + crowded - 1, 'body', bodyProblems.itemsOpeningContainers(MAX_ITEMS_OPENING_CONTAINERS))];
  return [];
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/**
 * One container marker a line may open with, after the ones before it: a blockquote's `>` (group 2) or
 * a list item's marker (group 3), each after its indentation (group 1). A marker takes a space or a line
 * end after it; so `- - - x` and `> 1. - x` are a marker each, and a line of words is none.
 */
const CONTAINER = /([ \t]*)(?:(>)|([-*+]|\d{1,9}[.)])(?=[ \t]|$))[ \t]?/y;
/** Runs of emphasis delimiters. */
const DELIMITERS = /\*+|_+/g;
const SPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** What is nested, as the code of its message. */
type Nested = Parameters<typeof bodyProblems.tooDeep>[0];

interface Deepest {
  depth: number;
  line: number;
  what: Nested;
}

/**
 * One pass over the text: the deepest nesting of blockquotes and list items (however they are written:
 * one per line and indented, or several on one line, `- - - x` or `> 1. > x`), of raw HTML elements, and
 * of emphasis; with its 1-based line. Each is a level of recursion in the parser or the tree's walkers,
 * which overflow the stack at about a thousand. `crowded`: the 1-based line where the list items that
 * open a container on their own line pass MAX_ITEMS_OPENING_CONTAINERS. Linear in the text: each
 * character is looked at a bounded number of times, so the check costs nothing next to the parse it protects.
 */
function scanNesting(body: string): { deepest?: Deepest; crowded?: number } {
  let deepest: Deepest | undefined;
  let crowded: number | undefined;
  let itemsOpening = 0;
  const note = (depth: number, line: number, what: Nested) => {
    if (depth > (deepest?.depth ?? MAX_NESTING)) deepest = { depth, line, what };
  };
  let html = 0;
  const emphasis = { open: 0 };
  const lines = body.split('\n');
  for (const [index, text] of lines.entries()) {
    const line = index + 1;
    const { quotes, lists, itemOpens } = containers(text);
    if (itemOpens && ++itemsOpening === MAX_ITEMS_OPENING_CONTAINERS + 1) crowded = line;
    if (quotes > 0 && lists > 0) note(quotes + lists, line, 'tooDeepQuotesAndLists');
    else if (quotes > 0) note(quotes, line, 'tooDeepQuotes');
    else note(lists, line, 'tooDeepLists');
    for (const tag of text.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*?(\/?)>/g)) {
      if (VOID_ELEMENTS.has(tag[2]!.toLowerCase()) || tag[3]) continue;
      html = tag[1] ? Math.max(0, html - 1) : html + 1;
      note(html, line, 'tooDeepHtml');
    }
    // Emphasis never spans a blank line (a paragraph's end).
    if (text.trim() === '') emphasis.open = 0;
    else note(emphasisDepth(text, emphasis), line, 'tooDeepEmphasis');
  }
  return { deepest, crowded };
}

/**
 * The blockquotes and list items a line is nested in, as far as the line shows: its markers one after
 * another, the first list marker counting a level per two columns of indentation before it (the least
 * CommonMark nests a list item with; an item's continuation lines are indented the same way).
 * `itemOpens`: a list marker is followed on the line by another marker (`- - x`, `1. > x`).
 */
function containers(text: string): { quotes: number; lists: number; itemOpens: boolean } {
  // A thematic break (`- - -`, `* * *`) looks like list markers: where the rest of the line is one,
  // counting stops (undercounting by at most the two markers of `- -`).
  const breakFrom = thematicBreakStart(text);
  let quotes = 0;
  let lists = 0;
  let itemOpens = false;
  CONTAINER.lastIndex = 0;
  for (let match = CONTAINER.exec(text); match && match[0] !== ''; match = CONTAINER.exec(text)) {
    if (match.index + match[1]!.length >= breakFrom && !match[2]) break;
    itemOpens ||= lists > 0;
    if (match[2]) quotes++;
    else lists += lists === 0 ? Math.floor(match[1]!.replace(/\t/g, '    ').length / 2) + 1 : 1;
  }
  return { quotes, lists, itemOpens };
}

/** Where the longest end of `text` made of one of `-`, `*`, `_` and spaces starts (its length when none). */
function thematicBreakStart(text: string): number {
  let start = text.length;
  let mark: string | undefined;
  for (let at = text.length - 1; at >= 0; at--) {
    const char = text[at]!;
    if (char === ' ' || char === '\t') continue;
    if ((char === '-' || char === '*' || char === '_') && (mark ?? char) === char) {
      mark = char;
      start = at;
    } else break;
  }
  return start;
}

/**
 * The emphasis open at the deepest point of a line, carried over from the paragraph's earlier lines:
 * a delimiter run that can open (CommonMark's left-flanking) opens a level per two characters (`***`
 * is strong and emphasis), one that can only close closes as many. An upper bound of what the parser
 * nests, measured where it closes (unclosed openers are text, and nest nothing).
 */
function emphasisDepth(text: string, state: { open: number }): number {
  let deepest = 0;
  for (const run of text.matchAll(DELIMITERS)) {
    const before = text.charAt(run.index - 1);
    const after = text.charAt(run.index + run[0].length);
    const levels = Math.ceil(run[0].length / 2);
    const opens = flanking(after, before);
    const closes = flanking(before, after);
    if (closes && state.open > 0) {
      deepest = Math.max(deepest, state.open);
      state.open = Math.max(0, state.open - levels);
    }
    if (opens && !closes) state.open += levels;
  }
  return deepest;
}

/** CommonMark's flanking rule, on the side of `inside` (the text the run would wrap) with `outside` beyond it. */
function flanking(inside: string, outside: string): boolean {
  if (inside === '' || SPACE.test(inside)) return false;
  if (!PUNCTUATION.test(inside)) return true;
  return outside === '' || SPACE.test(outside) || PUNCTUATION.test(outside);
}
