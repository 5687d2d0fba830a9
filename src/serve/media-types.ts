// The Content-Type of each kind of output file: one table for `preview`, `watch` and the nginx `types` block.

/** Text formats: served with `; charset=utf-8`. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  // The web editor's configuration (admin/config.yml).
  '.yml': 'text/yaml',
};

/** Other formats, served without a charset; of these only SVG (XML text) is worth compressing. */
export const BINARY_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  // The web editor's bundle fetches WebAssembly, which browsers compile as it streams only with this type.
  '.wasm': 'application/wasm',
};

/** Files nothing above names: the browser must not guess (`nosniff` is sent with every response). */
export const DEFAULT_TYPE = 'application/octet-stream';

function extension(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** Whether `file` is text (SVG included), so worth a `.gz`/`.br` sibling. */
export function isCompressible(file: string): boolean {
  const ext = extension(file);
  return ext in TEXT_TYPES || ext === '.svg';
}

/** The Content-Type header for an output file. */
export function contentType(file: string): string {
  const ext = extension(file);
  const text = TEXT_TYPES[ext];
  return text ? `${text}; charset=utf-8` : (BINARY_TYPES[ext] ?? DEFAULT_TYPE);
}
