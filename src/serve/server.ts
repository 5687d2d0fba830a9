// Static HTTP server behind `brochure preview` and `brochure watch`: clean URLs, caching and traversal-safe lookups.
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { displayPath } from '../cli/display-path.ts';
import { render, say, type Language, type Text } from '../messages/text.ts';
import { filesForPath, fileOfPath, NOT_FOUND_FILE, pathOfFile } from '../routes.ts';
import { hostGuard } from './host-check.ts';
import { contentType, isCompressible } from './media-types.ts';
import { cacheControl, isHiddenPath } from '../host/url-behaviour.ts';
import { compressedForm } from '../host/precompress.ts';

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
  /**
   * A busy `port` is an error (the default), as with an explicit `--port`; when false, the next free
   * port above it is taken, as Vite does without `strictPort`.
   */
  strictPort?: boolean;
  /** The language of the busy-port error and of the plain-text answers (a refused host, a 404 without a 404 page); English by default. */
  language?: Language;
  /** The site's base path (`/studio-pss/`), or how to read it per request (watch: from the last build); `/` by default. */
  base?: string | (() => string);
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
  // Where the root really is, resolved again only when the folder it names is another one (a rebuild
  // swaps in a fresh dist/, a deploy re-points a link): one stat per read instead of a realpath,
  // which walks every component of the path (with the host check, most of a request's CPU).
  let known: { dev: number; ino: number; real: string } | undefined;
  async function realBase(): Promise<string> {
    const folder = await stat(base);
    if (known?.dev !== folder.dev || known.ino !== folder.ino)
      known = { dev: folder.dev, ino: folder.ino, real: await realpath(base) };
    return known.real;
  }
  return {
    async read(file) {
      const target = path.resolve(base, file);
      if (!target.startsWith(base + path.sep)) return undefined;
      try {
        const [real, realTarget] = await Promise.all([realBase(), realpath(target)]);
        if (!realTarget.startsWith(real + path.sep) || !(await stat(realTarget)).isFile()) return undefined;
        return await readFile(realTarget);
      } catch (error) {
        if (MISSING_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
        throw error;
      }
    },
  };
}

/** Throws a ServerError, in `language`, unless `dir` is a directory holding an index.html, i.e. a finished build. */
export async function assertSiteDirectory(dir: string, language: Language = 'en'): Promise<void> {
  const absolute = path.resolve(dir);
  const folder = `${displayPath(absolute)}/`;
  const refuse = (code: 'siteMissing' | 'siteNotFolder' | 'siteNoIndex') =>
    new ServerError(render(say(code, { folder }), language));
  const info = await stat(absolute).catch(() => undefined);
  if (!info) throw refuse('siteMissing');
  if (!info.isDirectory()) throw refuse('siteNotFolder');
  const index = await stat(path.join(absolute, 'index.html')).catch(() => undefined);
  if (!index?.isFile()) throw refuse('siteNoIndex');
}

type Lookup = { file: string; body: Uint8Array } | { redirect: string; file: string } | 'bad' | 'missing';

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
  if (isHiddenPath(rel)) return 'missing';
  // The 404 page answers missing URLs only; it has no URL of its own.
  const read = async (file: string) => (file === NOT_FOUND_FILE ? undefined : files.read(file));
  const found = async (file: string): Promise<Lookup> => read(file).then((body) => (body ? { file, body } : 'missing'));
  const canonical = async (file: string, location: string): Promise<Lookup> =>
    (await read(file)) ? { redirect: location, file } : 'missing';
  const encoded = (p: string): string => p.split('/').map(encodeURIComponent).join('/');

  if (trailingSlash && (await read(fileOfPath(`/${rel}`))))
    return { redirect: encoded(`/${rel}`), file: fileOfPath(`/${rel}`) };
  if (!trailingSlash && rel.endsWith('.html')) return canonical(rel, encoded(pathOfFile(rel)));
  for (const file of filesForPath(`/${rel}`)) {
    const hit = await found(file);
    if (hit !== 'missing') return hit;
  }
  return 'missing';
}

function sendText(
  res: ServerResponse,
  language: Language | undefined,
  status: number,
  text: Text,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra });
  res.end(render(text, language ?? 'en'));
}

function etagMatches(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}

/** The encodings the client accepts (`q=0` refuses one), among those we keep siblings for, best first. */
function acceptedEncodings(header: string | string[] | undefined): ('br' | 'gzip')[] {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  return (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding));
}

/** The body to send, in an encoding the client accepts when smaller: the sibling (`file.br`), else compressed now, as hosts do. */
async function encodedBody(
  files: SiteFiles,
  file: string,
  body: Uint8Array,
  accept: string | string[] | undefined,
): Promise<{ body: Uint8Array; encoding?: string }> {
  if (!isCompressible(file)) return { body };
  for (const encoding of acceptedEncodings(accept)) {
    const form = encoding === 'br' ? 'br' : 'gz';
    const sent = (await files.read(`${file}.${form}`)) ?? (await compressedForm(body, form, 'fast'));
    if (sent.byteLength < body.byteLength) return { body: sent, encoding };
  }
  return { body };
}

/** Splits the request target into the path below the base path and the query; `undefined` when outside the base. */
function belowBase(raw: string, base: string): { path: string; query: string } | undefined {
  const queryAt = raw.indexOf('?');
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  if (!pathname.startsWith(base)) return undefined;
  return { path: `/${pathname.slice(base.length)}`, query: queryAt === -1 ? '' : raw.slice(queryAt) };
}

async function respond(
  options: ServeOptions,
  guard: ReturnType<typeof hostGuard>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const refused = guard(req);
  const answer = (status: number, text: Text, extra?: Record<string, string>) =>
    sendText(res, options.language, status, text, extra);
  if (refused) return answer(refused.status, refused.text);
  if (options.handle?.(req, res)) return;
  // No write of any kind, anywhere (the web editor saves from the browser, not through this server). The
  // body is never read: closing the connection stops a large one from being received at all.
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return answer(405, say('methodNotAllowed'), { Allow: 'GET, HEAD', Connection: 'close' });
  const base = (typeof options.base === 'function' ? options.base() : options.base) ?? '/';
  // req.url is the raw request target: unlike URL parsing it keeps `..`, so lookup() judges what the client sent.
  const raw = req.url ?? '/';
  const target = belowBase(raw, base);
  const hostHeaders = (file: string) => ({ 'X-Content-Type-Options': 'nosniff', ...options.headers?.(file) });
  if (!target && `${raw.split('?')[0]}/` === base) {
    res.writeHead(301, { ...hostHeaders('index.html'), Location: base + raw.slice(base.length - 1) });
    return void res.end();
  }
  const result = target ? await lookup(options.files, target.path) : 'missing';
  if (result === 'bad') return answer(400, say('badRequest'));
  if (typeof result === 'object' && 'redirect' in result) {
    res.writeHead(301, {
      ...hostHeaders(result.file),
      Location: base + result.redirect.slice(1) + (target?.query ?? ''),
    });
    return void res.end();
  }
  const page =
    result === 'missing'
      ? await options.files.read(NOT_FOUND_FILE).then((body) => body && { file: NOT_FOUND_FILE, body })
      : result;
  if (!page) return answer(404, say('notFound'));
  const status = result === 'missing' ? 404 : 200;
  const sent = await encodedBody(options.files, page.file, page.body, req.headers['accept-encoding']);
  const etag = `"${createHash('sha1').update(sent.body).digest('base64url')}${sent.encoding ? `-${sent.encoding}` : ''}"`;
  const headers = {
    'Content-Type': contentType(page.file),
    'Cache-Control': cacheControl(page.file),
    ...(isCompressible(page.file) && { Vary: 'Accept-Encoding' }),
    ...(sent.encoding && { 'Content-Encoding': sent.encoding }),
    ...(status === 200 && { ETag: etag }),
    ...hostHeaders(page.file),
  };
  if (status === 200 && etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(status, { ...headers, 'Content-Length': String(sent.body.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : sent.body);
}

/** How many ports from the asked one a non-strict server tries before giving up. */
const PORT_TRIES = 20;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/** Starts the static server; rejects with a ServerError when the port is taken (with `strictPort: false`, the next twenty too). */
export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const guard = hostGuard(options.host);
  const server = createServer((req, res) => {
    respond(options, guard, req, res).catch(() =>
      res.headersSent ? res.destroy() : sendText(res, options.language, 500, say('serverError')),
    );
  });
  const listen = (port: number) =>
    new Promise<boolean>((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException) => {
        server.off('listening', listening);
        if (error.code === 'EADDRINUSE') resolve(false);
        else reject(error);
      };
      const listening = () => {
        server.off('error', failed);
        resolve(true);
      };
      server.once('error', failed);
      server.once('listening', listening);
      server.listen(port, host);
    });
  // Port 0 asks the system for a free one, so it is never busy.
  const tries = options.strictPort === false && options.port !== 0 ? Math.min(PORT_TRIES, 65536 - options.port) : 1;
  let listening = false;
  for (let offset = 0; offset < tries && !listening; offset++) listening = await listen(options.port + offset);
  if (!listening)
    throw new ServerError(
      render(
        tries > 1
          ? say('portsBusy', { port: options.port, last: options.port + tries - 1 })
          : say('portBusy', { port: options.port }),
        options.language ?? 'en',
      ),
    );
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
