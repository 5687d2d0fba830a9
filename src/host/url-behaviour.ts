// The URL behaviour every way of serving the site must show: `preview`, `watch`, and each host configuration brochure writes.
import { BUILT_IN_PATHS, NOT_FOUND_FILE } from '../routes.ts';
import { contentType } from '../serve/media-types.ts';

/** Hashed file names never change content, so browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Everything else (pages, sitemap, robots, favicon) is revalidated on every use, so a deploy shows at once. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

// A dot-delimited hex or base32 run of 8+ chars before the extension marks a fingerprinted asset.
const HASHED = /\.(?:[0-9a-f]{8,}|[a-z2-7]{8,}|[A-Z2-7]{8,})\.[^./]+$/;

/** The Cache-Control an output file is served with. */
export function cacheControl(file: string): string {
  return file.startsWith('static/') && HASHED.test(file) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

/** The one folder whose name starts with a dot that is served: `.well-known/` (security.txt, domain verification). */
export const WELL_KNOWN_DIR = '.well-known';

/**
 * Whether a request path (decoded, below the base path) names a hidden file or folder: any segment
 * starting with a dot but `.well-known`. A deploy folder may hold `.git/` or `.env` (a site copied with
 * rsync, a repository checked out in place); no way of serving the site shows them.
 */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') && segment !== WELL_KNOWN_DIR);
}

/** What one request must get back. Every response also carries the security headers of `_headers`' `/*` rule. */
export interface UrlExpectation {
  /** What the row stands for, e.g. "a page with a trailing slash". */
  name: string;
  /** The request path (with the base path). */
  path: string;
  status: 200 | 301 | 404;
  /** For 301: the Location header, exactly (a path, query kept). */
  location?: string;
  /** For 200 and 404: the output file whose bytes are the body. */
  file?: string;
  contentType?: string;
  cacheControl?: string;
}

/** What the table needs from a concrete build. */
export interface UrlTableInput {
  /** The site's base path: `/` at a domain's root, `/studio-pss/` for a GitHub Pages project site. */
  base: string;
  /** One hashed asset of the build, as an output file (`static/js/client.3f9a….js`). */
  hashedAsset: string;
  /** A file of the build under `.well-known/` (from `content/public/`), when it has one: served like any other. */
  wellKnown?: string;
}

/**
 * The table. Canonical URLs have no trailing slash and no `.html` (the home page is the base path
 * itself); other spellings of an existing page get a 301 to it, query string kept; anything else
 * gets `404.html` with status 404, the host's own files (`_headers`, `_redirects`) included.
 */
export function urlTable({ base, hashedAsset, wellKnown }: UrlTableInput): UrlExpectation[] {
  const at = (path: string) => `${base}${path.replace(/^\//, '')}`;
  const page = BUILT_IN_PATHS.contacts;
  const html = { contentType: contentType('index.html'), cacheControl: REVALIDATE_CACHE_CONTROL };
  const missing = { status: 404 as const, file: NOT_FOUND_FILE, ...html };
  const rows: UrlExpectation[] = [
    { name: 'home page', path: at('/'), status: 200, file: 'index.html', ...html },
    { name: 'page', path: at(page), status: 200, file: `${page.slice(1)}.html`, ...html },
    { name: 'page with a trailing slash', path: at(`${page}/`), status: 301, location: at(page) },
    {
      name: 'page with a trailing slash and a query',
      path: at(`${page}/?ref=a`),
      status: 301,
      location: at(`${page}?ref=a`),
    },
    { name: 'page file name', path: at(`${page}.html`), status: 301, location: at(page) },
    { name: 'home page file name', path: at('/index.html'), status: 301, location: at('/') },
    { name: 'unknown path', path: at('/non-esiste'), ...missing },
    { name: 'nested unknown path', path: at('/a/b/non-esiste'), ...missing },
    { name: 'unknown file name', path: at('/non-esiste.html'), ...missing },
    { name: 'the 404 page by name', path: at(`/${NOT_FOUND_FILE}`), ...missing },
    { name: 'the 404 page by its clean URL', path: at(`/${NOT_FOUND_FILE.replace(/\.html$/, '')}`), ...missing },
    { name: 'headers file of the host', path: at('/_headers'), ...missing },
    { name: 'redirects file of the host', path: at('/_redirects'), ...missing },
    {
      name: 'hashed asset',
      path: at(`/${hashedAsset}`),
      status: 200,
      file: hashedAsset,
      contentType: contentType(hashedAsset),
      cacheControl: IMMUTABLE_CACHE_CONTROL,
    },
    {
      name: 'sitemap',
      path: at('/sitemap.xml'),
      status: 200,
      file: 'sitemap.xml',
      contentType: contentType('sitemap.xml'),
      cacheControl: REVALIDATE_CACHE_CONTROL,
    },
    {
      name: 'favicon',
      path: at('/favicon.ico'),
      status: 200,
      file: 'favicon.ico',
      contentType: contentType('favicon.ico'),
      cacheControl: REVALIDATE_CACHE_CONTROL,
    },
  ];
  // Hidden files of the deploy folder (a test plants these there) are missing, however the URL spells them.
  rows.push(
    { name: 'a hidden folder of the deploy folder (.git/)', path: at('/.git/config'), ...missing },
    { name: 'a hidden file of the deploy folder (.env)', path: at('/.env'), ...missing },
    { name: 'a hidden file, its dot percent-encoded', path: at('/%2Eenv'), ...missing },
    { name: 'a hidden file inside a folder with headers of its own', path: at('/static/.env'), ...missing },
  );
  if (wellKnown)
    rows.push({
      name: 'a file of .well-known/',
      path: at(`/${wellKnown}`),
      status: 200,
      file: wellKnown,
      contentType: contentType(wellKnown),
      cacheControl: REVALIDATE_CACHE_CONTROL,
    });
  if (base !== '/') {
    rows.push(
      // Under a sub-folder, the folder's name without its slash leads to the home page too.
      { name: 'base path without its slash', path: base.slice(0, -1), status: 301, location: base },
      // Outside it is not the site's: the site's 404 page, as for any missing URL.
      { name: 'outside the sub-path: the domain root', path: '/', ...missing },
      { name: 'outside the sub-path: a page name', path: BUILT_IN_PATHS.contacts, ...missing },
      { name: 'outside the sub-path: a name that starts like it', path: `${base.slice(0, -1)}-altro/`, ...missing },
    );
  }
  return rows;
}
