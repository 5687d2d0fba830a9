// Parses built HTML into a queryable tree (html-validate's DOM: querySelector, textContent).
import { Parser, StaticConfigLoader, type HtmlElement } from 'html-validate';

const config = await new StaticConfigLoader().getConfigFor('inline');

/** A document tree for `html`, for assertions on headings, links and attributes. */
export function parseHtml(html: string): HtmlElement {
  return new Parser(config).parseHtml(html);
}
