// renderPages: one HTML document per route, in route order, without development markup.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/model/site-model.ts';
import type { AssetManifest, LoadedTemplates } from '../../src/render/page-props.ts';
import { renderPages } from '../../src/render/render-pages.ts';
import { minimalRenderInputs } from '../helpers/render-inputs.ts';

let model: SiteModel;
let templates: LoadedTemplates;
let assets: AssetManifest;

beforeAll(async () => {
  ({ model, templates, assets } = await minimalRenderInputs());
});

describe('renderPages', () => {
  it('renders one HTML document per route, in route order, with the doctype first', async () => {
    const pages = await renderPages(model, assets, templates);
    expect(pages.map((page) => page.route.file)).toEqual(model.routes.map((route) => route.file));
    for (const page of pages) {
      expect(page.html.startsWith('<!doctype html><html lang="it">')).toBe(true);
      expect(page.html).toContain('/static/css/site.x.css');
    }
  });

  it('renders no development markup: the watch server adds the reload script when it serves a page', async () => {
    const pages = await renderPages(model, assets, templates);
    expect(pages.some((page) => /__brochure|data-revision|EventSource/.test(page.html))).toBe(false);
  });
});
