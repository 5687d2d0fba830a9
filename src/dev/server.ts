// Static HTTP server behind `brochure preview` and `brochure watch`: clean URLs, caching and traversal-safe lookups.
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { displayPath } from '../display-path.ts';

/** Where the server reads site files from: a directory on disk, or the in-memory output of the last build. */
export interface SiteFiles {
  read(file: string): Promise<Uint8Array | undefined>;
}

/** What `serveSite` serves and how; `handle` sees every request first so `watch` can add endpoints. */
export interface ServeOptions {
  files: SiteFiles;
  port: number;
  host?: string;
  headers?: (file: string) => Record<string, string>;
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** A listening server; `url` and `port` report the real port when 0 was asked for. */
export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A problem the user can fix (busy port, missing build); the CLI prints its message without a stack. */
export class ServerError extends Error {
  override name = 'ServerError';
}

const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/** Reads files below `root`, refusing paths and symlinks that lead outside it. */
export function directoryFiles(root: string): SiteFiles {
  const base = path.resolve(root);
  return {
    async read(file) {
      const target = path.resolve(base, file);
      if (!target.startsWith(base + path.sep)) return undefined;
      try {
        // Resolved on every read because a rebuild may replace dist/ with a fresh directory.
        const [realBase, realTarget] = await Promise.all([realpath(base), realpath(target)]);
        if (!realTarget.startsWith(realBase + path.sep) || !(await stat(realTarget)).isFile()) return undefined;
        return await readFile(realTarget);
      } catch (error) {
        if (MISSING_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
        throw error;
      }
    },
  };
}

/** Throws a ServerError unless `dir` is a directory holding an index.html, i.e. a finished build. */
export async function assertSiteDirectory(dir: string): Promise<void> {
  const absolute = path.resolve(dir);
  const shown = `${displayPath(absolute)}/`;
  const hint = 'Run "brochure build" first, then "brochure preview".';
  const info = await stat(absolute).catch(() => undefined);
  if (!info) throw new ServerError(`${shown} does not exist. ${hint}`);
  if (!info.isDirectory()) throw new ServerError(`${shown} is not a directory. ${hint}`);
  const index = await stat(path.join(absolute, 'index.html')).catch(() => undefined);
  if (!index?.isFile()) throw new ServerError(`${shown} has no index.html. ${hint}`);
}

const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript', '.txt': 'text/plain',
  '.json': 'application/json', '.xml': 'application/xml', '.webmanifest': 'application/manifest+json', '.yml': 'text/yaml',
};
const BINARY_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.avif': 'image/avif', '.ico': 'image/x-icon', '.woff2': 'font/woff2',
};

function contentType(file: string): string {
  const ext = path.posix.extname(file).toLowerCase();
  const text = TEXT_TYPES[ext];
  return text ? `${text}; charset=utf-8` : (BINARY_TYPES[ext] ?? 'application/octet-stream');
}

// A dot-delimited hex or base32 run of 8+ chars before the extension marks a fingerprinted asset.
const HASHED = /\.(?:[0-9a-f]{8,}|[a-z2-7]{8,}|[A-Z2-7]{8,})\.[^./]+$/;

function cacheControl(file: string): string {
  return file.startsWith('static/') && HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

type Lookup = { file: string; body: Uint8Array } | { redirect: string } | 'bad' | 'missing';

/** Maps a raw URL path to a file or a canonical-URL redirect, the way Netlify and Cloudflare Pages do. */
async function lookup(files: SiteFiles, rawPath: string): Promise<Lookup> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return 'bad';
  }
  if (!pathname.startsWith('/') || /[\\\0]/.test(pathname)) return 'bad';
  const segments = pathname.slice(1).split('/');
  const trailingSlash = segments.length > 1 && segments.at(-1) === '';
  if (trailingSlash) segments.pop();
  if (pathname !== '/' && segments.some((s) => s === '' || s === '.' || s === '..')) return 'bad';
  const rel = segments.join('/');
  const found = async (file: string): Promise<Lookup> => files.read(file).then((body) => (body ? { file, body } : 'missing'));
  const canonical = async (file: string, location: string): Promise<Lookup> =>
    (await files.read(file)) ? { redirect: location } : 'missing';
  const encoded = (p: string): string => `/${p.split('/').map(encodeURIComponent).join('/')}`;

  if (pathname === '/') return found('index.html');
  if (trailingSlash) return canonical(`${rel}.html`, encoded(rel));
  if (rel === 'index.html') return canonical(rel, '/');
  if (rel.endsWith('.html')) return canonical(rel, encoded(rel.slice(0, -'.html'.length)));
  const exact = await found(rel);
  return exact === 'missing' ? found(`${rel}.html`) : exact;
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra });
  res.end(text);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}

async function respond(options: ServeOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (options.handle?.(req, res)) return;
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  // req.url is the raw request target: unlike URL parsing it keeps `..`, so lookup() judges what the client sent.
  const raw = req.url ?? '/';
  const queryAt = raw.indexOf('?');
  const query = queryAt === -1 ? '' : raw.slice(queryAt);
  const result = await lookup(options.files, queryAt === -1 ? raw : raw.slice(0, queryAt));
  if (result === 'bad') return sendText(res, 400, 'Bad request');
  if (typeof result === 'object' && 'redirect' in result) {
    res.writeHead(301, { Location: result.redirect + query, 'X-Content-Type-Options': 'nosniff' });
    return void res.end();
  }
  const page = result === 'missing' ? await options.files.read('404.html').then((body) => body && { file: '404.html', body }) : result;
  if (!page) return sendText(res, 404, 'Not found');
  const status = result === 'missing' ? 404 : 200;
  const etag = `"${createHash('sha1').update(page.body).digest('base64url')}"`;
  const headers = {
    'Content-Type': contentType(page.file),
    'Cache-Control': cacheControl(page.file),
    'X-Content-Type-Options': 'nosniff',
    ...(status === 200 && { ETag: etag }),
    ...options.headers?.(page.file),
  };
  if (status === 200 && etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(status, { ...headers, 'Content-Length': String(page.body.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/** Starts the static server; rejects with a ServerError when the port is taken. */
export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    respond(options, req, res).catch(() => (res.headersSent ? res.destroy() : sendText(res, 500, 'Internal server error')));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const busy = `Port ${options.port} is already in use. Stop the other server or choose another port with --port <number>.`;
      reject(error.code === 'EADDRINUSE' ? new ServerError(busy) : error);
    });
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive and live-reload connections would otherwise hold close() open indefinitely.
        server.closeAllConnections();
      }),
  };
}
