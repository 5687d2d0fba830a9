// sitemap.xml and robots.txt from the site's routes.
import { basePath, sitePath } from '../base-path.ts';
import type { SiteModel } from '../model/site-model.ts';

/** The sitemap: one absolute URL per public route, in route order. */
export function renderSitemap(model: SiteModel): string {
  const urls = model.routes
    .filter((route) => route.path !== null)
    .map((route) => `  <url><loc>${escapeXml(absoluteUrl(model.site.url, route.path!))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt allowing everything and pointing at the sitemap. */
export function renderRobots(model: SiteModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(model.site.url, '/sitemap.xml')}\n`;
}

/**
 * `https://site.example/contatti` from `/contatti`: the one place absolute URLs are made, so the
 * sitemap, canonical links, Open Graph and JSON-LD always agree. A site URL with a path puts the
 * route under it (`https://example.github.io/studio-pss/contatti`).
 */
export function absoluteUrl(siteUrl: string, routePath: string): string {
  return new URL(sitePath(basePath(siteUrl), routePath), siteUrl).href;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
