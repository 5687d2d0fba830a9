// Every internal link and asset reference in the output must point at a file of the output.
import type { FindMention } from '../content/mentions.ts';
import { ContentError } from '../errors.ts';
import { say } from '../messages/text.ts';
import { filesForPath } from '../routes.ts';
import type { Route } from '../model/site-model.ts';
import { hash } from '../cache-file.ts';
import { NO_MEMO, type Memo } from '../memo.ts';

const REFERENCE = /\s(?:href|src|srcset|imagesrcset|action|poster)="([^"]*)"/gi;

/**
 * A ContentError per internal URL that resolves to no output file, naming the page and the content
 * file that holds the link, at the line `findMention` (from the load stage) gives.
 */
export function checkLinks(
  pages: readonly { route: Route; html: string }[],
  files: ReadonlySet<string>,
  findMention: FindMention,
  base = '/',
  memo: Memo = NO_MEMO,
): ContentError[] {
  // A page's links can only break when its HTML or the set of files changes: the pages `watch` reused
  // (the same objects) that passed against the same files need no second look.
  const passed = memo.keep('links', hash([...files].join('\n')), () => new WeakSet<object>());
  return pages.flatMap((page) => {
    const problems = passed.has(page) ? [] : linkProblems(page.route, brokenUrls(page.html, files, base), findMention);
    if (problems.length === 0) passed.add(page);
    return problems;
  });
}

/** The internal URLs of one page's HTML that resolve to no output file, each once, in the order they appear. */
function brokenUrls(html: string, files: ReadonlySet<string>, base = '/'): string[] {
  const broken = new Set<string>();
  for (const match of html.matchAll(REFERENCE))
    for (const url of urlsIn(match[0], decodeEntities(match[1]!))) if (!resolves(url, files, base)) broken.add(url);
  return [...broken];
}

/** A ContentError per broken URL of the page of `route`, at the content line that holds the link. */
function linkProblems(route: Route, urls: readonly string[], findMention: FindMention): ContentError[] {
  const where = route.path ?? 'the 404 page';
  return urls.map((url) => {
    const { file, line } = locate(route.sources, url, findMention) ?? { file: route.source, line: 0 };
    return new ContentError(file, line, say('fieldLink'), say('brokenLink', { where, url }));
  });
}

/** The first of the page's content files with a line mentioning `url` (a page may render several files). */
function locate(
  sources: readonly string[],
  url: string,
  findMention: FindMention,
): { file: string; line: number } | undefined {
  for (const file of sources) {
    const line = findMention(file, url);
    if (line !== undefined) return { file, line };
  }
  return undefined;
}

/** The site-internal URLs of one attribute (`srcset` holds several). */
function urlsIn(attribute: string, value: string): string[] {
  const candidates = /srcset=/i.test(attribute)
    ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')
    : [value];
  return candidates
    .filter((url) => url.startsWith('/') && !url.startsWith('//'))
    .map((url) => url.replace(/[?#].*$/, ''));
}

/** Resolved by the clean-URL rule every server follows (`src/routes.ts`), below the site's base path. */
function resolves(url: string, files: ReadonlySet<string>, base: string): boolean {
  if (!url.startsWith(base)) return false;
  return filesForPath(safeDecode(`/${url.slice(base.length)}`)).some((file) => files.has(file));
}

// A malformed escape such as `/50%e` must be reported as a broken link, not crash the build.
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}
