// A fake GitHub on loopback for the online editor: GitHub's REST (/api/v3) and GraphQL (/api/graphql) APIs over a real Git repository, on the same origin as the built site it forwards every other request to.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseDocument } from 'yaml';
import { GitStore } from './git-store.ts';
import { answerGraphQL } from './graphql.ts';
import { answerRest } from './rest.ts';
import { RepositoryState, type FakeUser } from './state.ts';

export type { FakeUser };

export interface FakeGitHub {
  /** Its origin: the editor is at `${url}/admin`, the API at `${url}/api/v3` and `${url}/api/graphql`. */
  url: string;
  state: RepositoryState;
  stop(): Promise<void>;
}

export interface FakeGitHubOptions {
  /** The bare repository `owner/name` stands for; its `main` is what the host publishes. */
  gitDir: string;
  owner: string;
  name: string;
  user: FakeUser;
  /** The personal access token she signs in with; any other is refused as GitHub refuses it. */
  token: string;
  /** The built site's server (`brochure preview`): every request outside the API goes there. */
  site: string;
}

/**
 * Starts the fake on 127.0.0.1. GitHub Enterprise Server's layout (`/api/v3`, `/api/graphql`) is
 * the one Sveltia derives from `backend.api_root`; serving it on the site's own origin keeps the
 * editor's Content-Security-Policy as built (`connect-src 'self' …`). The one change to what the
 * build serves: `/admin/config.yml` gains `backend.api_root`, the address of this GitHub.
 */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state = new RepositoryState(new GitStore(options.gitDir), options.owner, options.name, options.user, url);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handle(state, options, request, response).catch((error: unknown) => {
      state.unhandled.push(`${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) send(response, 500, { message: (error as Error).message });
      else response.destroy();
    });
  });
  return {
    url,
    state,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(
  state: RepositoryState,
  options: FakeGitHubOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const address = new URL(request.url ?? '/', state.origin);
  const isRest = address.pathname.startsWith('/api/v3/');
  const isGraphQL = address.pathname === '/api/graphql';
  if (!isRest && !isGraphQL) return forward(state, options.site, request, response);

  const body = await readBody(request);
  const method = request.method ?? 'GET';
  const authorization = /^(?:token|bearer) (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (authorization !== options.token) {
    state.calls.push(`${method} ${address.pathname} (refused: no valid token)`);
    return send(response, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
  }
  const parsed: unknown = body.length ? JSON.parse(body.toString('utf8')) : undefined;

  if (isGraphQL) {
    if (method !== 'POST') return send(response, 404, { message: 'Not Found' });
    const graphql = parsed as { query: string; variables?: Record<string, unknown> };
    return send(response, 200, await answerGraphQL(state, graphql));
  }

  const path = address.pathname.slice('/api/v3'.length);
  state.calls.push(`${method} ${path}`);
  const answer = await answerRest(state, {
    method,
    path,
    query: address.searchParams,
    body: parsed,
    accept: request.headers.accept ?? '',
  });
  if (!answer) {
    state.unhandled.push(`${method} ${path}${address.search}`);
    return send(response, 404, { message: 'Not Found' });
  }
  if (Buffer.isBuffer(answer.body)) {
    response.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/octet-stream' });
    response.end(answer.body);
    return;
  }
  send(response, answer.status, answer.body);
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  response.end(bytes);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Passes the request to the site's server as it came; config.yml comes back with `backend.api_root` set to this origin. */
function forward(
  state: RepositoryState,
  site: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const upstream = new URL(site);
  const isConfig = new URL(request.url ?? '/', state.origin).pathname === '/admin/config.yml';
  const headers = { ...request.headers, host: upstream.host };
  if (isConfig) {
    // Plain bytes, whole: the answer is rewritten.
    delete headers['accept-encoding'];
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
  }
  return new Promise((resolve, reject) => {
    const proxied = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        if (!isConfig || answer.statusCode !== 200) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('end', resolve);
          return;
        }
        readBody(answer).then((bytes) => {
          const config = parseDocument(bytes.toString('utf8'));
          config.setIn(['backend', 'api_root'], state.origin);
          const text = Buffer.from(config.toString({ lineWidth: 0 }));
          response.writeHead(200, { ...answer.headers, 'content-length': String(text.length) });
          response.end(text);
          resolve();
        }, reject);
      },
    );
    proxied.on('error', reject);
    request.pipe(proxied);
  });
}
