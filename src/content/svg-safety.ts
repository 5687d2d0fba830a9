// Refuses SVGs that could run script or load anything when opened on the site's own origin.
import { say, type PlainCode, type Text } from '../messages/text.ts';

/*
 * Why refuse rather than sanitise: the pages show SVGs through <img>, where nothing in them runs,
 * but the file is also reachable at its own URL, and a host that ignores `_headers` serves it
 * without the Content-Security-Policy: opened there, a <script> or `onload=` runs on the site's
 * origin. A sanitiser (DOMPurify) would need a server-side DOM (jsdom, some 3 MB of dependencies)
 * and would silently change the drawing; logos and flags exported from a drawing program hold none
 * of what is refused here, so a clear error costs editors nothing and changes no published byte.
 */

const RULES: [RegExp, PlainCode][] = [
  [/<script\b/i, 'svgScript'],
  [/<foreignObject\b/i, 'svgForeignObject'],
  [/<!ENTITY\b/i, 'svgEntity'],
  [/<\?xml-stylesheet\b/i, 'svgStylesheet'],
  [/<(?:iframe|embed|object|audio|video)\b/i, 'svgEmbedded'],
  [/[\s"'/]on[a-z]+\s*=/i, 'svgHandler'],
  [/(?:javascript|vbscript)\s*:/i, 'svgJavascriptUrl'],
  [/@import\b/i, 'svgCssImport'],
  [/url\(\s*['"]?\s*(?!#)[^)'"\s]/i, 'svgCssUrl'],
  // A reference to anything but an element of the same drawing (`#id`) or inline image data.
  [/\s(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpe?g|gif|webp);)[^"']/i, 'svgReference'],
];

/** What makes `svg` unsafe to publish, with its line, or undefined when none of the refused constructs is in it. */
export function unsafeSvgContent(svg: string): Text | undefined {
  for (const [pattern, what] of RULES) {
    const match = pattern.exec(svg);
    if (match) {
      const line = svg.slice(0, match.index).split('\n').length;
      return say('svgOnLine', { what: say(what), line });
    }
  }
  return undefined;
}
