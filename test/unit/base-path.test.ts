// The base path of the public URL, and URLs moved under it.
import { describe, expect, it } from 'vitest';
import { basePath, basePathOfRobots, rebaseHtml, rebaseMarkdown, sitePath } from '../../src/base-path.ts';

describe('basePath', () => {
  it.each([
    ['https://studio.example.com', '/'],
    ['https://studio.example.com/', '/'],
    ['https://example.github.io/studio-pss', '/studio-pss/'],
    ['https://example.github.io/studio-pss/', '/studio-pss/'],
    ['https://example.com/a/b/', '/a/b/'],
  ])('%s -> %s', (url, base) => expect(basePath(url)).toBe(base));
});

describe('sitePath', () => {
  it('puts a site path under the base', () => {
    expect(sitePath('/', '/contatti')).toBe('/contatti');
    expect(sitePath('/studio-pss/', '/')).toBe('/studio-pss/');
    expect(sitePath('/studio-pss/', '/contatti')).toBe('/studio-pss/contatti');
    expect(sitePath('/studio-pss/', 'static/js/a.js')).toBe('/studio-pss/static/js/a.js');
  });
});

describe('rebaseHtml', () => {
  it('moves root-relative URLs of links, images and srcsets, and leaves the rest alone', () => {
    const html =
      '<a href="/contatti">c</a> <a href="https://x.example/a">x</a> <a href="//cdn.example/b">y</a> <a href="#top">t</a> ' +
      '<a href="mailto:a@b.example">m</a> <img src="/static/a.jpg" srcset="/static/a-400.jpg 400w, /static/a-800.jpg 800w"> <p>/contatti</p>';
    expect(rebaseHtml(html, '/studio-pss/')).toBe(
      '<a href="/studio-pss/contatti">c</a> <a href="https://x.example/a">x</a> <a href="//cdn.example/b">y</a> <a href="#top">t</a> ' +
        '<a href="mailto:a@b.example">m</a> <img src="/studio-pss/static/a.jpg" srcset="/studio-pss/static/a-400.jpg 400w, /studio-pss/static/a-800.jpg 800w"> <p>/contatti</p>',
    );
    expect(rebaseHtml(html, '/')).toBe(html);
  });
});

describe('rebaseMarkdown', () => {
  it('rebases the HTML of every body under a sub-path, and hands the same map back at the root', () => {
    const markdown = new Map([['[Contatti](/contatti)', '<p><a href="/contatti">Contatti</a></p>']]);
    expect(rebaseMarkdown(markdown, '/')).toBe(markdown);
    expect([...rebaseMarkdown(markdown, '/studio-pss/')]).toEqual([
      ['[Contatti](/contatti)', '<p><a href="/studio-pss/contatti">Contatti</a></p>'],
    ]);
  });
});

describe('basePathOfRobots', () => {
  it('reads the base path from the Sitemap line brochure writes', () => {
    expect(
      basePathOfRobots('User-agent: *\nAllow: /\n\nSitemap: https://example.github.io/studio-pss/sitemap.xml\n'),
    ).toBe('/studio-pss/');
    expect(basePathOfRobots('Sitemap: https://studio.example.com/sitemap.xml\n')).toBe('/');
    expect(basePathOfRobots('')).toBe('/');
  });
});
