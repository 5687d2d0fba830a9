// The site's URL space: built-in routes, the slugs they reserve, the privacy path and the clean-URL rule (URL <-> file).
// It imports nothing: content validation, the model, the templates, link checking and every server read it.

/** What a route renders; a template per kind (`templates/pages/index.ts`). */
export type RouteKind = 'home' | 'contacts' | 'services' | 'privacy' | 'professional' | 'not-found';

/** The URLs of the pages every site has; professionals add `/<slug>` each. */
export const BUILT_IN_PATHS = {
  home: '/',
  contacts: '/contatti',
  services: '/percorsi',
  privacy: '/privacy',
} as const satisfies Partial<Record<RouteKind, string>>;

/** The privacy notice's URL: the banner, both forms and the footer link it, and compliance checks they do. */
export const PRIVACY_PATH = BUILT_IN_PATHS.privacy;

/** The page a host answers a missing URL with, status 404; it has no URL of its own. */
export const NOT_FOUND_FILE = '404.html';

/** Icons at the names browsers ask for unprompted (`/favicon.ico`) and iOS looks for on "Add to Home Screen". */
export const FAVICON_FILE = 'favicon.ico';
export const TOUCH_ICON_FILE = 'apple-touch-icon.png';

/** Where the hashed assets (scripts, styles, images) go. */
export const STATIC_DIR = 'static';

/** The web editor's page (`/admin`, when the site has one) and the folder of its files. */
export const ADMIN_DIR = 'admin';

/** Names a professional's slug must not take: each would collide with a built-in page or output file. */
export const RESERVED_SLUGS = [
  'index',
  ...Object.values(BUILT_IN_PATHS)
    .filter((path) => path !== '/')
    .map((path) => path.slice(1)),
  NOT_FOUND_FILE.replace(/\.html$/, ''),
  STATIC_DIR,
  ADMIN_DIR,
] as const;

/** The file a page's clean URL is written to: `/` is `index.html`, `/contatti` is `contatti.html`. */
export function fileOfPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The URL a host serves an output file at: `index.html` is `/`, `contatti.html` is `/contatti`, assets as they are. */
export function pathOfFile(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
}

/**
 * The output files that may answer a decoded URL path, in the order a clean-URL host tries them:
 * the file itself, then `<path>.html`, then `<path>/index.html`. A trailing slash is ignored here;
 * servers redirect it to the URL without.
 */
export function filesForPath(path: string): string[] {
  const rel = path.slice(1).replace(/\/$/, '');
  if (rel === '') return ['index.html'];
  return [rel, `${rel}.html`, `${rel}/index.html`];
}
