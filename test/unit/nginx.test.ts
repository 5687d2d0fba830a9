// The nginx server block: headers on every response, caching, canonical redirects, precompression, nothing too new for nginx 1.22.
import { describe, expect, it } from 'vitest';
import { siteConfig as site } from '../helpers/site-config.ts';
import { contentSecurityPolicy, securityHeaders } from '../../src/host/headers.ts';
import { renderNginxConfig } from '../../src/host/nginx.ts';

describe('renderNginxConfig', () => {
  const text = renderNginxConfig(site(), { root: '/var/www/studio.example.com' });
  const addHeaders = (block: string) => block.split('\n').filter((line) => line.trim().startsWith('add_header'));
  const names = (lines: string[]) => lines.map((line) => line.trim().split(' ')[1]);
  const block = (start: string) => text.slice(text.indexOf(start), text.indexOf('}', text.indexOf(start)));

  it('sends every header with `always`, so error pages and redirects get them too', () => {
    const lines = addHeaders(text);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/ always;$/);
  });

  it('sends the security headers and no-cache at server level, and repeats them in /static/ with the long-lived Cache-Control', () => {
    const serverLevel = addHeaders(text.slice(text.lastIndexOf('server {'), text.indexOf('\n    location')));
    expect(names(serverLevel)).toEqual([...securityHeaders(site()).map(([name]) => name), 'Cache-Control']);
    expect(serverLevel.at(-1)).toContain('"no-cache"');
    const staticBlock = block('location ^~ /static/');
    expect(names(addHeaders(staticBlock))).toEqual(names(serverLevel));
    expect(staticBlock).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
  });

  it('quotes the policy as one value, names the host from site.yaml and hides the host files', () => {
    expect(text).toContain(`add_header Content-Security-Policy "${contentSecurityPolicy(site())}" always;`);
    expect(text).toContain('server_name studio.example.com;');
    expect(text).toContain('location = /_headers { return 404; }');
    expect(text).toContain('location = /_redirects { return 404; }');
  });

  it('serves the home page, redirects /index.html, and keeps the 404 page internal', () => {
    expect(text).toContain('location = / { try_files /index.html =404; }');
    expect(text).toContain('location = /index.html { return 301 /$is_args$args; }');
    expect(text).toContain('location = /404.html { internal; }');
    expect(text).toContain('error_page 404 /404.html;');
    expect(text).toContain('absolute_redirect off;');
  });

  it('serves the .gz siblings and leaves brotli to a module Debian ships separately', () => {
    expect(text).toContain('gzip_static on;');
    expect(text).toContain('gzip_vary on;');
    expect(text).toMatch(/^\s*# brotli_static on;/m);
  });

  it('uses nothing newer than nginx 1.22: no `http2` directive (1.25.1), and TLS on 443 with port 80 redirecting', () => {
    expect(text).not.toMatch(/^\s*http2 /m);
    expect(text).toContain('listen 443 ssl;');
    expect(text).toContain('return 301 https://$host$request_uri;');
    // Both server blocks keep nginx's version to themselves, the redirect too.
    expect(text.match(/^\s*server_tokens off;$/gm)).toHaveLength(2);
    expect(text).toContain('ssl_certificate     /etc/ssl/certs/studio.example.com.pem;');
  });

  it('puts every location under the base path of a project site', () => {
    const sub = renderNginxConfig(site({ url: 'https://example.github.io/studio-pss/' }), {
      root: '/srv/www',
      plain: { address: '127.0.0.1', port: 8080 },
    });
    expect(sub).toContain('listen 127.0.0.1:8080;');
    expect(sub).not.toContain('ssl');
    expect(sub).toContain('location = /studio-pss { return 301 /studio-pss/$is_args$args; }');
    expect(sub).toContain('location ^~ /studio-pss/static/ {');
    expect(sub).toContain('error_page 404 /studio-pss/404.html;');
    expect(sub).toContain('# Copy the built folder to /srv/www/studio-pss/.');
  });
});
