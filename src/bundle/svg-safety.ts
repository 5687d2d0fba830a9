// Refuses SVGs that could run script or load anything when opened on the site's own origin.

/*
 * Why refuse rather than sanitise: the pages show SVGs through <img>, where nothing in them runs,
 * but the file is also reachable at its own URL, and a host that ignores `_headers` serves it
 * without the Content-Security-Policy: opened there, a <script> or `onload=` runs on the site's
 * origin. A sanitiser (DOMPurify) would need a server-side DOM (jsdom, some 3 MB of dependencies)
 * and would silently change the drawing; logos and flags exported from a drawing program hold none
 * of what is refused here, so a clear error costs editors nothing and changes no published byte.
 */

const RULES: [RegExp, string][] = [
  [/<script\b/i, 'a <script> element'],
  [/<foreignObject\b/i, 'a <foreignObject> element (HTML inside the drawing)'],
  [/<!ENTITY\b/i, 'an <!ENTITY> declaration'],
  [/<\?xml-stylesheet\b/i, 'an external stylesheet (<?xml-stylesheet?>)'],
  [/<(?:iframe|embed|object|audio|video)\b/i, 'an embedded document or media element'],
  [/[\s"'/]on[a-z]+\s*=/i, 'an event handler attribute (such as onload=)'],
  [/(?:javascript|vbscript)\s*:/i, 'a javascript: URL'],
  [/@import\b/i, 'a CSS @import'],
  [/url\(\s*['"]?\s*(?!#)[^)'"\s]/i, 'a CSS url() that points outside the drawing'],
  // A reference to anything but an element of the same drawing (`#id`) or inline image data.
  [/\s(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpe?g|gif|webp);)[^"']/i, 'a link or reference to another file or site (href=)'],
];

/** What makes `svg` unsafe to publish, or undefined when none of the refused constructs is in it. */
export function unsafeSvgContent(svg: string): string | undefined {
  for (const [pattern, what] of RULES) {
    const match = pattern.exec(svg);
    if (match) {
      const line = svg.slice(0, match.index).split('\n').length;
      return `${what} on line ${line}`;
    }
  }
  return undefined;
}
