// Reads a `_headers` file (Netlify / Cloudflare Pages format) so `preview` and `watch` answer with the headers the host would send.
import { HEADERS_FILE } from './headers.ts';
import { HOST_FILES } from './redirects.ts';
import { sitePath } from '../base-path.ts';
import { pathOfFile } from '../routes.ts';
import type { ServeOptions, SiteFiles } from '../serve/server.ts';

/** One block of the file: a URL pattern and the headers for every path it matches. */
export interface HeaderRule {
  pattern: RegExp;
  headers: [name: string, value: string][];
  /** Headers an earlier rule set that this one removes (`! Name`, Cloudflare's syntax). */
  detach?: string[];
}

/** Parses `_headers`: a URL pattern at the start of a line, then indented `Name: value` lines; `#` starts a comment. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: toPattern(line.trim()), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    const detached = /^\s+!\s*(\S+)\s*$/.exec(line)?.[1];
    if (detached && rule) (rule.detach ??= []).push(detached);
    else if (colon > 0 && rule) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers for an output file (`index.html`, `static/js/…`), matched by its clean URL as the host
 * would see it (under the base path); a header set by several rules gets their values joined with a comma, as the hosts do.
 */
export function headersFor(rules: readonly HeaderRule[], file: string, base = '/'): Record<string, string> {
  const url = sitePath(base, pathOfFile(file));
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.pattern.test(url)) continue;
    for (const name of rule.detach ?? []) delete headers[name];
    for (const [name, value] of rule.headers) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/**
 * What `preview` serves from a built folder, as those hosts do: every file but `_headers`, which is
 * read once at start and applied to each response.
 */
export async function asStaticHost(files: SiteFiles, base = '/'): Promise<Pick<ServeOptions, 'files' | 'headers'>> {
  const source = await files.read(HEADERS_FILE);
  return withHeadersFile(
    files,
    () => source,
    () => base,
  );
}

/**
 * Serves `files` as the hosts do: `_headers` and `_redirects` are hidden, and each response gets the headers
 * that `source()`, the bytes of `_headers`, lists. The file is parsed again only when `source()`
 * hands back other bytes, so a caller can follow a rebuilt site at no cost per request.
 */
export function withHeadersFile(
  files: SiteFiles,
  source: () => Uint8Array | undefined,
  base: () => string = () => '/',
): Pick<ServeOptions, 'files' | 'headers'> {
  let parsed: { source: Uint8Array | undefined; rules: HeaderRule[] } = { source: undefined, rules: [] };
  return {
    files: { read: async (file) => ((HOST_FILES as readonly string[]).includes(file) ? undefined : files.read(file)) },
    headers: (file) => {
      const bytes = source();
      if (bytes !== parsed.source)
        parsed = { source: bytes, rules: bytes ? parseHeadersFile(Buffer.from(bytes).toString('utf8')) : [] };
      return headersFor(parsed.rules, file, base());
    },
  };
}

// `*` (a splat) matches any run of characters, slashes included; everything else is literal.
function toPattern(path: string): RegExp {
  const source = path
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}
