// Static markup inside an island: the server renders it, the client script reads it back from the page.
import type { ReactNode } from 'react';

declare global {
  /**
   * `true` in the client bundle (an esbuild `define`, CLIENT_JSX in src/bundle/client.ts), unset on the
   * server. Written out where it is tested, `!globalThis.BROCHURE_CLIENT && …`, esbuild folds it while
   * parsing that file, so what it guards is gone from the script before tree shaking, with the top-level
   * constants and components only it uses (a constant imported from here would be inlined too late).
   */
  var BROCHURE_CLIENT: true | undefined;
}

/** The props `kept` returns: children on the server, the same markup as HTML in the browser. */
export type KeptProps = { children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } };

/**
 * Props for an element whose contents never change once on the page (text, links, icons): the server
 * renders `children`; the browser takes the HTML the server rendered into `source()`, the element's
 * own twin in the page, so the script carries none of it. Guard the children so the client bundle drops
 * them: `<p id="x" {...kept(!globalThis.BROCHURE_CLIENT && <>…</>, () => byId('x'))} />`.
 *
 * Hydration keeps the server's DOM: Preact does not apply `dangerouslySetInnerHTML` while hydrating, nor
 * ever an `__html` equal to the one before or to the element's own. A fresh client render of the island
 * (the hydration probe's) copies the same HTML, so it still equals the server's, attribute for attribute.
 * Only for elements present from the first paint and never mounted anew by the browser.
 */
export function kept(children: ReactNode, source: () => Element): KeptProps {
  return !globalThis.BROCHURE_CLIENT ? { children } : { dangerouslySetInnerHTML: { __html: source().innerHTML } };
}

/** The element with this id; `kept` sources are rendered by the server, so it exists. */
export const byId = (id: string): HTMLElement => document.getElementById(id)!;
