// The editor's output: its files, its own policy in `_headers` and nginx, and nothing at all for a site without an editor.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE, adminContentSecurityPolicy, adminFiles } from '../../src/cms/admin.ts';
import { adminBuild, editorRoot, siteAdminHeaderRules } from '../../src/cms/build-admin.ts';
import type { PreviewSite } from '../../src/cms/browser/preview.ts';
import { headersFor, parseHeadersFile } from '../../src/host/headers-file.ts';
import { resolveOptions } from '../../src/options.ts';
import { siteConfig } from '../helpers/site-config.ts';
import { contentSecurityPolicy, renderHeadersFile } from '../../src/host/headers.ts';
import { renderNginxConfig } from '../../src/host/nginx.ts';

const site = siteConfig;

// A name with markup in it: the admin page must escape it.
const withEditor = site({ name: 'Studio <Prova>', cms: { repo: 'studio-pss/sito' } });
const options = resolveOptions({ content: 'content' }, '/repo');

/** What the previews render from; these tests look at the editor's files and headers, which only carry the entries as JSON. */
const preview = (stylesheet: string): PreviewSite => ({
  entries: {} as PreviewSite['entries'],
  assets: { stylesheet, script: '/static/js/islands.js', images: {} },
  base: '/',
});

describe('adminBuild', () => {
  it('adds no file and no header rule for a site without an editor: its output is as before', async () => {
    const admin = await adminBuild(site(), false, options, preview('/static/css/site.css'));
    expect(admin.files.size).toBe(0);
    expect(renderHeadersFile(site(), admin.headers)).toBe(renderHeadersFile(site()));
    const root = { root: '/var/www/studio.example.com' };
    expect(renderNginxConfig(site(), { ...root, extraRules: admin.headers })).toBe(renderNginxConfig(site(), root));
  });

  it('writes the page, config.yml, Sveltia’s bundle with what it would fetch from CDNs, our script and the Italian strings, without source maps', async () => {
    const { files } = await adminBuild(withEditor, false, options, preview('/static/css/site.abc.css'));
    const names = [...files.keys()].sort();
    expect(names).toEqual([
      'admin.html',
      'admin/chunks/react-dom.js',
      'admin/config.yml',
      'admin/editor.css',
      'admin/editor.js',
      'admin/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2',
      'admin/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2',
      'admin/locales/it.json',
      'admin/preview.json',
      'admin/sveltia-cms.js',
      'admin/vendor/@discourse/heic@1.0.0/codec/dec/heic_dec.js',
      'admin/vendor/@discourse/heic@1.0.0/codec/dec/heic_dec.wasm',
      'admin/vendor/@discourse/heic@1.0.0/decode.js',
      'admin/vendor/@discourse/heic@1.0.0/index.js',
      'admin/vendor/@discourse/heic@1.0.0/utils.js',
      'admin/vendor/exifr@7.1.3/dist/lite.esm.mjs',
      'admin/vendor/immutable@5.1.9/dist/immutable.es.js',
      'admin/vendor/turndown@7.2.4/lib/turndown.browser.es.js',
    ]);
    const page = Buffer.from(files.get(ADMIN_PAGE)!).toString();
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('<title>Redazione · Studio &lt;Prova&gt;</title>');
    expect(page).toContain(
      '<script src="/admin/editor.js" data-stylesheet="/static/css/site.abc.css" data-preview="/admin/preview.json" data-site="https://studio.example.com"></script>',
    );
    expect(page).not.toMatch(/<script>|<style|style=/);
    // Nothing in the editor points at a CDN any more: translations, fonts and modules are served from /admin.
    const sveltia = Buffer.from(files.get('admin/sveltia-cms.js')!).toString();
    expect(sveltia).not.toContain('cdn.jsdelivr.net');
    expect(sveltia).not.toContain('https://unpkg.com/${e}');
    expect(sveltia).toContain('`/admin/locales`');
    const config = parse(Buffer.from(files.get('admin/config.yml')!).toString());
    expect(config.backend).toMatchObject({ name: 'github', repo: 'studio-pss/sito', branch: 'main' });
    expect(config.publish_mode).toBe('editorial_workflow');
    const strings = JSON.parse(Buffer.from(files.get('admin/locales/it.json')!).toString());
    expect(strings.cannot_delete_referenced_assets).toMatch(/Questa immagine non si può eliminare/);
    expect(strings.save).toBe('Salva');
  });

  it('loads its config and scripts under the site’s base path (a GitHub Pages project site)', async () => {
    const { files } = await adminBuild(
      site({ url: 'https://example.github.io/studio-pss/', cms: { repo: 'a/b' } }),
      false,
      options,
      preview('/studio-pss/static/css/site.css'),
    );
    const page = Buffer.from(files.get(ADMIN_PAGE)!).toString();
    expect(page).toContain('<link href="/studio-pss/admin/config.yml" type="application/yaml" rel="cms-config-url">');
    expect(page).toContain('<script src="/studio-pss/admin/sveltia-cms.js"></script>');
    expect(page).toContain(
      '<script src="/studio-pss/admin/editor.js" data-stylesheet="/studio-pss/static/css/site.css" data-preview="/studio-pss/admin/preview.json" data-site="https://example.github.io/studio-pss/"></script>',
    );
    expect(Buffer.from(files.get('admin/sveltia-cms.js')!).toString()).toContain('`/studio-pss/admin/locales`');
  });

  it('under watch --edit without an online editor, names the project folder for local editing, and offers no drafts', async () => {
    const { files } = await adminBuild(site(), true, options, preview('/s.css'));
    const config = parse(Buffer.from(files.get('admin/config.yml')!).toString());
    expect(config.backend).toEqual({ name: 'github', repo: 'locale/repo', branch: 'main' });
    expect(config.publish_mode).toBeUndefined();
  });

  it('under watch --edit with an online editor, keeps site.yaml’s', async () => {
    const { files } = await adminBuild(withEditor, true, options, preview('/s.css'));
    expect(parse(Buffer.from(files.get('admin/config.yml')!).toString()).backend).toMatchObject({
      name: 'github',
      repo: 'studio-pss/sito',
    });
  });

  it('marks the page for local editing under watch --edit only, and Sveltia offers it only on a page so marked', async () => {
    const page = async (edit: boolean) =>
      Buffer.from((await adminBuild(withEditor, edit, options, preview('/s.css'))).files.get(ADMIN_PAGE)!).toString();
    expect(await page(true)).toContain('<html lang="it" data-local-editing>');
    expect(await page(false)).toContain('<html lang="it">');
    const { files } = await adminBuild(withEditor, false, options, preview('/s.css'));
    const sveltia = Buffer.from(files.get('admin/sveltia-cms.js')!).toString();
    expect(sveltia).toContain('ZR.isLocalHost=!!document.querySelector(`[data-local-editing]`)&&(');
  });
});

describe('the editor’s headers', () => {
  it('give /admin its own policy and leave every other path the strict one, on Netlify/Cloudflare', async () => {
    const { headers } = await adminBuild(withEditor, false, options, preview('/s.css'));
    const text = renderHeadersFile(withEditor, headers);
    expect(text).toContain(
      [
        '/admin',
        '  ! Content-Security-Policy',
        `  Content-Security-Policy: ${adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' })}`,
        '  X-Robots-Tag: noindex',
      ].join('\n'),
    );
    const rules = parseHeadersFile(text);
    const strict = contentSecurityPolicy(withEditor);
    for (const file of ['index.html', 'contatti.html', 'static/js/islands.abc.js', '404.html']) {
      expect(headersFor(rules, file)['Content-Security-Policy'], file).toBe(strict);
      expect(headersFor(rules, file)['X-Robots-Tag'], file).toBeUndefined();
    }
    for (const file of [ADMIN_PAGE, 'admin/config.yml', 'admin/sveltia-cms.js']) {
      const policy = headersFor(rules, file)['Content-Security-Policy'];
      expect(policy, file).toBe(adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' }));
      expect(policy).not.toContain("'unsafe-eval'");
      expect(policy).toContain('https://api.github.com');
      expect(headersFor(rules, file)['X-Robots-Tag']).toBe('noindex');
      expect(headersFor(rules, file)['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('give /admin its own policy in the nginx config (host-config reads it from site.yaml), the server block keeping the strict one', async () => {
    const { headers } = await adminBuild(withEditor, false, options, preview('/s.css'));
    expect(siteAdminHeaderRules(withEditor)).toEqual(headers);
    const nginx = renderNginxConfig(withEditor, { root: '/var/www/studio.example.com', extraRules: headers });
    const admin = /location = \/admin \{([\s\S]*?)\n {4}\}/.exec(nginx)![1]!;
    expect(admin).toContain(
      `add_header Content-Security-Policy "${adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' })}" always;`,
    );
    expect(admin).toContain('add_header X-Robots-Tag "noindex" always;');
    expect(admin).toContain('add_header Strict-Transport-Security');
    expect(admin).toContain('try_files $uri.html =404;');
    expect(nginx).toMatch(/location = \/admin\/ \{[\s\S]*?return 301 \/admin\$is_args\$args;/);
    expect(nginx).toMatch(/location \^~ \/admin\/ \{[\s\S]*?try_files \$uri =404;/);
    const serverLevel = nginx.split(/\n\s+location/)[0]!;
    expect(serverLevel).toContain(`add_header Content-Security-Policy "${contentSecurityPolicy(withEditor)}" always;`);
    expect(serverLevel).not.toContain('unsafe');
  });

  it('the local editor needs nothing beyond its own origin', () => {
    expect(adminContentSecurityPolicy({ name: 'local', folder: 'sito' })).toContain("connect-src 'self' blob: data:;");
    expect(adminContentSecurityPolicy({ name: 'local', folder: 'sito' })).not.toMatch(/https:/);
  });
});

describe('editorRoot', () => {
  it('is the working folder when the content is inside it, else the content’s parent', () => {
    expect(editorRoot({ cwd: '/repo', content: '/repo/content' })).toBe('/repo');
    expect(editorRoot({ cwd: '/repo', content: '/tmp/x/content' })).toBe('/tmp/x');
  });
});

it('adminFiles reads Sveltia once per process', async () => {
  const inputs = {
    site: withEditor,
    backend: { name: 'local', folder: 'repo' } as const,
    contentDir: '/repo/content',
    root: '/repo',
    preview: preview('/s.css'),
    packageRoot: options.packageRoot,
    cacheDir: options.cacheDir,
  };
  const [a, b] = await Promise.all([adminFiles(inputs), adminFiles(inputs)]);
  expect(a.get('admin/sveltia-cms.js')).toBe(b.get('admin/sveltia-cms.js'));
});
