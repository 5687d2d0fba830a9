// What rendering needs, made from the `minimal` fixture: its model, the project's templates, and assets whose every image is one placeholder.
import path from 'node:path';
import { loadTemplates } from '../../src/bundle/templates.ts';
import { checkContent } from '../../src/content/check.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { buildModel, markdownBodies, type SiteModel } from '../../src/model/site-model.ts';
import { resolveOptions } from '../../src/options.ts';
import type { AssetManifest, ImageAsset, LoadedTemplates } from '../../src/render/page-props.ts';
import { fixture, ROOT } from './fixtures.ts';

export interface RenderInputs {
  model: SiteModel;
  templates: LoadedTemplates;
  assets: AssetManifest;
}

export async function minimalRenderInputs(): Promise<RenderInputs> {
  const options = resolveOptions({ content: path.join(fixture('minimal'), 'content') }, ROOT);
  const { entries } = await checkContent(options);
  if (!entries) throw new Error('the minimal fixture must be valid');
  const model = buildModel(entries, await renderMarkdownBodies(markdownBodies(entries), options.cacheDir));
  const templates = await loadTemplates(resolveOptions({}, ROOT));
  const image: ImageAsset = { src: '/static/media/x.jpg', srcset: '', width: 10, height: 10, sources: [] };
  const paths = new Set(JSON.stringify(entries).match(/images\/[\w./-]+/g));
  const assets = {
    script: '/static/js/islands.x.js',
    stylesheet: '/static/css/site.x.css',
    images: Object.fromEntries([...paths].map((key) => [key, image])),
  };
  return { model, templates, assets };
}
