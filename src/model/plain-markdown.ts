// The HTML of the plainest Markdown bodies (paragraphs of words, *emphasis* and **strong**) without unified: the same bytes, at a small fraction of the cost.
//
// Most biographies and service descriptions are a few paragraphs of prose. unified parses each through
// micromark, mdast, hast, the sanitiser and the serialiser (about 0.3–0.6 ms a body, and each thread
// pays its warm-up); for a body made only of the constructs below, CommonMark leaves no choice about
// the HTML, so it is written directly. Anything else, however harmless, returns undefined and takes
// the full pipeline (src/model/markdown.ts): the accepted language is kept small enough that every
// rule of CommonMark that could apply to it is decided here. test/unit/plain-markdown.test.ts compares
// both ways over generated bodies made of these characters and the ones next to them.

/**
 * One paragraph line: it starts with a letter, or an emphasis run followed by a letter or digit (no
 * block construct starts that way: lists, breaks and headings need a marker followed by a space or
 * made of punctuation only), and holds only letters, digits, single spaces, the punctuation below and
 * `*`. Nothing in it needs escaping in HTML, and none of it is a Markdown construct but `*`.
 */
const LINE = /^(?:\p{L}|\*{1,2}[\p{L}\p{N}])(?:[\p{L}\p{N}.,;:!?'()/*-]| (?! |$))*$/u;
const WORD = /[\p{L}\p{N}]/u;
/** What may follow a closing run: the end of the line, a space, or punctuation that ends a phrase. */
const AFTER_CLOSE = /^(?:$| |[.,;:!?)])/;

/** The sanitised HTML unified would make of `markdown`, when the body is plain paragraphs; otherwise undefined. */
export function plainParagraphsHtml(markdown: string): string | undefined {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line === '') {
      if (lines.length > 0) paragraphs.push(`<p>${lines.join('\n')}</p>`);
      lines = [];
      continue;
    }
    const html = lineHtml(line);
    if (html === undefined) return undefined;
    lines.push(html);
  }
  if (lines.length > 0) paragraphs.push(`<p>${lines.join('\n')}</p>`);
  return paragraphs.join('\n');
}

/**
 * A line's HTML when each `*` run is one or two long and pairs with the next run of the same length on
 * the line: an opener after the line's start or a space, before a letter or digit (left-flanking only);
 * a closer after a letter or digit, before the end, a space or closing punctuation (right-flanking only);
 * no `*` between them. Then CommonMark's delimiter rules can only pair them this way.
 */
function lineHtml(line: string): string | undefined {
  if (!LINE.test(line)) return undefined;
  let html = '';
  let at = 0;
  for (let open = line.indexOf('*'); open !== -1; open = line.indexOf('*', at)) {
    const length = line[open + 1] === '*' ? 2 : 1;
    if (open > 0 && line[open - 1] !== ' ') return undefined;
    if (!WORD.test(line.charAt(open + length))) return undefined;
    const close = line.indexOf('*', open + length);
    if (close === -1) return undefined;
    const closeLength = line[close + 1] === '*' ? 2 : 1;
    if (closeLength !== length || line[close + length] === '*') return undefined;
    if (!WORD.test(line.charAt(close - 1)) || !AFTER_CLOSE.test(line.slice(close + length, close + length + 1))) return undefined;
    const tag = length === 2 ? 'strong' : 'em';
    html += `${line.slice(at, open)}<${tag}>${line.slice(open + length, close)}</${tag}>`;
    at = close + length;
  }
  return html + line.slice(at);
}
