// Every internal link and asset reference in the output must point at a file of the output.
import { readFileSync } from 'node:fs';
import { ContentError } from '../errors.ts';
import type { Page } from './render-pages.ts';

const REFERENCE = /\s(?:href|src|srcset|imagesrcset|action|poster)="([^"]*)"/gi;

/** A ContentError per internal URL that resolves to no output file, naming page and source file. */
export function checkLinks(pages: readonly Page[], files: ReadonlySet<string>): ContentError[] {
  const problems: ContentError[] = [];
  for (const page of pages) {
    const reported = new Set<string>();
    for (const match of page.html.matchAll(REFERENCE)) {
      for (const url of urlsIn(match[0], decodeEntities(match[1]!))) {
        if (reported.has(url) || resolves(url, files)) continue;
        reported.add(url);
        const where = page.route.path ?? 'the 404 page';
        problems.push(
          new ContentError(page.route.source, lineMentioning(page.route.source, url), 'link', `${where} links to ${url}, which is not a page or file of the site`),
        );
      }
    }
  }
  return problems;
}

/** The site-internal URLs of one attribute (`srcset` holds several). */
function urlsIn(attribute: string, value: string): string[] {
  const candidates = /srcset=/i.test(attribute) ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
  return candidates.filter((url) => url.startsWith('/') && !url.startsWith('//')).map((url) => url.replace(/[?#].*$/, ''));
}

/** Clean URLs: `/` is index.html, `/contatti` is contatti.html; anything else must exist as is. */
function resolves(url: string, files: ReadonlySet<string>): boolean {
  const file = decodeURIComponent(url.slice(1));
  if (file === '') return files.has('index.html');
  return files.has(file) || files.has(`${file}.html`) || files.has(`${file.replace(/\/$/, '')}/index.html`);
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
}

// Only read when a link is broken: find the line of the source file that mentions it, else 0.
function lineMentioning(file: string, url: string): number {
  try {
    const index = readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(url));
    return index + 1;
  } catch {
    return 0;
  }
}
