// sitemap.xml and robots.txt: absolute URLs from site.yaml's `url`, one per public route.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/model/site-model.ts';
import { absoluteUrl, renderRobots, renderSitemap } from '../../src/render/site-files.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';
import { modelOf } from '../helpers/site-model.ts';

let model: SiteModel;

beforeAll(async () => {
  // A second, unlisted professional: left out of menus, but still a public page.
  const rossi = await readFile(path.join(fixture('minimal'), 'content', 'professionals', 'rossi.md'), 'utf8');
  const project = await projectWith({
    'content/professionals/verdi.md': rossi
      .replace('name: Maria Rossi', 'name: Paola Verdi')
      .replace('order: 1', 'order: 2\nlisted: false'),
  });
  model = await modelOf(project);
});

const withUrl = (url: string): SiteModel => ({ ...model, site: { ...model.site, url } });

describe('renderSitemap', () => {
  it('lists every public route, unlisted professionals included, as an absolute URL, and leaves out the 404 page', () => {
    expect(renderSitemap(model)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://prova.example.com/</loc></url>',
        '  <url><loc>https://prova.example.com/contatti</loc></url>',
        '  <url><loc>https://prova.example.com/percorsi</loc></url>',
        '  <url><loc>https://prova.example.com/privacy</loc></url>',
        '  <url><loc>https://prova.example.com/rossi</loc></url>',
        '  <url><loc>https://prova.example.com/verdi</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(renderSitemap(model)).not.toContain('404');
  });

  it('gives the same URLs whether or not the configured url ends with a slash', () => {
    expect(renderSitemap(withUrl('https://prova.example.com/'))).toBe(
      renderSitemap(withUrl('https://prova.example.com')),
    );
  });

  it('escapes characters that are special in XML', () => {
    const routes = model.routes.map((route) =>
      route.path === '/rossi' ? { ...route, path: '/rossi&bianchi' } : route,
    );
    expect(renderSitemap({ ...model, routes })).toContain('<loc>https://prova.example.com/rossi&amp;bianchi</loc>');
  });
});

describe('renderRobots', () => {
  it('allows every crawler and points at the absolute sitemap URL', () => {
    expect(renderRobots(model)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://prova.example.com/sitemap.xml\n');
  });
});

describe('absoluteUrl', () => {
  it('joins a route path to the site url', () => {
    expect(absoluteUrl(model.site.url, '/contatti')).toBe('https://prova.example.com/contatti');
    expect(absoluteUrl(withUrl('http://localhost:4321/').site.url, '/')).toBe('http://localhost:4321/');
  });
});
