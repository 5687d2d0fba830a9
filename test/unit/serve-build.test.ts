// serveBuild: what `watch` serves from memory (the last good build, each page with the reload script added, with its `_headers`), and the placeholder before any good build.
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildSuccess } from '../../src/build.ts';
import { LiveReload, RELOAD_CLIENT_FILE } from '../../src/watch/live-reload.ts';
import { serveBuild } from '../../src/serve/serve-build.ts';
import { serveSite, type RunningServer } from '../../src/serve/server.ts';
import type { SiteModel } from '../../src/model/site-model.ts';

const CLIENT = Buffer.from('/* reload client */');
const DEV_FILES = new Map([[RELOAD_CLIENT_FILE, CLIENT]]);
const HEADERS =
  "/*\n  Content-Security-Policy: default-src 'self'\n/static/*\n  Cache-Control: public, max-age=31536000, immutable\n";

const live: LiveReload[] = [];
const servers: RunningServer[] = [];

afterEach(async () => {
  for (const channel of live.splice(0)) channel.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function liveReload(): LiveReload {
  const channel = new LiveReload();
  live.push(channel);
  return channel;
}

/** A good build with these output files (pages as `build` renders them: no reload script). */
function build(files: Record<string, string>): BuildSuccess {
  return {
    ok: true,
    files: new Map(Object.entries(files).map(([file, text]) => [file, Buffer.from(text)])),
    pages: [],
    // serveBuild reads the files only.
    model: {} as SiteModel,
    problems: [],
    times: { content: 0, assets: 0, render: 0, total: 0 },
    imagesEncoded: 0,
  };
}

const SITE = {
  'index.html': '<!doctype html><html><body><h1>Home</h1></body></html>',
  '404.html': '<!doctype html><html><body><h1>Pagina non trovata</h1></body></html>',
  'static/js/islands.0123456789.js': 'hydrate()',
  [RELOAD_CLIENT_FILE]: '/* reload client */',
  _headers: HEADERS,
};

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8'));

describe('serveBuild before any good build', () => {
  it('serves the reload client, and a placeholder page that loads it in place of the 404 page', async () => {
    const channel = liveReload();
    const { files, headers } = serveBuild(() => undefined, channel, DEV_FILES);
    expect(await files.read(RELOAD_CLIENT_FILE)).toBe(CLIENT);
    const placeholder = text(await files.read('404.html'));
    expect(placeholder).toContain('No good build yet: the terminal lists the problems.');
    expect(placeholder).toContain(`${channel.scriptTag()}</body>`);
    expect(channel.scriptTag()).toContain('data-revision="0"');
    expect(await files.read('index.html')).toBeUndefined();
    expect(headers?.('404.html')).toEqual({});
  });

  it('says so in the site’s language', async () => {
    const { files } = serveBuild(
      () => undefined,
      liveReload(),
      DEV_FILES,
      () => '/',
      'it',
    );
    const placeholder = text(await files.read('404.html'));
    expect(placeholder).toContain('<html lang="it">');
    expect(placeholder).toContain('Il sito non si è ancora potuto costruire: il terminale elenca i problemi.');
  });

  it('stamps the placeholder with the revision current when it is served', async () => {
    const channel = liveReload();
    const { files } = serveBuild(() => undefined, channel, DEV_FILES);
    channel.reload();
    expect(text(await files.read('404.html'))).toContain('data-revision="1"');
  });
});

describe('serveBuild after a good build', () => {
  it('serves the build, its pages stamped with the current revision and its other files as they are', async () => {
    const channel = liveReload();
    const current = build(SITE);
    const { files } = serveBuild(() => current, channel, new Map());
    channel.reload();
    const home = text(await files.read('index.html'));
    expect(home).toContain('<h1>Home</h1>');
    expect(home).toContain('data-revision="1" defer></script></body>');
    expect(await files.read('static/js/islands.0123456789.js')).toBe(
      current.files.get('static/js/islands.0123456789.js'),
    );
    expect(text(await files.read(RELOAD_CLIENT_FILE))).toBe('/* reload client */');
    expect(await files.read('contatti.html')).toBeUndefined();
  });

  it('serves the build and the reload client beside it, never the placeholder', async () => {
    const channel = liveReload();
    const { files } = serveBuild(() => build({ 'index.html': '<body></body>' }), channel, DEV_FILES);
    expect(await files.read('404.html')).toBeUndefined();
    expect(await files.read(RELOAD_CLIENT_FILE)).toBe(CLIENT);
  });

  it('adds the reload script to each page it serves, once, and leaves the build in memory as it was', async () => {
    const channel = liveReload();
    const current = build(SITE);
    const { files } = serveBuild(() => current, channel, DEV_FILES);
    const home = text(await files.read('index.html'))!;
    expect(home.split('<script src="/__brochure/reload.js"')).toHaveLength(2);
    expect(home.endsWith(`${channel.scriptTag()}</body></html>`)).toBe(true);
    expect(text(current.files.get('index.html'))).toBe(SITE['index.html']);
  });

  it('leaves the web editor without the reload script: the rebuild after its own save must not reload it mid-edit', async () => {
    const editor = '<!doctype html><html><body><script src="sveltia-cms.js"></script></body></html>';
    const { files } = serveBuild(
      () => build({ ...SITE, 'admin.html': editor, 'admin/index.html': editor }),
      liveReload(),
      DEV_FILES,
    );
    expect(text(await files.read('admin.html'))).toBe(editor);
    expect(text(await files.read('admin/index.html'))).toBe(editor);
    expect(text(await files.read('index.html'))).toContain('/__brochure/reload.js');
  });

  it('never serves _headers, and answers with the headers it lists', async () => {
    const channel = liveReload();
    const { files, headers } = serveBuild(() => build(SITE), channel, DEV_FILES);
    expect(await files.read('_headers')).toBeUndefined();
    expect(headers?.('index.html')).toEqual({ 'Content-Security-Policy': "default-src 'self'" });
    expect(headers?.('static/js/islands.0123456789.js')).toEqual({
      'Content-Security-Policy': "default-src 'self'",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  it('follows the current build on every request: files and headers of a rebuild show at once', async () => {
    const channel = liveReload();
    let current = build(SITE);
    const { files, headers } = serveBuild(() => current, channel, DEV_FILES);
    expect(headers?.('index.html')).toHaveProperty('Content-Security-Policy');

    current = build({
      ...SITE,
      'index.html': '<body><h1>Nuova home</h1></body>',
      _headers: '/*\n  X-Frame-Options: DENY\n',
    });
    expect(text(await files.read('index.html'))).toContain('Nuova home');
    expect(headers?.('index.html')).toEqual({ 'X-Frame-Options': 'DENY' });
  });
});

describe('serveBuild behind serveSite', () => {
  it('answers with the placeholder (status 404) until a build is good, then with the page and its policy', async () => {
    const channel = liveReload();
    let current: BuildSuccess | undefined;
    const server = await serveSite({
      ...serveBuild(() => current, channel, DEV_FILES),
      port: 0,
      handle: channel.handle,
    });
    servers.push(server);

    const waiting = await fetch(`${server.url}/`);
    expect(waiting.status).toBe(404);
    expect(await waiting.text()).toContain('No good build yet');
    expect((await fetch(`${server.url}/${RELOAD_CLIENT_FILE}`)).status).toBe(200);

    current = build(SITE);
    channel.reload();
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await home.text()).toContain('data-revision="1"');
    expect((await fetch(`${server.url}/_headers`)).status).toBe(404);
  });
});
