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
