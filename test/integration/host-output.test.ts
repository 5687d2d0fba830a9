// Only the work someone uses: site.yaml's `host` decides which files a build writes (siblings, _headers, _redirects); pages stay the same bytes; preview still compresses.
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';
import { hashTree } from '../helpers/files.ts';
import { startPreview } from '../helpers/preview.ts';

/** A copy of `minimal` whose site.yaml names `host` (none when undefined), built with `flags`; its output's files and their hashes. */
async function built(
  host: string | undefined,
  flags: string[] = [],
): Promise<{ project: string; files: Record<string, string> }> {
  const site = await readFile(path.join(fixture('minimal'), 'content', 'site.yaml'), 'utf8');
  const project = await projectWith(host ? { 'content/site.yaml': `${site}\nhost: ${host}\n` } : {});
  const result = await runInProcess(['build', '--quiet', ...flags], project);
  expect(result, host).toMatchObject({ code: 0, stderr: '' });
  return { project, files: await hashTree(path.join(project, 'dist')) };
}

const kinds = (files: Record<string, string>) => ({
  siblings: Object.keys(files).some((file) => /\.(br|gz)$/.test(file)),
  headers: '_headers' in files,
  redirects: '_redirects' in files,
});
const pages = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).filter(([file]) => !/\.(br|gz)$/.test(file) && !file.startsWith('_')));

describe('what a build writes for its host', () => {
  it('siblings only for nginx (and with no host named); _headers and _redirects only for Netlify and Cloudflare Pages; the pages the same bytes', async () => {
    const unnamed = await built(undefined);
    expect(kinds(unnamed.files)).toEqual({ siblings: true, headers: true, redirects: true });
    const expected = {
      netlify: { siblings: false, headers: true, redirects: true },
      'cloudflare-pages': { siblings: false, headers: true, redirects: true },
      'github-pages': { siblings: false, headers: false, redirects: false },
      nginx: { siblings: true, headers: false, redirects: false },
    };
    for (const [host, kind] of Object.entries(expected)) {
      const { files } = await built(host);
      expect(kinds(files), host).toEqual(kind);
      expect(pages(files), host).toEqual(pages(unnamed.files));
    }
  });

  it('--precompress and --no-precompress decide for anyone else', async () => {
    expect(kinds((await built(undefined, ['--no-precompress'])).files).siblings).toBe(false);
    expect(kinds((await built('netlify', ['--precompress'])).files).siblings).toBe(true);
  });

  it('preview of a build without siblings still answers compressed, as the host would', async () => {
    const { project } = await built('netlify');
    const preview = await startPreview([], project);
    try {
      const response = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        request(`${preview.url}/`, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(response.encoding).toBe('br');
      expect(brotliDecompressSync(response.body)).toEqual(await readFile(path.join(project, 'dist', 'index.html')));
    } finally {
      await preview.stop();
    }
  });

  it('host-config tells how to name the host in site.yaml, until it is named', async () => {
    const project = await projectWith();
    const told = await runInProcess(['host-config', 'cloudflare-pages'], project);
    expect(told.stderr).toBe(
      'Add "host: cloudflare-pages" to content/site.yaml: builds then write only what cloudflare-pages reads (docs/deploying.md).\n',
    );
    const { project: named } = await built('netlify');
    expect((await runInProcess(['host-config', 'netlify'], named)).stderr).toBe('');
  });
});
