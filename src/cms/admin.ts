// The web editor's files (/admin: the page, the generated config, Sveltia CMS's prebuilt bundle, our editor script and Italian strings) and the headers that page alone gets.
import { basePath } from '../base-path.ts';
import type { SiteConfig } from '../content/schema.ts';
import { ADMIN_DIR, fileOfPath } from '../routes.ts';
import { bundleEditorScript } from './bundle-editor.ts';
import { cmsConfig, renderCmsConfig, type CmsBackend } from './config.ts';
import { italianStrings } from './locale.ts';
import { sveltiaFiles } from './sveltia-package.ts';
import type { PreviewSite } from './browser/preview.ts';

/** The editor's page: `/admin` (the hosts and `preview` also answer `/admin/` with it). */
export const ADMIN_PAGE = fileOfPath(`/${ADMIN_DIR}`);
/** The URL patterns of `_headers` that cover the page and its files. */
export const ADMIN_PATTERNS = [`/${ADMIN_DIR}`, `/${ADMIN_DIR}/*`] as const;

/**
 * The editor's Content-Security-Policy, looser than the site's only where Sveltia needs it: its
 * components inject `<style>` elements ('unsafe-inline' styles), it shows picked images as `blob:`
 * URLs and compiles its WebP encoder from WebAssembly ('wasm-unsafe-eval') in a blob: worker. It talks
 * to its own origin and, online, to GitHub's API; local editing needs no server at all (the browser
 * writes the files). GitHub sign-in happens in a pop-up, which the policy does not govern.
 */
export function adminContentSecurityPolicy(backend: CmsBackend): string {
  const github = backend.name === 'github';
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(github ? ['https://avatars.githubusercontent.com'] : [])]],
    ['connect-src', ["'self'", 'blob:', 'data:', ...(github ? ['https://api.github.com'] : [])]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", 'blob:']],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** What the editor needs from the build: where the content is, which backend, the site's stylesheet for previews. */
export interface AdminInputs {
  site: SiteConfig;
  backend: CmsBackend;
  /** `watch --edit`: the page offers editing the files on this computer alone (`data-local-editing`, sveltia-package.ts). */
  localEditor?: boolean;
  contentDir: string;
  /** The Git repository's folder: config paths are relative to it. */
  root: string;
  /** What the previews render pages from: the content as this build validated it, its images' URLs and the site's stylesheet. */
  preview: PreviewSite;
  packageRoot: string;
  cacheDir: string;
}

/** Output path -> bytes for /admin: the page, config.yml, Sveltia's bundle, our editor script, the Italian strings and what the previews render from. */
export async function adminFiles(inputs: AdminInputs): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  files.set(ADMIN_PAGE, Buffer.from(adminPage(inputs.site, inputs.preview.assets.stylesheet, inputs.localEditor)));
  files.set(
    `${ADMIN_DIR}/config.yml`,
    Buffer.from(
      renderCmsConfig(cmsConfig(inputs.backend, inputs.contentDir, inputs.root, inputs.preview.entries.services)),
    ),
  );
  const folder = `${basePath(inputs.site.url)}${ADMIN_DIR}`;
  const [sveltia, script, strings] = await Promise.all([
    sveltiaFiles(inputs.packageRoot, folder),
    bundleEditorScript(inputs.packageRoot, inputs.cacheDir),
    italianStrings(inputs.packageRoot),
  ]);
  for (const [name, bytes] of sveltia) files.set(`${ADMIN_DIR}/${name}`, bytes);
  files.set(`${ADMIN_DIR}/${EDITOR_SCRIPT}`, script);
  files.set(`${ADMIN_DIR}/${EDITOR_STYLE}`, Buffer.from(EDITOR_CSS));
  files.set(`${ADMIN_DIR}/locales/it.json`, strings);
  files.set(`${ADMIN_DIR}/${PREVIEW_SITE}`, Buffer.from(JSON.stringify(inputs.preview)));
  return files;
}

const EDITOR_SCRIPT = 'editor.js';
const EDITOR_STYLE = 'editor.css';
const PREVIEW_SITE = 'preview.json';
/** Our additions to Sveltia's look: the reasons a save was refused, one per line; the line on the last publication (publication.ts). */
const EDITOR_CSS = `[role='dialog'] .error, [role='alertdialog'] .error { white-space: pre-line; }
#publication { position: fixed; inset: auto auto 8px 8px; z-index: 10; max-width: min(40rem, calc(100vw - 16px)); margin: 0; padding: 6px 12px; border: 1px solid; border-radius: 8px; background: var(--sui-primary-background-color); font: var(--sui-font-size-default) var(--sui-font-family-default); }
#publication[data-state='failed'] { border-color: var(--sui-error-border-color); background: var(--sui-error-background-color); color: var(--sui-error-foreground-color); }
@media (width < 768px) { #publication { bottom: 64px; } }
`;

function adminPage(site: SiteConfig, stylesheet: string, localEditor = false): string {
  // Under the site's base path like every other file (a GitHub Pages project site lives under /<repo>/).
  const folder = `${basePath(site.url)}${ADMIN_DIR}`;
  // No inline script: the page's own policy allows none. Our script runs first (it holds Sveltia's
  // start until the previews and checks are registered) and reads the site's details from its own tag.
  return `<!doctype html>
<html lang="it"${localEditor ? ' data-local-editing' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Redazione · ${escapeHtml(site.name)}</title>
<link href="${folder}/config.yml" type="application/yaml" rel="cms-config-url">
<link href="${folder}/${EDITOR_STYLE}" rel="stylesheet">
</head>
<body>
<script src="${folder}/${EDITOR_SCRIPT}" data-stylesheet="${escapeHtml(stylesheet)}" data-preview="${folder}/${PREVIEW_SITE}" data-site="${escapeHtml(site.url)}"></script>
<script src="${folder}/sveltia-cms.js"></script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
