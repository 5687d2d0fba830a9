// rehype-raw only for the trees that re-parsing as HTML can change: most bodies hold no raw HTML and skip a quarter of their rendering.
import rehypeRaw from 'rehype-raw';

/** What rehype-raw's plugin returns: the step that parses a tree's raw HTML. */
export type RawTransform = ReturnType<typeof rehypeRaw>;
type Tree = Parameters<RawTransform>[0];

/** The parts of a hast node this module reads. */
interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

/**
 * Like rehype-raw, but returns the tree untouched when re-parsing it would give it back unchanged, so
 * the HTML after sanitising is the same bytes either way. Re-parsing (parse5) changes three things a
 * Markdown tree can hold: `raw` nodes (HTML in the Markdown), which it parses; the first newline of a
 * `<pre>` (a code block that starts with a blank line), which it drops; and a link inside a link (an
 * autolink in a link's text), which it splits. Trees with any of them take the full way.
 * test/unit/raw-html.test.ts compares both ways over the CommonMark examples that exercise these.
 */
export function rawWhereNeeded(): RawTransform {
  const raw = rehypeRaw();
  return (tree, file) => (needsReparse(tree as HastNode) ? raw(tree, file) : (tree as Tree));
}

/** Whether the tree holds raw HTML, a `<pre>`, or a link inside a link. */
export function needsReparse(node: HastNode, inLink = false): boolean {
  if (node.type === 'raw' || node.tagName === 'pre' || (inLink && node.tagName === 'a')) return true;
  const children = node.children;
  if (!children) return false;
  const link = inLink || node.tagName === 'a';
  for (const child of children) if (needsReparse(child, link)) return true;
  return false;
}
