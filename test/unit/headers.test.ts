// Security headers: the policy derived from site.yaml, and the `_headers` file that carries it to Netlify and Cloudflare Pages.
import { describe, expect, it } from 'vitest';
import { siteConfig as site } from '../helpers/site-config.ts';
import { headersFor, parseHeadersFile } from '../../src/host/headers-file.ts';
import { contentSecurityPolicy, renderHeadersFile, securityHeaders } from '../../src/host/headers.ts';

/** The policy as directive name -> sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows only our origin and the three third parties site.yaml names, each where it is needed', () => {
    expect(directives(contentSecurityPolicy(site()))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://static.elfsight.com'],
      'style-src': ["'self'", 'https://static.elfsight.com'],
      'img-src': ["'self'", 'data:', 'https://static.elfsight.com'],
      'connect-src': ["'self'", 'https://api.emailjs.com', 'https://static.elfsight.com'],
      'frame-src': ['https://www.openstreetmap.org'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
  });

  it('never allows inline scripts, inline styles or eval', () => {
    expect(contentSecurityPolicy(site())).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('follows site.yaml: other hosts, a metrics endpoint, and one origin listed once when two services share it', () => {
    const policy = directives(
      contentSecurityPolicy(
        site({
          map: { embedUrl: 'https://maps.example.org/embed?x=1', link: 'https://maps.example.org/', title: 'Mappa' },
          reviews: { scriptUrl: 'https://widgets.example.net:8443/r.js', widgetClass: 'w' },
          emailjs: {
            endpoint: 'https://widgets.example.net:8443/send',
            libVersion: '4',
            userId: 'u',
            serviceId: 's',
            templateId: 't',
          },
          metrics: { endpoint: 'https://metrics.example.com/collect' },
        }),
      ),
    );
    expect(policy['frame-src']).toEqual(['https://maps.example.org']);
    expect(policy['script-src']).toEqual(["'self'", 'https://widgets.example.net:8443']);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://widgets.example.net:8443',
      'https://metrics.example.com',
    ]);
  });
});

describe('securityHeaders', () => {
  it('sends the policy, HSTS, nosniff, the referrer policy and a restrictive permissions policy', () => {
    const headers = Object.fromEntries(securityHeaders(site()));
    expect(Object.keys(headers)).toEqual([
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
    ]);
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(headers['Permissions-Policy']).toContain(`${feature}=()`);
    expect(headers['Permissions-Policy']).not.toContain('interest-cohort');
  });
});

describe('renderHeadersFile', () => {
  const text = renderHeadersFile(site());

  it('gives every path the security headers and /static/* a year of immutable caching', () => {
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# /);
    expect(lines[1]).toBe('/*');
    expect(lines.slice(2, 7).map((line) => line.split(':')[0])).toEqual([
      '  Content-Security-Policy',
      '  Strict-Transport-Security',
      '  X-Content-Type-Options',
      '  Referrer-Policy',
      '  Permissions-Policy',
    ]);
    expect(lines.slice(7)).toEqual(['/static/*', '  Cache-Control: public, max-age=31536000, immutable', '']);
  });

  it('sub-path sites keep their asset cache: every rule of _headers under the base path, as _redirects', () => {
    const under = { ...site(), url: 'https://example.github.io/studio-pss/' };
    const rules = renderHeadersFile(under, [{ path: '/admin', headers: [['X-Robots-Tag', 'noindex']] }])
      .split('\n')
      .filter((line) => /^[^\s#]/.test(line));
    expect(rules).toEqual(['/studio-pss/*', '/studio-pss/static/*', '/studio-pss/admin']);
    const parsed = parseHeadersFile(renderHeadersFile(under));
    expect(headersFor(parsed, 'static/js/islands.0123456789.js', '/studio-pss/')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersFor(parsed, 'index.html', '/studio-pss/')).toEqual(Object.fromEntries(securityHeaders(under)));
  });

  it('reads back, through the parser preview uses, as the same headers', () => {
    const rules = parseHeadersFile(text);
    expect(headersFor(rules, 'index.html')).toEqual(Object.fromEntries(securityHeaders(site())));
    expect(headersFor(rules, 'static/js/islands.0123456789.js')).toEqual({
      ...Object.fromEntries(securityHeaders(site())),
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
});
