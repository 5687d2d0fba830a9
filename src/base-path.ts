// The base path: the folder of the public URL the site lives under (`/` at a domain's root, `/studio-pss/` on GitHub Pages).

/** `https://example.github.io/studio-pss` and `…/studio-pss/` both give `/studio-pss/`; a domain's root gives `/`. */
export function basePath(siteUrl: string): string {
  const { pathname } = new URL(siteUrl);
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** The base path of a built site, read from the `Sitemap:` line brochure writes into its robots.txt. */
export function basePathOfRobots(robots: string): string {
  const sitemap = /^Sitemap:\s*(\S+)\s*$/m.exec(robots)?.[1];
  return sitemap ? basePath(new URL('.', sitemap).href) : '/';
}

/** A site path (`/contatti`, `/`) as linked from the pages: under the base path (`/studio-pss/contatti`). */
export function sitePath(base: string, path: string): string {
  return `${base}${path.replace(/^\//, '')}`;
}

// Root-relative URLs (not `//host/…`) in the attributes that hold them; srcset lists several.
const URL_ATTRIBUTE = /(\s(?:href|src|srcset|imagesrcset|action|poster)=")([^"]*)"/gi;

/**
 * HTML (Markdown output) with every root-relative URL moved under the base path: editors write
 * `/contatti`, as on any site; a GitHub Pages project site needs `/studio-pss/contatti`.
 */
export function rebaseHtml(html: string, base: string): string {
  if (base === '/') return html;
  return html.replace(URL_ATTRIBUTE, (_match, start: string, value: string) => {
    const rebased = /srcset=/i.test(start)
      ? value
          .split(',')
          .map((part) => rebaseUrl(part.trimStart(), base))
          .join(', ')
      : rebaseUrl(value, base);
    return `${start}${rebased}"`;
  });
}

/** Rendered Markdown (body -> HTML) with every HTML rebased (`rebaseHtml`); the same map under `/`. */
export function rebaseMarkdown<T extends ReadonlyMap<string, string>>(
  markdown: T,
  base: string,
): T | Map<string, string> {
  return base === '/' ? markdown : new Map([...markdown].map(([body, html]) => [body, rebaseHtml(html, base)]));
}

function rebaseUrl(url: string, base: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? sitePath(base, url) : url;
}
