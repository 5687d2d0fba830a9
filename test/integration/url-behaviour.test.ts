// The URL table (src/serve/url-behaviour.ts) against every way the site is served: preview, watch and a real nginx.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildSuccess } from '../../src/build.ts';
import { basePath } from '../../src/base-path.ts';
import { parseHeadersFile } from '../../src/host/headers-file.ts';
import { HEADERS_FILE } from '../../src/host/headers.ts';
import { asStaticHost } from '../../src/host/headers-file.ts';
import { renderNginxConfig } from '../../src/host/nginx.ts';
import { withCompressedSiblings } from '../../src/host/precompress.ts';
import { resolveOptions } from '../../src/options.ts';
import { writeSite } from '../../src/output/write-site.ts';
import { directoryFiles, serveSite } from '../../src/serve/server.ts';
import { urlTable, type UrlExpectation } from '../../src/serve/url-behaviour.ts';
import { watchSite } from '../../src/watch/watch.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { findNginx, freePort, startNginx, testConfig } from '../helpers/nginx.ts';
import { get, runUrlTable } from '../helpers/url-table.ts';

let build: BuildSuccess;
let out: string;
let rows: UrlExpectation[];
let security: Record<string, string>;

beforeAll(async () => {
  const options = resolveOptions({ content: path.join(ROOT, 'content') });
  const result = await buildSite(options);
  if (!result.ok) throw new Error('the sample site does not build');
  build = result;
  out = path.join(await tempDir('brochure-urls-'), 'dist');
  await writeSite(out, await withCompressedSiblings(build.files));
  const hashedAsset = [...build.files.keys()].find((file) => /^static\/js\/.+\.js$/.test(file))!;
  rows = urlTable({ base: basePath(build.model.site.url), hashedAsset });
  const everyPath = parseHeadersFile(Buffer.from(build.files.get(HEADERS_FILE)!).toString('utf8')).find((rule) => rule.pattern.test('/'))!;
  security = Object.fromEntries(everyPath.headers);
}, 60_000);

const bytesOnDisk = (file: string) => readFile(path.join(out, file)).catch(() => undefined);

describe('preview', () => {
  it('follows every row of the URL table, compressed or not', async () => {
    const server = await serveSite({ ...(await asStaticHost(directoryFiles(out))), port: 0 });
    try {
      const files = new Map(await Promise.all(rows.filter((row) => row.file).map(async (row) => [row.file!, await bytesOnDisk(row.file!)] as const)));
      await runUrlTable(rows, { origin: server.url, security, fileBytes: (file) => files.get(file), htmlExact: true });
    } finally {
      await server.close();
    }
  });

  it('sends the precompressed sibling the client prefers, with Vary: Accept-Encoding', async () => {
    const server = await serveSite({ ...(await asStaticHost(directoryFiles(out))), port: 0 });
    try {
      const index = await bytesOnDisk('index.html.br');
      const response = await get(`${server.url}/`, { 'Accept-Encoding': 'gzip;q=0.5, br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.body.equals(index!)).toBe(true);
      expect((await get(`${server.url}/`, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    } finally {
      await server.close();
    }
  });
});

describe('watch', () => {
  it('follows every row of the URL table, compressing per request', async () => {
    const options = resolveOptions({ content: path.join(ROOT, 'content'), port: 0 });
    const session = await watchSite(options, { log: () => {}, error: () => {} });
    try {
      await runUrlTable(rows, { origin: session.url, security, fileBytes: (file) => build.files.get(file), htmlExact: false });
    } finally {
      await session.close();
    }
  }, 60_000);
});

const nginx = findNginx();

// Without nginx the block reports itself skipped, with the reason in its name; CI installs nginx, so never skips.
describe.skipIf('missing' in nginx)('missing' in nginx ? `nginx (skipped: ${nginx.missing})` : `nginx ${nginx.version}`, () => {
  const binary = 'binary' in nginx ? nginx.binary : '';
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('brochure-nginx-');
  });

  it('accepts the published configuration (TLS on 443, port 80 redirecting) with `nginx -t`', async () => {
    const { execFileSync } = await import('node:child_process');
    const certificate = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', certificate], { stdio: 'ignore' });
    const output = await testConfig(binary, path.join(dir, 'tls'), renderNginxConfig(build.model.site, { root: out, certificate, certificateKey: key }));
    expect(output).toContain('test is successful');
    expect(output).not.toMatch(/\[warn\]/);
  });

  it('follows every row of the URL table over a fresh build, gzip_static included', async () => {
    const port = await freePort();
    const server = await startNginx(binary, path.join(dir, 'plain'), renderNginxConfig(build.model.site, { root: out, plain: { address: '127.0.0.1', port } }), port);
    try {
      const files = new Map(await Promise.all(rows.filter((row) => row.file).map(async (row) => [row.file!, await bytesOnDisk(row.file!)] as const)));
      await runUrlTable(rows, { origin: server.url, security, fileBytes: (file) => files.get(file), htmlExact: true });
      const gz = await get(`${server.url}/contatti`, { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body.equals((await bytesOnDisk('contatti.html.gz'))!)).toBe(true);
      expect(gz.headers.vary).toBe('Accept-Encoding');
    } finally {
      await server.stop();
      expect(await server.errors()).not.toMatch(/\[(emerg|alert|crit)\]/);
    }
  });
});
