// The preview pane: the entry as its page, rendered by the site's own templates from the same page props the build makes, with the rest of the site as the last build left it.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pages } from '../../../templates/pages/index.ts';
import { rebaseMarkdown } from '../../base-path.ts';
import type { EntryKind } from '../../content/load.ts';
import { SCHEMAS, type Entries } from '../../content/validate.ts';
import { makeUnifiedRenderer } from '../../model/markdown-render.ts';
import { buildModel, markdownBodies, type Route } from '../../model/site-model.ts';
import type { AssetManifest, ImageAsset } from '../../render/page-props.ts';
import { entryFile, entryRefusals, fileStem, kindOf, serviceName, shapeNotes } from '../entry-check.ts';
import { typedNumbers } from '../numeric-fields.ts';
import { contentForm, withoutEmpty } from './file-format.ts';
import type { ImmutableMap, PreviewProps } from './sveltia.ts';

/** What the build leaves for the previews (admin/preview.json): the validated content, the processed images' URLs, the base path. */
export interface PreviewSite {
  entries: Entries;
  assets: AssetManifest;
  base: string;
}

/**
 * The page's HTML for the entry as she is writing it: the entry replaces its file among the last
 * build's entries, every body goes through the site's Markdown pipeline, `buildModel` makes the
 * model and the route's own template renders it, as `renderPage` does. While a field the build needs
 * is missing or wrong, the reasons instead; a photo the page would crop to its middle, a note above it.
 */
export async function previewHtml(site: PreviewSite, props: PreviewProps): Promise<string> {
  const collection = String(props.entry.get('collection'));
  const file = entryFile({ collection, path: String(props.entry.get('path') ?? '') });
  // A photo just picked is a blob: URL until the save names its file: the schema sees a name, the page the picture.
  const picked = new Map<string, string>();
  const raw = withPickedNames((props.entry.get('data') as ImmutableMap).toJS(), picked) as Record<string, unknown>;
  typedNumbers(collection, raw);
  const kind = kindOf({ collection, path: file });
  if (!kind) return '';
  const refusals = entryRefusals({ collection, path: file, data: raw });
  const { body = '', ...fields } = contentForm(withoutEmpty(SCHEMAS[kind], raw)) as Record<string, unknown>;
  const parsed = SCHEMAS[kind].safeParse(fields);
  if (!parsed.success || refusals.length > 0)
    return listHtml('L’anteprima della pagina apparirà quando la voce sarà completa:', refusals);
  const entries = withEntry(site.entries, kind, file, parsed.data, typeof body === 'string' ? body : '');
  const bodies = markdownBodies(entries);
  const render = await makeUnifiedRenderer();
  const markdown = new Map(bodies.map((text) => [text, render(text)] as const));
  const model = buildModel(entries, rebaseMarkdown(markdown, site.base));
  const route = routeOf(model.routes, kind, file);
  const assets = { ...site.assets, images: await withUploads(site.assets.images, parsed.data, picked, props.getAsset) };
  const page = renderToStaticMarkup(createElement(pages[route.kind], { model, route, assets }));
  const notes = shapeNotes({ collection, path: file, data: raw }, new Map(Object.entries(assets.images)));
  return notes.length === 0 ? page : page.replace(/<body[^>]*>/, (body) => `${body}${listHtml('Attenzione:', notes)}`);
}

/** The last build's entries with this one in its file's place (or added, when new). */
function withEntry(entries: Entries, kind: EntryKind, file: string, data: unknown, body: string): Entries {
  const replace = <T extends { file: string }>(list: T[], entry: T): T[] =>
    list.some((item) => item.file === file)
      ? list.map((item) => (item.file === file ? entry : item))
      : [...list, entry];
  switch (kind) {
    case 'site':
      return { ...entries, site: { file, data: data as Entries['site']['data'], body: '' } };
    case 'home':
      return { ...entries, home: { file, data: data as Entries['home']['data'], body } };
    case 'contacts':
      return { ...entries, contacts: { file, data: data as Entries['contacts']['data'], body } };
    case 'services-page':
      return { ...entries, servicesPage: { file, data: data as Entries['servicesPage']['data'], body } };
    case 'privacy':
      return { ...entries, privacy: { file, data: data as Entries['privacy']['data'], body } };
    case 'professional':
      return {
        ...entries,
        professionals: replace(entries.professionals, {
          file,
          data: data as Entries['professionals'][number]['data'],
          body,
          slug: fileStem(file),
        }),
      };
    case 'service':
      return {
        ...entries,
        services: replace(entries.services, {
          file,
          data: data as Entries['services'][number]['data'],
          body,
          ...serviceName(file),
        }),
      };
  }
}

/** The page that shows the entry: its own, the Percorsi page for a service, the home page for the site's settings. */
function routeOf(routes: Route[], kind: EntryKind, file: string): Route {
  const wanted =
    kind === 'service'
      ? (route: Route) => route.kind === 'services'
      : kind === 'site'
        ? (route: Route) => route.kind === 'home'
        : (route: Route) => route.source === file;
  return routes.find(wanted) ?? routes[0]!;
}

/**
 * The processed images, plus any picture the entry names that the last build did not process: just
 * uploaded, or online a draft's picture on its branch, which Sveltia fetches when first asked for
 * its bytes. Shown from the file Sveltia holds, in its own size, where the page will have its own sizes.
 */
async function withUploads(
  images: Record<string, ImageAsset>,
  data: unknown,
  picked: ReadonlyMap<string, string>,
  getAsset: PreviewProps['getAsset'],
): Promise<Record<string, ImageAsset>> {
  const all = { ...images };
  for (const image of imagesIn(data)) {
    if (all[image]) continue;
    const picture = picked.get(image) ?? (await heldUrl(getAsset, `/${image}`));
    const file = picture?.startsWith('blob:') ? await (await fetch(picture)).blob() : undefined;
    all[image] = { src: picture ?? `/${image}`, srcset: '', ...(await sizeOf(file)), sources: [] };
  }
  return all;
}

/** The blob: URL of the picture Sveltia holds at `path`, fetched from the repository first if need be; undefined when it has none. */
async function heldUrl(getAsset: PreviewProps['getAsset'], path: string): Promise<string | undefined> {
  const asset = getAsset(path);
  if (!asset || asset.url.startsWith('blob:')) return asset?.url;
  await asset.toBase64().catch(() => undefined);
  return getAsset(path)?.url;
}

/** `value` with each blob: URL replaced by an image name (`images/scelta-1.jpg`), recorded in `picked`. */
function withPickedNames(value: unknown, picked: Map<string, string>): unknown {
  if (typeof value === 'string' && value.startsWith('blob:')) {
    const name = `images/scelta-${picked.size + 1}.jpg`;
    picked.set(name, value);
    return name;
  }
  if (Array.isArray(value)) return value.map((item) => withPickedNames(item, picked));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPickedNames(item, picked)]));
  return value;
}

/** A picture's size in pixels, for the <img> the page gives it; 0 where the browser cannot decode it. */
export async function sizeOf(file: Blob | undefined): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file!);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

function imagesIn(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('images/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(imagesIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(imagesIn);
  return [];
}

function listHtml(title: string, lines: string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const items = lines.map((line) => `<li>${escape(line)}</li>`).join('');
  return `<div class="container section" role="note"><p>${title}</p><ul>${items}</ul></div>`;
}
