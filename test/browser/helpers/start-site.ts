// Builds the sample site (or an edited copy of its content) with the real CLI and serves it with `brochure preview`; no vitest import, so the global setup can use it.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPreview } from '../../helpers/preview.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = path.join(root, 'bin', 'brochure.js');

/** A built and served copy of the sample site. */
export interface ServedSite {
  url: string;
  out: string;
  stop(): Promise<void>;
}

/** `brochure build` then `brochure preview --port 0`, resolved once the server prints its URL. */
export async function startSampleSite({
  edit,
}: { edit?: (content: string) => Promise<void> } = {}): Promise<ServedSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'brochure-e2e-'));
  const out = path.join(work, 'dist');
  const content = edit ? path.join(work, 'content') : path.join(root, 'content');
  if (edit) {
    await cp(path.join(root, 'content'), content, { recursive: true });
    await edit(content);
  }
  // Not spawnSync: a file that builds two edited copies (contact-form-modes) builds them side by side.
  const build = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '--quiet', '--content', content, '--out', out], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
  if (build.status !== 0) {
    await rm(work, { recursive: true, force: true });
    throw new Error(`build failed:\n${build.stderr}`);
  }

  const preview = await startPreview(['--out', out], root);
  return {
    url: preview.url,
    out,
    async stop() {
      await preview.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
