// `watch --edit`: runs decap-server (Decap's local proxy, from npm) on loopback and forwards the editor's requests to it, so /admin saves to disk.
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import type { CmsBackend } from './config.ts';

/** Where the editor page sends its requests: the watch server's own origin, so the page's policy needs no other. */
export const LOCAL_API_PATH = '/admin/api/v1';

/** A running local proxy: the backend for config.yml, the watch server's hook, and how to stop it. */
export interface LocalEditor {
  backend: CmsBackend;
  /** Forwards the editor's API calls; leaves every other request to the server. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  close(): Promise<void>;
}

/**
 * Starts decap-server in its file-system mode on a free loopback port, serving `root` (the
 * folder holding content/). decap-server would read and write anywhere under `root` (package.json,
 * .git, templates); the requests forwarded to it may name files under `contentDir` only.
 */
export async function startLocalEditor(root: string, contentDir: string, packageRoot: string, log: (text: string) => void): Promise<LocalEditor> {
  const port = await freePort();
  const require = createRequire(path.join(packageRoot, 'package.json'));
  const entry = require.resolve('decap-server/dist/index.js');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: root, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await listening(child);
  // After start-up only its warnings and errors are worth a line in the terminal.
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/\b(?:warn|error)\b/i.test(line)) log(`decap-server: ${stripColours(line).trim()}`);
  });
  child.stderr!.on('data', (chunk: Buffer) => log(`decap-server: ${chunk.toString().trim()}`));

  return {
    backend: { name: 'proxy', proxy_url: LOCAL_API_PATH },
    handle: (req, res) => {
      if ((req.url ?? '').split('?')[0] !== LOCAL_API_PATH) return false;
      forward(req, res, port, path.relative(root, contentDir).split(path.sep).join('/'));
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The editor's API calls carry their JSON whole; a photo upload is base64 inside it. */
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/**
 * Only JSON POSTs from this origin's own pages pass: another site open in the same browser can
 * send neither (a cross-origin JSON POST needs a preflight, which this server never grants). Every
 * file or folder a call names must lie in the content folder (`content`, relative to decap-server's root).
 */
function forward(req: IncomingMessage, res: ServerResponse, port: number, content: string): void {
  const refuse = (status: number, text: string) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  };
  const origin = req.headers.origin;
  const sameOrigin = origin === undefined || safeHost(origin) === req.headers.host;
  if (req.method !== 'POST' || !sameOrigin || !(req.headers['content-type'] ?? '').startsWith('application/json')) return refuse(403, 'Forbidden');
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > MAX_REQUEST_BYTES) {
      refuse(413, 'Request too large');
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    let call: unknown;
    try {
      call = JSON.parse(body.toString('utf8'));
    } catch {
      return refuse(400, 'Not JSON');
    }
    const outside = namedPaths(call).find((named) => !insideContent(named, content));
    if (outside !== undefined) return refuse(403, `The editor may only read and write files under ${content}/ (asked for "${outside}").`);
    const upstream = request(
      { host: '127.0.0.1', port, path: '/api/v1', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.byteLength } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'Content-Type': answer.headers['content-type'] ?? 'application/json', 'Cache-Control': 'no-store' });
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`decap-server did not answer: ${error.message}`);
    });
    upstream.end(body);
  });
}

// The keys under which decap-server's calls name files and folders (getEntry, entriesByFolder,
// entriesByFiles, persistEntry's dataFiles and assets, getMedia, persistMedia, deleteFile(s)).
const PATH_KEYS = new Set(['path', 'paths', 'folder', 'mediaFolder']);

/** Every file or folder name a call carries, at any depth. */
function namedPaths(value: unknown, key?: string): string[] {
  if (typeof value === 'string') return key !== undefined && PATH_KEYS.has(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => namedPaths(item, key === 'paths' ? key : undefined));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, item]) => namedPaths(item, name));
}

function insideContent(named: string, content: string): boolean {
  if (content === '' || content === '.') return !path.posix.isAbsolute(named) && !path.posix.normalize(named).startsWith('..');
  const normal = path.posix.normalize(named.replace(/\\/g, '/'));
  return normal === content || normal.startsWith(`${content}/`);
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Resolves once decap-server says it listens; rejects with its output if it exits first. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/i.test(output)) {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`decap-server stopped (exit code ${code}) before listening:\n${stripColours(output)}`));
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
}

/** A port nothing listens on right now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function stripColours(text: string): string {
  // eslint-disable-next-line no-control-regex -- winston colours its levels with ANSI escapes
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
