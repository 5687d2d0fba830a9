// A loopback HTTP server for island tests: server-rendered pages plus the bundles and styles they load.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundleEntry } from './bundle.ts';

/** Stands in for the front-end's site.css: the utility classes islands rely on, and the island marker rule. */
const HARNESS_CSS = `
[data-island] { display: contents; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.form-status--error { color: #a00; }
.test-spacer { height: 3000px; }
`;

/** The policy the site is meant to ship: no inline script, no inline style attribute in the HTML. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'";

interface Resource {
  type: string;
  body: string;
}

/** A running harness; `origin` is `http://127.0.0.1:<port>`. */
export interface Harness {
  origin: string;
  /** Serves `body` at `path`, replacing anything served there before. */
  serve(path: string, body: string, type?: string): void;
  /** How many requests reached `path`. */
  hits(path: string): number;
  close(): Promise<void>;
}

/** Bundles the real client entry and the hydration probe, then serves them with the island styles. */
export async function startHarness(): Promise<Harness> {
  const [hydrate, probe, islandsCss] = await Promise.all([
    bundleEntry('src/browser/hydrate.ts'),
    bundleEntry('test/browser/helpers/probe.ts'),
    readFile(new URL('../../../templates/styles/islands.css', import.meta.url), 'utf8'),
  ]);
  const resources = new Map<string, Resource>([
    ['/static/js/hydrate.js', { type: 'text/javascript', body: hydrate }],
    ['/static/js/probe.js', { type: 'text/javascript', body: probe }],
    ['/static/css/islands.css', { type: 'text/css', body: islandsCss }],
    ['/static/css/harness.css', { type: 'text/css', body: HARNESS_CSS }],
  ]);
  const hits = new Map<string, number>();

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const resource = resources.get(path);
    if (!resource) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': `${resource.type}; charset=utf-8`,
        'cache-control': 'no-store',
        'content-security-policy': CSP,
      })
      .end(resource.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    serve: (path, body, type = 'text/html') => resources.set(path, { type, body }),
    hits: (path) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
