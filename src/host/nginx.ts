// The nginx server configuration for the built site, printed by `brochure host-config nginx` (never written into the output).
import type { SiteConfig } from '../content/schema.ts';
import { NOT_FOUND_FILE } from '../routes.ts';
import { BINARY_TYPES, DEFAULT_TYPE, TEXT_TYPES } from '../serve/media-types.ts';
import { REVALIDATE_CACHE_CONTROL, WELL_KNOWN_DIR } from './url-behaviour.ts';
import { headerRules, type Header, type PathHeaders } from './headers.ts';
import { HOST_FILES } from './redirects.ts';
import { basePath } from '../base-path.ts';

/** Where and how the server block listens. */
export interface NginxOptions {
  /** The folder holding the built site (for a base path `/studio-pss/`: the folder holding `studio-pss/`). */
  root: string;
  /**
   * Plain HTTP on one address, with no TLS and no port-80 block: for tests, or behind a proxy that
   * terminates TLS. Without it: port 80 redirects to HTTPS on 443.
   */
  plain?: { address: string; port: number };
  certificate?: string;
  certificateKey?: string;
  /** Header rules beyond the site's own (the web editor's, when site.yaml names its repository). */
  extraRules?: readonly PathHeaders[];
}

/**
 * A complete `server` block for nginx 1.22 (Debian 12) and later. What it must do is the URL table
 * (src/host/url-behaviour.ts); the nginx test runs that table against it. Notes on the choices:
 * - every `add_header` has `always`, so 404s and redirects get the security headers; nginx drops
 *   the inherited `add_header`s in a location that adds its own, so such a location repeats them;
 * - `absolute_redirect off` keeps `Location` a path, as the other hosts send it;
 * - `types` and `charset_types` come from the same table as preview's Content-Type;
 * - HTTP/2: `listen ... http2` is deprecated from nginx 1.25.1, whose `http2 on;` 1.22 does not
 *   know, so neither is written; the comment says which line to add.
 */
export function renderNginxConfig(site: SiteConfig, options: NginxOptions): string {
  const host = new URL(site.url).hostname;
  const base = basePath(site.url);
  const certificate = options.certificate ?? `/etc/ssl/certs/${host}.pem`;
  const certificateKey = options.certificateKey ?? `/etc/ssl/private/${host}.key`;
  const rules = headerRules(site, options.extraRules);
  const everywhere = rules.filter((rule) => rule.path === '/*').flatMap((rule) => rule.headers);
  const addHeaders = (headers: readonly Header[], indent: string) =>
    headers
      .map(([name, value]) => `${indent}add_header ${name} "${value.replace(/(["\\])/g, '\\$1')}" always;`)
      .join('\n');
  // A location that adds a header loses the server's, so it repeats them; a rule that `replaces` gives its own values.
  const locationHeaders = (rule: PathHeaders) => {
    const own = new Map(rule.headers);
    const inherited = everywhere.map(([name, value]): Header => [name, (rule.replaces && own.get(name)) || value]);
    const cacheSet = rule.headers.some(([name]) => name.toLowerCase() === 'cache-control');
    const added = rule.headers.filter(([name]) => !(rule.replaces && everywhere.some(([other]) => other === name)));
    return [...inherited, ...(cacheSet ? [] : [['Cache-Control', REVALIDATE_CACHE_CONTROL] as const]), ...added];
  };
  const prefixLocations = rules
    .filter((rule) => rule.path !== '/*')
    .map((rule) => {
      const headers = addHeaders(locationHeaders(rule), '        ');
      if (!rule.path.endsWith('/*')) {
        // One page (`/admin`): its clean URL, and the trailing-slash spelling redirected to it.
        const page = `${base}${rule.path.slice(1)}`;
        return `    # ${rule.path}: this page adds headers, so it repeats the server's.\n    location = ${page} {\n${headers}\n        try_files $uri.html =404;\n    }\n    location = ${page}/ {\n${headers}\n        return 301 ${page}$is_args$args;\n    }`;
      }
      const prefix = `${base}${rule.path.slice(1, -1)}`;
      return `    # ${rule.path}: this block adds headers, so it repeats the server's.\n    location ^~ ${prefix} {\n${headers}\n        try_files $uri =404;\n    }`;
    });
  const types = Object.entries({ ...TEXT_TYPES, ...BINARY_TYPES }).map(
    ([ext, type]) => `        ${type} ${ext.slice(1)};`,
  );
  const listen = options.plain
    ? `    listen ${options.plain.address.includes(':') ? `[${options.plain.address}]` : options.plain.address}:${options.plain.port};`
    : [
        '    listen 443 ssl;',
        '    listen [::]:443 ssl;',
        '    # HTTP/2: on nginx 1.25.1 or later add `http2 on;`; on older ones write `listen 443 ssl http2;` above.',
        `    ssl_certificate     ${certificate};`,
        `    ssl_certificate_key ${certificateKey};`,
      ].join('\n');
  const redirectToHttps = options.plain
    ? ''
    : `server {\n    listen 80;\n    listen [::]:80;\n    server_name ${host};\n    server_tokens off;\n    return 301 https://$host$request_uri;\n}\n\n`;
  const exact = (path: string, body: string) => `    location = ${path} { ${body} }`;
  return `# nginx configuration for ${site.url}, generated by brochure from content/site.yaml.
# Save it as /etc/nginx/sites-available/<name>, link it from sites-enabled/, run \`nginx -t\`, then reload.
# Copy the built folder to ${base === '/' ? options.root : `${options.root}${base}`}.

${redirectToHttps}server {
${listen}
    server_name ${host};
    root ${options.root};
    server_tokens off;
    absolute_redirect off;

    types {
${types.join('\n')}
    }
    default_type ${DEFAULT_TYPE};
    # text/html always gets the charset; charset_types lists the other text types.
    charset utf-8;
    charset_types ${[...new Set(Object.values(TEXT_TYPES))].filter((type) => type !== 'text/html').join(' ')};

    # Precompressed siblings written by \`brochure build\` (file.gz); the gzip_static module is in Debian's nginx.
    gzip_static on;
    gzip_vary on;
    # For the file.br siblings: install libnginx-mod-http-brotli-static (Debian) and uncomment.
    # brotli_static on;

    error_page 404 ${base}${NOT_FOUND_FILE};
    # Hidden files of the deploy folder (.git/, .env, any name starting with a dot) are not the site's; .well-known/ is.
    # Here rather than in a location: a prefix location (^~) would skip a regular-expression one.
    if ($uri ~ "/\\.(?!${escapeRegex(WELL_KNOWN_DIR.slice(1))}/)") { return 404; }

${addHeaders(everywhere, '    ')}
    add_header Cache-Control "${REVALIDATE_CACHE_CONTROL}" always;

${base === '/' ? '' : `${exact(base.slice(0, -1), `return 301 ${base}$is_args$args;`)}\n`}${exact(base, `try_files ${base}index.html =404;`)}
${exact(`${base}index.html`, `return 301 ${base}$is_args$args;`)}
${exact(`${base}${NOT_FOUND_FILE}`, 'internal;')}
${exact(`${base}${NOT_FOUND_FILE.replace(/\.html$/, '')}`, 'return 404;')}
${HOST_FILES.map((file) => exact(`${base}${file}`, 'return 404;')).join('\n')}

${prefixLocations.join('\n\n')}

    # Canonical URLs: /contatti.html and /contatti/ redirect to /contatti when that page exists.
    location ~ ^(${escapeRegex(base)}.+)\\.html$ {
        if (-f $request_filename) { return 301 $1$is_args$args; }
        return 404;
    }
    location ~ ^(${escapeRegex(base)}.+)/$ {
        if (-f $document_root$1.html) { return 301 $1$is_args$args; }
        return 404;
    }

    # Clean URLs: /contatti is contatti.html.
    location ${base} {
        try_files $uri $uri.html =404;
    }
${
  base === '/'
    ? ''
    : `
    # Outside ${base} is not the site's: its 404 page, as for any missing URL (nginx would list or refuse the folder).
    location / {
        return 404;
    }
`
}}
`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
