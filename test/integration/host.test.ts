// `--host`: preview and watch listen beyond loopback when asked, print every network URL, and the reload channel works from another origin.
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/options.ts';
import { watchSite } from '../../src/watch/watch.ts';
import { BIN } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { projectWith } from '../helpers/fixtures.ts';
import { get } from '../helpers/url-table.ts';

// Another device, as far as the server can tell: 127.0.0.2 is a different host name and address (all of 127/8 is loopback).
const OTHER_DEVICE = '127.0.0.2';

describe('--host 0.0.0.0', () => {
  it('preview prints the local URL and one per network address', async () => {
    const project = await projectWith();
    expect((await runInProcess(['build', '--quiet'], project)).code).toBe(0);
    const child = spawn(process.execPath, [BIN, 'preview', '--port', '0', '--host', '0.0.0.0'], { cwd: project });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('\n')) resolve(output.split('\n')[0]!);
        });
        child.on('exit', (code) => reject(new Error(`preview exited with ${code}: ${output}`)));
      });
      const port = /localhost:(\d+)/.exec(line)![1];
      const addresses = Object.values(networkInterfaces())
        .flat()
        .filter((info) => info && !info.internal && info.family === 'IPv4')
        .map((info) => info!.address);
      const urls = [`http://localhost:${port}`, ...addresses.map((address) => `http://${address}:${port}`)];
      const all = urls.length === 1 ? urls[0] : `${urls.slice(0, -1).join(', ')} and ${urls.at(-1)}`;
      expect(line).toBe(`Serving dist/ at ${all} (Ctrl-C to stop)`);
      expect((await get(`http://${OTHER_DEVICE}:${port}/`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('watch serves pages whose reload script and channel are on the origin the page came from', async () => {
    const project = await projectWith();
    const session = await watchSite(
      resolveOptions({ content: path.join(project, 'content'), port: 0, host: '0.0.0.0' }, project),
      { log: () => {}, error: () => {} },
    );
    try {
      const origin = `http://${OTHER_DEVICE}:${session.port}`;
      const page = (await get(`${origin}/`)).body.toString('utf8');
      expect(page).not.toMatch(/localhost|127\.0\.0\.1/);
      const [, script, events] = /<script src="([^"]+)" data-events="([^"]+)"/.exec(page)!;
      expect(script).toMatch(/^\/[^/]/);
      expect((await get(origin + script)).status).toBe(200);
      const controller = new AbortController();
      const stream = await fetch(origin + events, { signal: controller.signal });
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      expect((await reader.read()).value).toMatch(/event: hello/);
      controller.abort();
    } finally {
      await session.close();
    }
  }, 60_000);
});
