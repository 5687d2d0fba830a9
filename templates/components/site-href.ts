// Links to pages and files of the site, under the base path of its public URL (`/studio-pss/contatti` on a project site).
import { basePath, sitePath, type SiteModel } from '../../src/render/for-templates.ts';

/** The href of a site path (`/contatti`) for a site published at `site.url`. */
export function siteHref(site: Pick<SiteModel['site'], 'url'>, path: string): string {
  return sitePath(basePath(site.url), path);
}
