// Markdown -> sanitised HTML with one frozen unified processor, cached on disk by content and by the code that rendered it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, producerKey, writeFileAtomic, type Producer } from '../cache-file.ts';
import { makeUnifiedRenderer } from './markdown-render.ts';

export { makeUnifiedRenderer } from './markdown-render.ts';

/**
 * What renders Markdown, for the cache key: the libraries of the unified pipeline (their installed
 * versions) and brochure's own files on the way (their source).
 */
const MARKDOWN_PRODUCER: Producer = {
  packages: [
    'unified',
    'remark-parse',
    'remark-rehype',
    'rehype-raw',
    'rehype-sanitize',
    'rehype-stringify',
    'micromark',
    'mdast-util-from-markdown',
    'mdast-util-to-hast',
    'hast-util-raw',
    'hast-util-sanitize',
    'hast-util-to-html',
  ],
  sources: ['src/model/markdown.ts', 'src/model/markdown-render.ts', 'src/model/raw-html.ts'],
};

/** Markdown source -> HTML, for every body of the site. */
export type RenderedMarkdown = ReadonlyMap<string, string>;

/**
 * Renders every body, reusing HTML cached by earlier builds. The unified pipeline is loaded only when
 * some body is new: on an unchanged site that saves most of the content stage.
 */
export async function renderMarkdownBodies(
  bodies: Iterable<string>,
  cacheDir: string,
  packageRoot?: string,
): Promise<RenderedMarkdown> {
  const cacheFile = path.join(cacheDir, 'markdown.json');
  const cached = readMarkdownCache(cacheDir);
  const producer = producerKey(MARKDOWN_PRODUCER, packageRoot);
  const rendered = new Map<string, string>();
  const fresh: Record<string, string> = {};
  let renderer: ((markdown: string) => string) | undefined;
  let missed = false;
  for (const body of bodies) {
    if (rendered.has(body)) continue;
    const key = hash(`${producer}\0${body}`);
    let html = cached[key];
    if (html === undefined) {
      missed = true;
      html = (renderer ??= await makeUnifiedRenderer())(body);
    }
    rendered.set(body, html);
    fresh[key] = html;
  }
  // Only what this build used is kept, so deleted or edited bodies do not pile up.
  if (missed || Object.keys(cached).length !== Object.keys(fresh).length)
    await writeFileAtomic(cacheFile, JSON.stringify(fresh));
  return rendered;
}

/** Body hash -> HTML, as the last build left it; empty when there is none. */
function readMarkdownCache(cacheDir: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, 'markdown.json'), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
