// One Markdown body -> sanitised HTML, without Node: the build's pipeline, which the web editor's preview runs in the browser too.
import type { RawTransform } from './raw-html.ts';

/**
 * A unified pipeline: Markdown -> hast with raw HTML kept, `raw` parsing it (by default rawWhereNeeded;
 * test/unit/raw-html.test.ts passes rehype-raw itself, to compare), sanitised, stringified.
 */
export async function makeUnifiedRenderer(raw?: () => RawTransform): Promise<(markdown: string) => string> {
  const [
    { unified },
    { default: remarkParse },
    { default: remarkRehype },
    { rawWhereNeeded },
    { default: rehypeSanitize },
    { default: rehypeStringify },
  ] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-rehype'),
    import('./raw-html.ts'),
    import('rehype-sanitize'),
    import('rehype-stringify'),
  ]);
  // Raw HTML is parsed (rehype-raw) and then sanitised with GitHub's allow-list, so editors may
  // paste simple markup but a <script>, an `onclick=` or a `javascript:` URL never reaches a page.
  // Bodies without raw HTML skip the re-parse where it cannot change the tree (raw-html.ts).
  const processor = unified()
    .use(remarkParse)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(raw ?? rawWhereNeeded)
    .use(rehypeSanitize)
    .use(rehypeStringify)
    .freeze();
  return (markdown) => String(processor.processSync(markdown)).trim();
}
