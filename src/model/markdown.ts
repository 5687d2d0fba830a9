// The one frozen unified processor: Markdown -> sanitised HTML string.
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// Raw HTML is parsed (rehype-raw) and then sanitised with GitHub's allow-list, so editors may
// paste simple markup but a <script>, an `onclick=` or a `javascript:` URL never reaches a page.
const processor = unified()
  .use(remarkParse)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize)
  .use(rehypeStringify)
  .freeze();

/** Renders an entry's Markdown body to safe HTML. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown)).trim();
}
