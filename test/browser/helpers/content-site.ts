// Builds an edited copy of the sample content with the real CLI and serves it with `brochure preview`.
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServedSite } from './site-server.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = path.join(root, 'bin', 'brochure.js');

/**
 * Copies `content/` to a temp folder, lets `edit` change the copy (add or rewrite files), then runs
 * `brochure build --content <copy> --out <tmp>/dist` and `brochure preview --out <tmp>/dist --port 0`.
 * Unlike `serveSampleSite`, any file of the content can change, not only site.yaml.
 */
export async function serveEditedContent(edit: (content: string) => Promise<void>): Promise<ServedSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'brochure-content-'));
  const content = path.join(work, 'content');
  const out = path.join(work, 'dist');
  await cp(path.join(root, 'content'), content, { recursive: true });
  await edit(content);
  const build = spawnSync(process.execPath, [bin, 'build', '--quiet', '--content', content, '--out', out], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    await rm(work, { recursive: true, force: true });
    throw new Error(`build failed:\n${build.stderr}`);
  }

  const server = spawn(process.execPath, [bin, 'preview', '--out', out, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output}`)));
  });
  return {
    url,
    out,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await exited;
      await rm(work, { recursive: true, force: true });
    },
  };
}
