// HTML response rewriting: what a dev server adds to a page on its way out, so the build itself never carries it.

/**
 * `snippet` inserted before the last `</body>` of an HTML file (appended when there is none); any
 * other file, and the bytes of the build, are left as they are.
 */
export function appendToBody(file: string, bytes: Uint8Array, snippet: string): Uint8Array {
  if (!file.endsWith('.html')) return bytes;
  const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = html.lastIndexOf('</body>');
  const end = at === -1 ? html.length : at;
  return Buffer.concat([html.subarray(0, end), Buffer.from(snippet), html.subarray(end)]);
}
