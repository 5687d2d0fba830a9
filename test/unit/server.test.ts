// Exercises the preview/watch static server over real HTTP on an ephemeral port.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertSiteDirectory,
  directoryFiles,
  serveSite,
  ServerError,
  type RunningServer,
  type SiteFiles,
} from '../../src/serve/server.ts';
import { memoryFiles } from '../helpers/memory-files.ts';

const SECRET = 'TOP-SECRET-do-not-serve';
const CSS = 'body{color:teal}';

const SITE: Record<string, string> = {
  'index.html': '<h1>Home</h1>',
  'contatti.html': '<h1>Contatti</h1>',
  'café.html': '<h1>Café</h1>',
  '404.html': '<h1>Pagina non trovata</h1>',
  'robots.txt': 'User-agent: *',
  'sitemap.xml': '<urlset/>',
  'manifest.webmanifest': '{}',
  'data.json': '{}',
  'favicon.ico': 'ico',
  'og.1a2b3c4d.png': 'png',
  'blob.bin': 'bin',
  'static/css/site.3f9a1c2b.css': CSS,
  'static/js/app.mjs': 'export {}',
  'static/js/island.ABCDEFGH.js': 'void 0',
  'static/js/plain.js': 'void 0',
  'static/img/hero-800.1a2b3c4d.avif': 'avif',
  'static/img/hero-800.1a2b3c4d.webp': 'webp',
  'static/img/photo.jpg': 'jpg',
  'static/img/photo.jpeg': 'jpeg',
  'static/img/logo.svg': '<svg/>',
  'static/fonts/inter.5f6e7d8c.woff2': 'woff2',
};

let tmp: string;
let root: string;
let server: RunningServer;

async function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(server.url + url, { redirect: 'manual', ...init });
}

/** Sends a request line verbatim, because fetch and URL would normalise `..` away before it left the client. */
function rawRequest(port: number, requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'brochure-server-'));
  root = path.join(tmp, 'dist');
  for (const [file, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  // The secret sits beside the served root: every traversal attempt below aims at it.
  await writeFile(path.join(tmp, 'package.json'), SECRET);
  await symlink(path.join(tmp, 'package.json'), path.join(root, 'leak.txt'));
  await symlink(tmp, path.join(root, 'static', 'outside'));
  server = await serveSite({ files: directoryFiles(root), port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('serveSite from a directory', () => {
  it('reports a localhost url with the real port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://localhost:${server.port}`);
  });

  it('serves clean URLs and ignores the query string for lookup', async () => {
    for (const [url, body] of [
      ['/', '<h1>Home</h1>'],
      ['/contatti', '<h1>Contatti</h1>'],
      ['/contatti?v=2', '<h1>Contatti</h1>'],
      ['/caf%C3%A9', '<h1>Café</h1>'],
    ]) {
      const res = await get(url!);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toBe(body);
    }
  });

  it('redirects non-canonical page URLs with 301, keeping the query', async () => {
    for (const [url, location] of [
      ['/contatti/', '/contatti'],
      ['/contatti/?a=1&b=2', '/contatti?a=1&b=2'],
      ['/contatti.html', '/contatti'],
      ['/contatti.html?x=y', '/contatti?x=y'],
      ['/index.html', '/'],
      ['/index.html?q=1', '/?q=1'],
      ['/caf%C3%A9/', '/caf%C3%A9'],
    ]) {
      const res = await get(url!);
      expect(res.status, url).toBe(301);
      expect(res.headers.get('location'), url).toBe(location);
    }
  });

  it('answers unknown paths with the 404 page', async () => {
    for (const url of ['/nope', '/nope/', '/nope.html', '/static/', '/static', '/static/css']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe('<h1>Pagina non trovata</h1>');
    }
  });

  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/static/css/site.3f9a1c2b.css', 'text/css; charset=utf-8'],
    ['/static/js/plain.js', 'text/javascript; charset=utf-8'],
    ['/static/js/app.mjs', 'text/javascript; charset=utf-8'],
    ['/data.json', 'application/json; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/static/img/logo.svg', 'image/svg+xml'],
    ['/og.1a2b3c4d.png', 'image/png'],
    ['/static/img/photo.jpg', 'image/jpeg'],
    ['/static/img/photo.jpeg', 'image/jpeg'],
    ['/static/img/hero-800.1a2b3c4d.webp', 'image/webp'],
    ['/static/img/hero-800.1a2b3c4d.avif', 'image/avif'],
    ['/favicon.ico', 'image/x-icon'],
    ['/static/fonts/inter.5f6e7d8c.woff2', 'font/woff2'],
    ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['/blob.bin', 'application/octet-stream'],
  ])('serves %s as %s with nosniff', async (url, type) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['/static/css/site.3f9a1c2b.css', 'public, max-age=31536000, immutable'],
    ['/static/img/hero-800.1a2b3c4d.avif', 'public, max-age=31536000, immutable'],
    ['/static/js/island.ABCDEFGH.js', 'public, max-age=31536000, immutable'],
    ['/static/js/plain.js', 'no-cache'],
    ['/og.1a2b3c4d.png', 'no-cache'],
    ['/contatti', 'no-cache'],
    ['/', 'no-cache'],
  ])('caches %s with %s', async (url, cache) => {
    expect((await get(url)).headers.get('cache-control')).toBe(cache);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get('/static/css/site.3f9a1c2b.css');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await first.text()).toBe(CSS);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/static/css/site.3f9a1c2b.css', { headers: { 'If-None-Match': header } });
      expect(res.status, header).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    const stale = await get('/static/css/site.3f9a1c2b.css', { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(CSS);
    expect((await get('/contatti')).headers.get('etag')).not.toBe(etag);
  });

  it('answers HEAD with the headers and no body on the wire', async () => {
    const response = await rawRequest(server.port, 'HEAD /static/css/site.3f9a1c2b.css HTTP/1.1');
    const [head, body] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(new RegExp(`content-length: ${CSS.length}`, 'i'));
    expect(head).toMatch(/content-type: text\/css/i);
    expect(body).toBe('');
  });

  it('refuses methods other than GET and HEAD with 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await get('/', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it.each([
    // fetch resolves these two to /package.json before sending, so they arrive as a plain miss; the raw tests below send them verbatim.
    ['/../package.json', 404],
    ['/%2e%2e/package.json', 404],
    ['/%2e%2e%2fpackage.json', 400],
    ['/static/..%2f..%2fpackage.json', 400],
    ['/..%5c..%5cpackage.json', 400],
    ['/%00', 400],
    ['/%E0%A4%A', 400],
    ['//etc/passwd', 400],
    ['/%252e%252e/package.json', 404],
    ['/leak.txt', 404],
    ['/static/outside/package.json', 404],
  ])('never serves the secret for %s (status %i)', async (url, status) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${url}`, { redirect: 'manual' });
    expect(res.status).toBe(status);
    expect(await res.text()).not.toContain(SECRET);
  });

  it.each([
    'GET /../../etc/passwd HTTP/1.1',
    'GET /../package.json HTTP/1.1',
    'GET /%2e%2e/package.json HTTP/1.1',
    'GET /static/../../package.json HTTP/1.1',
    'HEAD /../package.json HTTP/1.1',
  ])('refuses the raw request line %s', async (line) => {
    const response = await rawRequest(server.port, line);
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(response).not.toContain(SECRET);
    expect(response).not.toContain('root:');
  });

  it('rejects a busy port with a ServerError naming it', async () => {
    const attempt = serveSite({ files: directoryFiles(root), port: server.port });
    await expect(attempt).rejects.toBeInstanceOf(ServerError);
    await expect(attempt).rejects.toThrow(
      `Port ${server.port} is already in use. Stop the program using it, choose another port with --port <number>, or leave out --port to take the next free one.`,
    );
  });
});

describe('a busy port', () => {
  const pages = (home: string) => memoryFiles(() => new Map([['index.html', new TextEncoder().encode(home)]]));
  it('without strictPort, is passed over for the next free one; strict, or in Italian, is an error', async () => {
    const held = await serveSite({ files: pages('held'), port: 0 });
    try {
      const next = await serveSite({ files: pages('next'), port: held.port, strictPort: false });
      try {
        expect(next.port).toBeGreaterThan(held.port);
        expect(await (await fetch(`${next.url}/`)).text()).toBe('next');
      } finally {
        await next.close();
      }
      await expect(
        serveSite({ files: pages('none'), port: held.port, strictPort: true, language: 'it' }),
      ).rejects.toThrow(
        `La porta ${held.port} è già occupata. Chiudi il programma che la usa, scegli un’altra porta con --port <numero>, oppure togli --port per prendere la prima libera.`,
      );
    } finally {
      await held.close();
    }
  });
});

describe('directoryFiles', () => {
  it('reads files inside the root only', async () => {
    const files = directoryFiles(root);
    expect(new TextDecoder().decode(await files.read('static/css/site.3f9a1c2b.css'))).toBe(CSS);
    for (const file of [
      '../package.json',
      'static/../../package.json',
      path.join(tmp, 'package.json'),
      'leak.txt',
      'static/outside/package.json',
      'static',
      'missing.html',
    ]) {
      expect(await files.read(file), file).toBeUndefined();
    }
  });

  it('follows a root that is a link pointed at a fresh folder, and refuses the old folder through a link left inside', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'brochure-server-link-'));
    try {
      for (const [name, text] of [
        ['one', 'first'],
        ['two', 'second'],
      ] as const) {
        await mkdir(path.join(work, name));
        await writeFile(path.join(work, name, 'index.html'), text);
      }
      await symlink(path.join(work, 'one'), path.join(work, 'two', 'old'));
      await symlink('one', path.join(work, 'site'));
      const files = directoryFiles(path.join(work, 'site'));
      expect(new TextDecoder().decode(await files.read('index.html'))).toBe('first');
      await rm(path.join(work, 'site'));
      await symlink('two', path.join(work, 'site'));
      expect(await files.read('old/index.html')).toBeUndefined();
      expect(new TextDecoder().decode(await files.read('index.html'))).toBe('second');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('serveSite hooks and memory files', () => {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
  let build = new Map([['index.html', encode('v1')]]);
  let memory: RunningServer;

  beforeAll(async () => {
    memory = await serveSite({
      files: memoryFiles(() => build),
      port: 0,
      headers: (file) => ({ 'X-Frame-Options': 'DENY', 'X-Served-File': file }),
      handle: (req, res) => {
        if (!req.url?.startsWith('/__reload')) return false;
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(`data: ${req.method}\n\n`);
        return true;
      },
    });
  });
  afterAll(() => memory.close());

  it('serves the latest map handed out by get()', async () => {
    expect(await (await fetch(memory.url)).text()).toBe('v1');
    build = new Map([
      ['index.html', encode('v2')],
      ['chi-siamo.html', encode('team')],
    ]);
    expect(await (await fetch(memory.url)).text()).toBe('v2');
    expect(await (await fetch(`${memory.url}/chi-siamo`)).text()).toBe('team');
  });

  it('falls back to a plain-text 404 when there is no 404.html', async () => {
    const res = await fetch(`${memory.url}/missing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('Not found');
  });

  it('adds the per-file headers from the headers hook, 404 page included', async () => {
    const page = await fetch(`${memory.url}/chi-siamo`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-served-file')).toBe('chi-siamo.html');
    build = new Map([['404.html', encode('gone')]]);
    const missing = await fetch(`${memory.url}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('gone');
    expect(missing.headers.get('x-served-file')).toBe('404.html');
  });

  it('lets the handle hook answer before any file lookup or method check', async () => {
    const sse = await fetch(`${memory.url}/__reload`);
    expect(sse.headers.get('content-type')).toBe('text/event-stream');
    expect(await sse.text()).toBe('data: GET\n\n');
    expect(await (await fetch(`${memory.url}/__reload`, { method: 'POST' })).text()).toBe('data: POST\n\n');
  });

  it('answers 500 when the file source fails', async () => {
    const broken: SiteFiles = { read: () => Promise.reject(new Error('disk on fire')) };
    const failing = await serveSite({ files: broken, port: 0 });
    try {
      const res = await fetch(failing.url);
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('disk on fire');
    } finally {
      await failing.close();
    }
  });

  it('answers in the site’s language: a missing page, a refused host, a write', async () => {
    const home = new Map([['index.html', encode('home')]]);
    const italian = await serveSite({ files: memoryFiles(() => home), port: 0, language: 'it' });
    try {
      expect(await (await fetch(`${italian.url}/missing`)).text()).toBe('Pagina non trovata');
      expect(await (await fetch(italian.url, { method: 'POST' })).text()).toBe('Metodo non consentito');
      const refused = await new Promise<{ status?: number; body: string }>((resolve, reject) =>
        http
          .get({ port: italian.port, host: '127.0.0.1', headers: { Host: 'rebound.example' } }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode, body }));
          })
          .on('error', reject),
      );
      expect(refused).toEqual({
        status: 421,
        body: 'Questo server risponde solo a localhost, 127.0.0.1, ::1: aprilo come http://localhost:<porta>.',
      });
    } finally {
      await italian.close();
    }
  });
});

describe('assertSiteDirectory', () => {
  it('accepts a built site', async () => {
    await expect(assertSiteDirectory(root)).resolves.toBeUndefined();
  });

  it('names a missing directory relative to cwd when it lies inside it', async () => {
    await expect(assertSiteDirectory('test/fixtures/no-such-dist')).rejects.toThrow(
      new ServerError(
        'test/fixtures/no-such-dist/ does not exist. Run "npx brochure build" first, then "npx brochure preview".',
      ),
    );
    const absoluteInside = path.join(process.cwd(), 'no-such-dist');
    await expect(assertSiteDirectory(absoluteInside)).rejects.toThrow(/^no-such-dist\/ does not exist\./);
  });

  it('names a directory outside cwd by its absolute path', async () => {
    const missing = path.join(tmp, 'nothing');
    await expect(assertSiteDirectory(missing)).rejects.toThrow(`${missing}/ does not exist.`);
  });

  it('rejects a directory without index.html and a file in place of the directory', async () => {
    const empty = await mkdtemp(path.join(tmp, 'empty-'));
    await expect(assertSiteDirectory(empty)).rejects.toThrow(
      new ServerError(`${empty}/ has no index.html. Run "npx brochure build" first, then "npx brochure preview".`),
    );
    await expect(assertSiteDirectory(path.join(tmp, 'package.json'))).rejects.toThrow(
      'package.json/ is not a directory.',
    );
  });
});
