// `_redirects`: checked with a parser of the hosts' documented syntax and limits, then applied to the URL table's redirects.
import { describe, expect, it } from 'vitest';
import { REDIRECT_LIMITS, renderRedirectsFile } from '../../src/host/redirects.ts';
import { urlTable } from '../../src/host/url-behaviour.ts';

interface RedirectRule {
  from: string;
  to: string;
  status: number;
  dynamic: boolean;
}

/**
 * The syntax both hosts document: one rule per line, `from to [status]`, whitespace-separated, `#`
 * comments; Cloudflare Pages accepts 301, 302, 303, 307, 308 (and 200) as a plain number (so no
 * Netlify `301!`), counts rules with `*` or `:placeholder` as dynamic, and limits lines to 1,000
 * characters. Any line it would ignore is an error here.
 */
function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `line ${index + 1} "${line}"`;
    if (line.length > REDIRECT_LIMITS.lineLength)
      throw new Error(`${where}: longer than ${REDIRECT_LIMITS.lineLength} characters`);
    const tokens = line.split(/\s+/);
    if (tokens.length < 2 || tokens.length > 3)
      throw new Error(`${where}: expected 2 or 3 tokens, got ${tokens.length}`);
    const [from, to, status = '302'] = tokens as [string, string, string?];
    if (!/^\d{3}$/.test(status) || ![200, 301, 302, 303, 307, 308].includes(Number(status)))
      throw new Error(`${where}: status ${status}`);
    if (!from.startsWith('/') || !to.startsWith('/')) throw new Error(`${where}: paths must start with /`);
    if (seen.has(from)) throw new Error(`${where}: a second rule for ${from} is ignored`);
    seen.add(from);
    rules.push({ from, to, status: Number(status), dynamic: /\*|\/:/.test(from) });
  });
  const dynamic = rules.filter((rule) => rule.dynamic).length;
  if (rules.length - dynamic > REDIRECT_LIMITS.staticRules || dynamic > REDIRECT_LIMITS.dynamicRules)
    throw new Error('over the limits');
  return rules;
}

/** Where a rule sends `path`, query kept (both hosts carry it over), or undefined when none matches. */
function apply(rules: readonly RedirectRule[], url: string): { status: number; location: string } | undefined {
  const [path, query] = url.split('?') as [string, string?];
  for (const rule of rules) {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${rule.from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:(\w+)/g, (_m, name: string) => (names.push(name), '/([^/]+)'))}$`,
    );
    const match = pattern.exec(path);
    if (!match) continue;
    const location = names.reduce((to, name, i) => to.replace(`:${name}`, match[i + 1]!), rule.to);
    return { status: rule.status, location: query === undefined ? location : `${location}?${query}` };
  }
  return undefined;
}

const PAGES = ['/', '/contatti', '/percorsi', '/privacy', '/giulia-marchetti'];

describe.each(['https://studio.example.com', 'https://example.github.io/studio-pss/'])(
  'renderRedirectsFile for %s',
  (siteUrl) => {
    const base = new URL(siteUrl).pathname.replace(/\/?$/, '/');
    const rules = parseRedirects(renderRedirectsFile(siteUrl, PAGES));

    it('is valid for both hosts: static rules, plain 301s, within the limits', () => {
      expect(rules.length).toBe(1 + 2 * (PAGES.length - 1));
      for (const rule of rules) expect(rule).toMatchObject({ status: 301, dynamic: false });
    });

    it('sends every redirect of the URL table where the table says', () => {
      const redirects = urlTable({ base, hashedAsset: 'static/js/islands.0123456789.js' }).filter(
        (row) => row.status === 301 && row.path.startsWith(base),
      );
      expect(redirects.length).toBeGreaterThanOrEqual(4);
      for (const row of redirects)
        expect(apply(rules, row.path), row.path).toEqual({ status: 301, location: row.location });
    });

    it('never redirects a canonical URL (no loops)', () => {
      for (const page of PAGES) expect(apply(rules, `${base}${page.slice(1)}`), page).toBeUndefined();
    });
  },
);

describe('renderRedirectsFile on a site too large for 2,000 static rules', () => {
  const pages = ['/', ...Array.from({ length: 1200 }, (_, i) => `/persona-${i}`)];
  const rules = parseRedirects(renderRedirectsFile('https://studio.example.com', pages));

  it('stays within the limits with one dynamic rule for every trailing slash', () => {
    expect(rules.filter((rule) => rule.dynamic)).toHaveLength(1);
    expect(apply(rules, '/persona-7/')).toEqual({ status: 301, location: '/persona-7' });
    expect(apply(rules, '/index.html')).toEqual({ status: 301, location: '/' });
  });
});

describe('parseRedirects (the checker itself)', () => {
  it.each([
    ['/a /b 301!', /status 301!/],
    ['/a /b 404', /status 404/],
    ['/a', /2 or 3 tokens/],
    ['/a /b\n/a /c', /second rule/],
    [`/${'a'.repeat(1000)} /b 301`, /longer than/],
  ])('refuses %s', (text, message) => {
    expect(() => parseRedirects(text)).toThrow(message);
  });
});
