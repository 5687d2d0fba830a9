// Runs the URL table (src/host/url-behaviour.ts) against a server over HTTP: status, Location, types, caching, security headers, bodies.
import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { expect } from 'vitest';
import type { UrlExpectation } from '../../src/host/url-behaviour.ts';

/** One raw response: node:http, so nothing is decompressed or followed behind the test's back. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'identity', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body as the client reads it, whatever Content-Encoding the server chose. */
export function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

/** How the run judges bodies: `watch` adds its reload script to pages, so only other files must match byte for byte. */
export interface TableRun {
  origin: string;
  security: Record<string, string>;
  fileBytes(file: string): Uint8Array | undefined;
  htmlExact: boolean;
}

/** Requests every row (plain, then gzip, then br) and checks it; returns the rows, for the report. */
export async function runUrlTable(rows: readonly UrlExpectation[], run: TableRun): Promise<void> {
  for (const row of rows) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const where = `${row.name}: GET ${row.path} (Accept-Encoding: ${encoding})`;
      const response = await get(run.origin + row.path, { 'Accept-Encoding': encoding });
      expect(response.status, where).toBe(row.status);
      for (const [name, value] of Object.entries(run.security))
        expect(response.headers[name.toLowerCase()], `${where}: ${name}`).toBe(value);
      if (row.location !== undefined) expect(response.headers.location, where).toBe(row.location);
      if (row.contentType !== undefined) expect(response.headers['content-type'], where).toBe(row.contentType);
      if (row.cacheControl !== undefined) expect(response.headers['cache-control'], where).toBe(row.cacheControl);
      if (!row.file) continue;
      const expected = run.fileBytes(row.file);
      expect(expected, `${where}: ${row.file} is in the build`).toBeDefined();
      if (encoding === 'identity') expect(response.headers['content-encoding'], where).toBeUndefined();
      if (run.htmlExact || !row.file.endsWith('.html'))
        expect(decoded(response).equals(Buffer.from(expected!)), `${where}: body is ${row.file}`).toBe(true);
      else expect(decoded(response).toString('utf8'), where).toContain('<html');
    }
  }
}
