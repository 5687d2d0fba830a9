// The URL table (src/host/url-behaviour.ts) against every way the site is served: preview, watch and a real nginx,
// for a site at a domain's root and for one under a sub-path (a GitHub Pages project site).
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { basePath } from '../../src/base-path.ts';
import { buildSite, type BuildSuccess } from '../../src/build.ts';
import { asStaticHost, parseHeadersFile } from '../../src/host/headers-file.ts';
import { HEADERS_FILE } from '../../src/host/headers.ts';
import { renderNginxConfig } from '../../src/host/nginx.ts';
import { siblingsOf } from '../../src/host/precompress.ts';
import { resolveOptions, type ResolvedOptions } from '../../src/options.ts';
import { writeSite } from '../../src/output/write-site.ts';
import { directoryFiles, serveSite } from '../../src/serve/server.ts';
import { urlTable, type UrlExpectation } from '../../src/host/url-behaviour.ts';
import { watchSite } from '../../src/watch/watch.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { findNginx, freePort, startNginx, testConfig } from '../helpers/nginx.ts';
import { get, runUrlTable } from '../helpers/url-table.ts';

const nginx = findNginx();

describe.each([
  { where: 'at the root of a domain', url: undefined },
  { where: 'under a sub-path', url: 'https://example.github.io/studio-pss/' },
])('the sample site $where', ({ url }) => {
  let options: ResolvedOptions;
  let build: BuildSuccess;
  let base: string;
  /** The folder a host serves: `dist/` itself, or the folder holding `studio-pss/`. */
  let www: string;
  let out: string;
  let rows: UrlExpectation[];
  let security: Record<string, string>;
  const onDisk = new Map<string, Buffer | undefined>();

  beforeAll(async () => {
    const work = await tempDir('brochure-urls-');
    const content = path.join(work, 'content');
    await cp(path.join(ROOT, 'content'), content, { recursive: true });
    await mkdir(path.join(content, 'public', '.well-known'), { recursive: true });
    await writeFile(
      path.join(content, 'public', '.well-known', 'security.txt'),
      'Contact: mailto:studio@example.com\n',
    );
    if (url) {
      const yaml = await readFile(path.join(content, 'site.yaml'), 'utf8');
      await writeFile(path.join(content, 'site.yaml'), yaml.replace(/^url: .*$/m, `url: ${url}`));
    }
    options = resolveOptions({ content, port: 0 });
    const result = await buildSite(options);
    if (!result.ok) throw new Error('the sample site does not build');
    build = result;
    base = basePath(build.model.site.url);
    www = path.join(work, 'www');
    out = path.join(www, base.slice(1, -1));
    await mkdir(path.dirname(out), { recursive: true });
    await writeSite(out, build.files, undefined, (file, bytes) =>
      siblingsOf(file, bytes, build.pages.length, undefined),
    );
    // What a deploy folder may hold beside the site (a checkout, a copy with rsync): never served.
    for (const [file, text] of [
      ['.git/config', '[core]\n'],
      ['.env', 'SECRET=1\n'],
      ['static/.env', 'SECRET=2\n'],
    ]) {
      await mkdir(path.dirname(path.join(out, file!)), { recursive: true });
      await writeFile(path.join(out, file!), text!);
    }
    // Beside the sub-folder, in the folder the host serves: outside the site, never listed or served.
    if (base !== '/') await writeFile(path.join(www, 'contatti'), 'not the site\n');
    const hashedAsset = [...build.files.keys()].find((file) => /^static\/js\/.+\.js$/.test(file))!;
    rows = urlTable({ base, hashedAsset, wellKnown: '.well-known/security.txt' });
    for (const row of rows)
      if (row.file) onDisk.set(row.file, await readFile(path.join(out, row.file)).catch(() => undefined));
    const everyPath = parseHeadersFile(Buffer.from(build.files.get(HEADERS_FILE)!).toString('utf8')).find((rule) =>
      rule.pattern.test(base),
    )!;
    security = Object.fromEntries(everyPath.headers);
  }, 60_000);

  it('preview follows every row of the URL table, compressed or not', async () => {
    const server = await serveSite({ ...(await asStaticHost(directoryFiles(out), base)), port: 0, base });
    try {
      await runUrlTable(rows, { origin: server.url, security, fileBytes: (file) => onDisk.get(file), htmlExact: true });
      const response = await get(server.url + base, { 'Accept-Encoding': 'gzip;q=0.5, br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.body.equals(await readFile(path.join(out, 'index.html.br')))).toBe(true);
      expect((await get(server.url + base, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe(
        'gzip',
      );
    } finally {
      await server.close();
    }
  });

  it('watch follows every row of the URL table, compressing per request', async () => {
    const session = await watchSite(options, { log: () => {}, error: () => {} });
    try {
      await runUrlTable(rows, {
        origin: session.url,
        security,
        fileBytes: (file) => build.files.get(file),
        htmlExact: false,
      });
      // The pages' reload script is served under the base path too, and its channel answers.
      const page = (await get(session.url + base)).body.toString('utf8');
      const script = /<script src="([^"]+)" data-events="([^"]+)"/.exec(page);
      expect(script?.[1]).toBe(`${base}__brochure/reload.js`);
      expect((await get(session.url + script![1]!)).status).toBe(200);
    } finally {
      await session.close();
    }
  }, 60_000);

  // Without nginx the block reports itself skipped, with the reason in its name; CI installs nginx, so never skips.
  describe.skipIf('missing' in nginx)(
    'missing' in nginx ? `nginx (skipped: ${nginx.missing})` : `nginx ${nginx.version}`,
    () => {
      const binary = 'binary' in nginx ? nginx.binary : '';

      it('accepts the published configuration (TLS on 443, port 80 redirecting) with `nginx -t`, without a warning', async () => {
        const dir = await tempDir('brochure-nginx-tls-');
        const certificate = path.join(dir, 'cert.pem');
        const key = path.join(dir, 'key.pem');
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-days',
            '1',
            '-subj',
            '/CN=localhost',
            '-keyout',
            key,
            '-out',
            certificate,
          ],
          { stdio: 'ignore' },
        );
        const output = await testConfig(
          binary,
          dir,
          renderNginxConfig(build.model.site, { root: www, certificate, certificateKey: key }),
        );
        expect(output).toContain('test is successful');
        expect(output).not.toMatch(/\[warn\]/);
      });

      it('follows every row of the URL table over a fresh build, gzip_static included', async () => {
        const port = await freePort();
        const dir = await tempDir('brochure-nginx-');
        const server = await startNginx(
          binary,
          dir,
          renderNginxConfig(build.model.site, { root: www, plain: { address: '127.0.0.1', port } }),
          port,
        );
        try {
          await runUrlTable(rows, {
            origin: server.url,
            security,
            fileBytes: (file) => onDisk.get(file),
            htmlExact: true,
          });
          const gz = await get(`${server.url}${base}contatti`, { 'Accept-Encoding': 'gzip' });
          expect(gz.headers['content-encoding']).toBe('gzip');
          expect(gz.headers.vary).toBe('Accept-Encoding');
          expect(gz.body.equals(await readFile(path.join(out, 'contatti.html.gz')))).toBe(true);
        } finally {
          await server.stop();
          expect(await server.errors()).not.toMatch(/\[(emerg|alert|crit)\]/);
        }
      });
    },
  );
});
