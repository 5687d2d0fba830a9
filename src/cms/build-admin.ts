// The build's part of the web editor: its files and header rules when site.yaml or `watch --edit` names a backend, nothing otherwise.
import path from 'node:path';
import type { SiteConfig } from '../content/schema.ts';
import type { ResolvedOptions } from '../options.ts';
import type { Header, PathHeaders } from '../host/headers.ts';
import { ADMIN_PATTERNS, adminContentSecurityPolicy, adminFiles } from './admin.ts';
import type { PreviewSite } from './browser/preview.ts';
import { siteBackend, type CmsBackend } from './config.ts';

/** The editor's output files and the header rules of its paths; both empty for a site without an editor (in site.yaml or, with `localEditor`, from `watch --edit`). */
export async function adminBuild(
  site: SiteConfig,
  localEditor: boolean,
  options: ResolvedOptions,
  preview: PreviewSite,
): Promise<{ files: Map<string, Uint8Array>; headers: PathHeaders[] }> {
  const root = editorRoot(options);
  // `watch --edit` on a site without an online editor: Sveltia edits the files on this computer only.
  const backend: CmsBackend | undefined =
    siteBackend(site) ?? (localEditor ? { name: 'local', folder: path.basename(root) } : undefined);
  if (!backend) return { files: new Map(), headers: [] };
  const files = await adminFiles({
    site,
    backend,
    localEditor,
    contentDir: options.content,
    root,
    preview,
    packageRoot: options.packageRoot,
    cacheDir: options.cacheDir,
  });
  const headers = adminHeaderRules(backend);
  return { files, headers };
}

/**
 * The editor's own header rules: a Content-Security-Policy with what Sveltia needs, replacing the
 * pages' stricter one on its paths only, and `noindex` (the page carries a robots meta tag too; the
 * header also covers config.yml and the scripts).
 */
export function adminHeaderRules(backend: CmsBackend): PathHeaders[] {
  const headers: Header[] = [
    ['Content-Security-Policy', adminContentSecurityPolicy(backend)],
    ['X-Robots-Tag', 'noindex'],
  ];
  return ADMIN_PATTERNS.map((path) => ({ path, headers, replaces: true }));
}

/** The editor's header rules for `host-config`, when site.yaml names the editor's repository. */
export function siteAdminHeaderRules(site: SiteConfig): PathHeaders[] {
  const backend = siteBackend(site);
  return backend ? adminHeaderRules(backend) : [];
}

/**
 * The folder the editor's paths start from (the Git repository, for the online editor): the
 * working folder when the content is inside it, else the content folder's parent.
 */
export function editorRoot(options: Pick<ResolvedOptions, 'cwd' | 'content'>): string {
  const inside = path.relative(options.cwd, options.content);
  return inside.startsWith('..') || path.isAbsolute(inside) ? path.dirname(options.content) : options.cwd;
}
