// The HTML of Markdown bodies made of headings, paragraphs and tight bullet lists, with emphasis, links and code spans, without unified: the same bytes.
//
// Most bodies are a few paragraphs of prose, a privacy notice, a biography with a link, a service with a
// list. unified costs each body 0.3–0.6 ms, and its loading and first run (micromark, mdast, hast, the
// sanitiser and the serialiser) 40–60 ms of a cold build's main thread; a site whose bodies all stay in
// this language never loads it. The accepted language is kept small enough that every CommonMark rule
// that could apply to it is decided here, and everything in it survives GitHub's sanitising schema
// unchanged: anything else, however harmless, returns undefined and takes the full pipeline
// (src/model/markdown.ts). test/unit/plain-blocks.test.ts compares both ways over generated bodies, the
// edges of this language and the repository's own content.
//
// Kept because it pays (issue 23's bar: 10 % of a truly cold build of the sample). Whole-process CPU of
// `build`, A/B alternating, 15 pairs, no output folder, cache folder emptied but for the encoded photos:
// 520 ms with it, 638 ms without (+118 ms, se 10: 23 %). With the photos encoded too, 1,654 against
// 1,730 ms (+76 ms, se 17, 10 pairs: 4.6 %).

/**
 * A character outside the language: it holds letters, digits, spaces, line ends and the punctuation
 * below, none of which needs escaping in HTML; `*`, `_`, `[`, `]`, `` ` ``, `#` and `=` are checked further
 * by `inlineHtml` (`#` and `=` only in a link's destination). Tested once on the whole body, and lines
 * then only for their spaces (`isLine`).
 */
const OUTSIDE = /[^\p{L}\p{N} \n.,;:!?'()/\-–—“”‘’+@*_[\]`#=]/u;
/**
 * How a paragraph's or a list item's line may start: no block construct starts this way (lists need a
 * marker then a space, numbered ones a digit, breaks and headings punctuation only or a `#`; a `[` is a
 * link, never a definition, since `inlineHtml` wants `](` after the text).
 */
const START = /^(?:[\p{L}(“‘[`]|\*{1,2}[\p{L}\p{N}])/u;
const HEADING = /^(#{1,6}) (.*)$/;
const WORD = /[\p{L}\p{N}]/u;
/**
 * What may precede an opening `*` run and follow a closing one: nothing, a space, a line end, or one of
 * the accepted characters that CommonMark counts as punctuation (all but letters and digits; `_` is
 * never next to a run, see `inlineHtml`).
 */
const BESIDE_RUN = /^(?:|[ \n.,;:!?'()/\-–—“”‘’+@`])$/;
/** The characters `inlineHtml` acts on (the others are copied as they are). */
const SPECIAL = /[`[\]*#=_]/g;
/** A link, from its `[`: its text and destination (both checked further). */
const LINK = /\[([^\]]*)\]\(([^)]*)\)/y;
/** A code span's text: no space (CommonMark trims one on each side), nothing Markdown or HTML reads. */
const CODE = /^[\p{L}\p{N}._/:+@_-]+$/u;
/** A link's text: plain words (its `_` checked as elsewhere), no brackets, emphasis or code. */
const LINK_TEXT = /^[^ [\]*`#=\n](?:[^[\]*`#=\n]*[^ [\]*`#=\n])?$/u;
/**
 * A link's destination that micromark keeps as written and the sanitiser keeps: a web address, an e-mail
 * address, a path of this site or a fragment; no character it would percent-encode or HTML escape.
 */
const DESTINATION =
  /^(?:https?:\/\/[A-Za-z0-9.-]+(?:\/[A-Za-z0-9._~/-]*)?(?:\?[A-Za-z0-9._~=-]*)?|mailto:[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+|\/[A-Za-z0-9._~/-]*)(?:#[A-Za-z0-9._-]+)?$|^#[A-Za-z0-9._-]+$/;

/** The sanitised HTML unified would make of `markdown`, when every block is in the language above; otherwise undefined. */
export function plainBlocksHtml(markdown: string): string | undefined {
  if (OUTSIDE.test(markdown)) return undefined;
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  let afterList = false;
  for (let start = 0; start < lines.length;) {
    if (lines[start] === '') {
      start++;
      continue;
    }
    let end = start;
    while (end < lines.length && lines[end] !== '') end++;
    const block = lines.slice(start, end);
    const first = block[0]!;
    let html: string | undefined;
    if (first.startsWith('#')) html = headingHtml(block);
    // A list after a blank line would join the one before it, loosely (paragraphs in its items).
    else if (first.startsWith('- ')) html = afterList ? undefined : listHtml(block);
    else html = block.every(isTextLine) ? wrap('p', inlineHtml(block.join('\n'))) : undefined;
    if (html === undefined) return undefined;
    blocks.push(html);
    afterList = first.startsWith('- ');
    start = end;
  }
  return blocks.join('\n');
}

/** An ATX heading alone in its block, with no closing `#` run (no `#` at all in its text). */
function headingHtml(block: string[]): string | undefined {
  const match = block.length === 1 ? HEADING.exec(block[0]!) : null;
  if (!match || !isLine(match[2]!) || match[2]!.includes('#')) return undefined;
  return wrap(`h${match[1]!.length}`, inlineHtml(match[2]!));
}

/**
 * A tight list of `- ` items, each line after the first indented by exactly the marker's two columns
 * (the item's own paragraph, never a nested block or a lazy line).
 */
function listHtml(block: string[]): string | undefined {
  const items: string[][] = [];
  for (const line of block) {
    if (line.startsWith('- ')) items.push([line.slice(2)]);
    else if (line.startsWith('  ')) items.at(-1)!.push(line.slice(2));
    else return undefined;
  }
  const html: string[] = [];
  for (const item of items) {
    const li = item.every(isTextLine) ? wrap('li', inlineHtml(item.join('\n'))) : undefined;
    if (li === undefined) return undefined;
    html.push(li);
  }
  return `<ul>\n${html.join('\n')}\n</ul>`;
}

function isTextLine(line: string): boolean {
  return START.test(line) && isLine(line);
}

/** Words separated by single spaces, none at either end (two at the end are a hard break). */
function isLine(line: string): boolean {
  return line !== '' && line[0] !== ' ' && line.at(-1) !== ' ' && !line.includes('  ');
}

function wrap(tag: string, html: string | undefined): string | undefined {
  return html === undefined ? undefined : `<${tag}>${html}</${tag}>`;
}

/**
 * The HTML of a paragraph's text (lines joined by `\n`), or undefined. Code spans and links are taken
 * first; neither may hold a `*`, so every `*` run is outside them, and then each run must be one or two
 * long and pair with the next run, of the same length: an opener after the start, a space, a line end
 * or punctuation and before a letter or digit (left-flanking only), a closer after a letter or digit and
 * before the end, a space, a line end or punctuation (right-flanking only). CommonMark's delimiter rules can then only
 * pair them this way, around whole links and code spans. A `_` is only ever between two letters or
 * digits, where it can neither open nor close.
 */
function inlineHtml(text: string): string | undefined {
  let html = '';
  let open: { at: number; length: number } | undefined;
  for (let at = 0; at < text.length;) {
    // Every other accepted character is copied as it is: jump to the next one looked at.
    SPECIAL.lastIndex = at;
    const next = SPECIAL.exec(text)?.index ?? text.length;
    html += text.slice(at, next);
    at = next;
    const char = text[at];
    if (char === undefined) break;
    if (char === '`') {
      const close = text.indexOf('`', at + 1);
      const code = text.slice(at + 1, close);
      // Closed by a run of exactly one backtick.
      if (close === -1 || text[close + 1] === '`' || !CODE.test(code)) return undefined;
      html += `<code>${code}</code>`;
      at = close + 1;
    } else if (char === '[') {
      if (text[at - 1] === '!') return undefined; // an image
      LINK.lastIndex = at;
      const link = LINK.exec(text);
      if (!link || !LINK_TEXT.test(link[1]!) || !DESTINATION.test(link[2]!) || !underscoresInWords(link[1]!))
        return undefined;
      html += `<a href="${link[2]}">${link[1]}</a>`;
      at += link[0].length;
    } else if (char === '*') {
      const length = text[at + 1] === '*' ? 2 : 1;
      if (text[at + length] === '*') return undefined;
      if (open === undefined) {
        if (!BESIDE_RUN.test(text.charAt(at - 1)) || !WORD.test(text.charAt(at + length))) return undefined;
        open = { at: html.length, length };
      } else {
        if (length !== open.length || !WORD.test(text.charAt(at - 1)) || !BESIDE_RUN.test(text.charAt(at + length)))
          return undefined;
        const tag = length === 2 ? 'strong' : 'em';
        html = `${html.slice(0, open.at)}<${tag}>${html.slice(open.at)}</${tag}>`;
        open = undefined;
      }
      at += length;
    } else if (char === '_' && WORD.test(text.charAt(at - 1)) && WORD.test(text.charAt(at + 1))) {
      html += char;
      at++;
    } else {
      return undefined; // `]`, `#`, `=`, or a `_` that is not inside a word
    }
  }
  return open === undefined ? html : undefined;
}

function underscoresInWords(text: string): boolean {
  for (let at = text.indexOf('_'); at !== -1; at = text.indexOf('_', at + 1))
    if (!(WORD.test(text.charAt(at - 1)) && WORD.test(text.charAt(at + 1)))) return false;
  return true;
}
