// The editor's output: its files, its own policy in `_headers` and nginx, and nothing at all for a site without an editor.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE, adminContentSecurityPolicy, adminFiles } from '../../src/cms/admin.ts';
import { adminBuild, editorRoot, siteAdminHeaderRules } from '../../src/cms/build-admin.ts';
import { headersFor, parseHeadersFile } from '../../src/host/headers-file.ts';
import { resolveOptions } from '../../src/options.ts';
import { siteConfig } from '../helpers/site-config.ts';
import { contentSecurityPolicy, renderHeadersFile } from '../../src/host/headers.ts';
import { renderNginxConfig } from '../../src/host/nginx.ts';

const site = siteConfig;

// A name with markup in it: the admin page must escape it.
const withEditor = site({ name: 'Studio <Prova>', cms: { repo: 'studio-pss/sito' } });
const options = resolveOptions({ content: 'content' }, '/repo');

describe('adminBuild', () => {
  it('adds no file and no header rule for a site without an editor: its output is as before', async () => {
    const admin = await adminBuild(site(), undefined, options, '/static/css/site.css');
    expect(admin.files.size).toBe(0);
    expect(renderHeadersFile(site(), admin.headers)).toBe(renderHeadersFile(site()));
    const root = { root: '/var/www/studio.example.com' };
    expect(renderNginxConfig(site(), { ...root, extraRules: admin.headers })).toBe(renderNginxConfig(site(), root));
  });

  it('writes the page, config.yml, the preview setup and Decap with its lazy chunks, without source maps', async () => {
    const { files } = await adminBuild(withEditor, undefined, options, '/static/css/site.abc.css');
    const names = [...files.keys()];
    expect(names).toContain(ADMIN_PAGE);
    expect(names).toContain('admin/config.yml');
    expect(names).toContain('admin/decap-cms.js');
    expect(names.filter((name) => /^admin\/\d+\.decap-cms\.js$/.test(name)).length).toBeGreaterThan(10);
    expect(names.some((name) => name.endsWith('.map'))).toBe(false);
    const page = Buffer.from(files.get(ADMIN_PAGE)!).toString();
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('<title>Redazione · Studio &lt;Prova&gt;</title>');
    expect(page).not.toMatch(/<script>|<style|style=/);
    const setup = Buffer.from(files.get('admin/setup.js')!).toString();
    expect(setup).toContain('CMS.registerPreviewStyle("/static/css/site.abc.css");');
    expect(setup).toContain('var NUMERIC_FIELDS = {"services":["duration"]};');
    const config = parse(Buffer.from(files.get('admin/config.yml')!).toString());
    expect(config.backend).toMatchObject({ name: 'github', repo: 'studio-pss/sito', branch: 'main' });
  });

  it('loads its config and scripts under the site’s base path (a GitHub Pages project site)', async () => {
    const { files } = await adminBuild(site({ url: 'https://example.github.io/studio-pss/', cms: { repo: 'a/b' } }), undefined, options, '/studio-pss/static/css/site.css');
    const page = Buffer.from(files.get(ADMIN_PAGE)!).toString();
    expect(page).toContain('<link href="/studio-pss/admin/config.yml" type="text/yaml" rel="cms-config-url">');
    expect(page).toContain('<script src="/studio-pss/admin/decap-cms.js"></script>');
    expect(page).toContain('<script src="/studio-pss/admin/setup.js"></script>');
  });

  it('uses the backend watch --edit passes instead of site.yaml’s', async () => {
    const { files } = await adminBuild(site(), { name: 'proxy', proxy_url: '/admin/api/v1' }, options, '/s.css');
    expect(parse(Buffer.from(files.get('admin/config.yml')!).toString()).backend).toEqual({ name: 'proxy', proxy_url: '/admin/api/v1' });
  });
});

describe('the editor’s headers', () => {
  it('give /admin its own policy and leave every other path the strict one, on Netlify/Cloudflare', async () => {
    const { headers } = await adminBuild(withEditor, undefined, options, '/s.css');
    const text = renderHeadersFile(withEditor, headers);
    expect(text).toContain(['/admin', '  ! Content-Security-Policy', `  Content-Security-Policy: ${adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' })}`, '  X-Robots-Tag: noindex'].join('\n'));
    const rules = parseHeadersFile(text);
    const strict = contentSecurityPolicy(withEditor);
    for (const file of ['index.html', 'contatti.html', 'static/js/islands.abc.js', '404.html']) {
      expect(headersFor(rules, file)['Content-Security-Policy'], file).toBe(strict);
      expect(headersFor(rules, file)['X-Robots-Tag'], file).toBeUndefined();
    }
    for (const file of [ADMIN_PAGE, 'admin/config.yml', 'admin/decap-cms.js']) {
      const policy = headersFor(rules, file)['Content-Security-Policy'];
      expect(policy, file).toBe("default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://avatars.githubusercontent.com; connect-src 'self' blob: https://api.github.com; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'");
      expect(headersFor(rules, file)['X-Robots-Tag']).toBe('noindex');
      expect(headersFor(rules, file)['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('give /admin its own policy in the nginx config (host-config reads it from site.yaml), the server block keeping the strict one', async () => {
    const { headers } = await adminBuild(withEditor, undefined, options, '/s.css');
    expect(siteAdminHeaderRules(withEditor)).toEqual(headers);
    const nginx = renderNginxConfig(withEditor, { root: '/var/www/studio.example.com', extraRules: headers });
    const admin = /location = \/admin \{([\s\S]*?)\n {4}\}/.exec(nginx)![1]!;
    expect(admin).toContain(`add_header Content-Security-Policy "${adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' })}" always;`);
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
    expect(adminContentSecurityPolicy({ name: 'proxy', proxy_url: '/admin/api/v1' })).toContain("connect-src 'self' blob:;");
  });
});

describe('editorRoot', () => {
  it('is the working folder when the content is inside it, else the content’s parent', () => {
    expect(editorRoot({ cwd: '/repo', content: '/repo/content' })).toBe('/repo');
    expect(editorRoot({ cwd: '/repo', content: '/tmp/x/content' })).toBe('/tmp/x');
  });
});

it('adminFiles reads Decap once per process', async () => {
  const inputs = { site: withEditor, backend: { name: 'proxy', proxy_url: '/p' } as const, contentDir: '/repo/content', root: '/repo', stylesheet: '/s.css', packageRoot: options.packageRoot };
  const [a, b] = await Promise.all([adminFiles(inputs), adminFiles(inputs)]);
  expect(a.get('admin/decap-cms.js')).toBe(b.get('admin/decap-cms.js'));
});
