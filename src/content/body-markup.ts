// Markdown a body may contain that the site would not show as written: a heading above the page's own level, strikethrough the pipeline does not render.
import { ContentError } from '../errors.ts';
import { bodyProblems } from '../refusals.ts';
import type { EntryKind } from './load.ts';

/**
 * The highest heading a body may use: each page's title is its <h1> and a service's name the <h2> of
 * its accordion item (templates/pages, templates/islands/ServicesAccordion.tsx), so a body's own
 * headings start one level below.
 */
export function lowestHeadingLevel(kind: EntryKind): number {
  return kind === 'service' ? 3 : 2;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const SETEXT_ONE = /^ {0,3}=+[ \t]*$/;
const SETEXT_TWO = /^ {0,3}-+[ \t]*$/;
/** A line that cannot be a setext heading's text: blank, a list item, a quote, a heading, indented code. */
const NOT_PARAGRAPH = /^(?:\s*$| {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)| {0,3}>| {0,3}#| {4})/;
/** `~~text~~`: strikethrough, which remark renders only with GFM (not used here), so the tildes would show. */
const STRIKE = /~~(?=\S)(?:[^~\n]|~(?!~))*?\S~~/;

/**
 * Warnings for what a body writes that the page would not show as meant: `check` and `build` report
 * them (the page still builds), the web editor refuses to save them (src/cms/entry-check.ts).
 */
export function bodyMarkupProblems(kind: EntryKind, file: string, body: string, bodyLine: number): ContentError[] {
  if (!/[#=~-]/.test(body)) return [];
  const lowest = lowestHeadingLevel(kind);
  const problems: ContentError[] = [];
  const lines = body.split('\n');
  let fence: string | undefined;
  let strikeReported = false;
  lines.forEach((line, index) => {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      return;
    }
    if (fenceMark) {
      fence = fenceMark;
      return;
    }
    const at = bodyLine + index;
    const previous = index > 0 ? lines[index - 1]! : '';
    const level = ATX.exec(line)?.[1]?.length ?? (index > 0 && !NOT_PARAGRAPH.test(previous) ? (SETEXT_ONE.test(line) ? 1 : SETEXT_TWO.test(line) ? 2 : undefined) : undefined);
    if (level !== undefined && level < lowest) problems.push(new ContentError(file, at, 'body', bodyProblems.headingTooHigh(level, lowest), 'warning'));
    if (!strikeReported && STRIKE.test(line.replace(/`[^`]*`/g, ''))) {
      strikeReported = true;
      problems.push(new ContentError(file, at, 'body', bodyProblems.strikethrough, 'warning'));
    }
  });
  return problems;
}
