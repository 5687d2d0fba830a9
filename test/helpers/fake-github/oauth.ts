// A fake of Sveltia's OAuth client (sveltia-cms-auth, the Cloudflare Worker docs/web-editor.md sets up) on loopback: its /auth pop-up hands the editor her token, as the worker's /callback does once GitHub has had her authorise the app.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOAuthClient {
  /** Its origin: site.yaml's `cms.authUrl`. */
  url: string;
  /** The query of each sign-in it was asked for (`provider`, `site_id`, `scope`). */
  requests: URLSearchParams[];
  stop(): Promise<void>;
}

/** Starts it on 127.0.0.1, handing out `token` for GitHub (the worker's `outputHTML` handshake with the editor's window). */
export async function startFakeOAuthClient(token: string): Promise<FakeOAuthClient> {
  const requests: URLSearchParams[] = [];
  const content = JSON.stringify({ provider: 'github', token });
  const page = `<!doctype html><html><body><script>
    window.addEventListener('message', ({ data, origin }) => {
      if (data === 'authorizing:github') window.opener?.postMessage('authorization:github:success:${content}', origin);
    });
    window.opener?.postMessage('authorizing:github', '*');
  </script></body></html>`;
  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://fake');
    if (address.pathname !== '/auth') return void response.writeHead(404).end();
    requests.push(address.searchParams);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
