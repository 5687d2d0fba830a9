// checkOutputFolder: which folders a build may replace; recoverOutput: a swap cut short is undone.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputFolder, OUTPUT_MARK, OutputRefused, type OutputGuard } from '../../src/output/output-guard.ts';
import { recoverOutput } from '../../src/output/write-site.ts';
import { folderNames } from '../../src/refusals.ts';
import { tempDir } from '../helpers/files.ts';

async function project(): Promise<{ dir: string; guard: OutputGuard }> {
  const dir = await tempDir();
  for (const folder of ['content', 'templates', 'brochure']) await mkdir(path.join(dir, folder));
  const guard: OutputGuard = {
    protectedFolders: [
      [dir, folderNames.working],
      [path.join(dir, 'content'), folderNames.content],
      [path.join(dir, 'templates'), folderNames.templates],
      [path.join(dir, 'brochure'), folderNames.brochure],
    ],
    inputFolders: [path.join(dir, 'content'), path.join(dir, 'templates')],
    cwd: dir,
  };
  return { dir, guard };
}

function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('checkOutputFolder', () => {
  it('accepts a missing folder, an empty one and its own output, and resolves a symlink to the folder it points to', async () => {
    const { dir, guard } = await project();
    await expect(checkOutputFolder(path.join(dir, 'dist'), guard)).resolves.toBe(path.join(dir, 'dist'));
    await mkdir(path.join(dir, 'dist'));
    await expect(checkOutputFolder(path.join(dir, 'dist'), guard)).resolves.toBe(path.join(dir, 'dist'));
    await mkdir(path.join(dir, 'dist', OUTPUT_MARK));
    await writeFile(path.join(dir, 'dist', 'index.html'), 'x');
    await writeFile(path.join(dir, 'dist', 'old-page.html'), 'x');
    await expect(checkOutputFolder(path.join(dir, 'dist'), guard)).resolves.toBe(path.join(dir, 'dist'));
    await symlink(path.join(dir, 'dist'), path.join(dir, 'link'));
    await expect(checkOutputFolder(path.join(dir, 'link'), guard)).resolves.toBe(path.join(dir, 'dist'));
  });

  it.each([
    ['the root', () => '/', /^\/ is the root of the file system/],
    [
      'the templates',
      (dir: string) => path.join(dir, 'templates'),
      /^templates\/ is the templates folder \(templates\)/,
    ],
    ["brochure's own folder", (dir: string) => path.join(dir, 'brochure'), /^brochure\/ is brochure's own folder/],
    [
      'a folder inside the templates',
      (dir: string) => path.join(dir, 'templates', 'out'),
      /^templates\/out\/ is inside templates\//,
    ],
  ])('refuses %s, even with force', async (_name, out, message) => {
    const { dir, guard } = await project();
    const refusal = checkOutputFolder(out(dir), { ...guard, force: true });
    await expect(refusal).rejects.toBeInstanceOf(OutputRefused);
    await expect(refusal).rejects.toThrow(message);
  });

  it('recognises the output of a brochure from before the mark by its nginx example', async () => {
    const { dir, guard } = await project();
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'index.html'), 'x');
    await writeFile(
      path.join(dir, 'dist', 'nginx.conf.example'),
      '# Example nginx configuration for the site brochure built into this folder, generated from content/site.yaml.\n',
    );
    await expect(checkOutputFolder(path.join(dir, 'dist'), guard)).resolves.toBe(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'nginx.conf.example'), 'server {}');
    await expect(checkOutputFolder(path.join(dir, 'dist'), guard)).rejects.toThrow(
      /^dist\/ was not written by brochure \(it holds index\.html, nginx\.conf\.example\)/,
    );
  });
});

describe('recoverOutput', () => {
  it('puts back the previous site a killed swap left aside, never a staging folder', async () => {
    const dir = await tempDir();
    const out = path.join(dir, 'dist');
    const pid = await deadPid();
    // Only a staging folder, complete or not: nothing to recover (the next build writes a new one).
    await mkdir(path.join(dir, `dist.tmp-${pid}`, OUTPUT_MARK), { recursive: true });
    expect(await recoverOutput(out)).toBe(false);
    await mkdir(path.join(dir, `dist.old-${pid}`));
    await writeFile(path.join(dir, `dist.old-${pid}`, 'index.html'), 'old');
    expect(await recoverOutput(out)).toBe(true);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('old');
  });
});

describe('a symlinked output', () => {
  it('is refused with a clear message when the folder it points to is missing, and recovered there after a killed swap', async () => {
    const dir = await tempDir();
    await symlink(path.join(dir, 'deploy', 'site'), path.join(dir, 'dist'));
    await expect(checkOutputFolder(path.join(dir, 'dist'), { protectedFolders: [], cwd: dir })).rejects.toThrow(
      'dist/ is a symbolic link to a folder that does not exist; create that folder, or remove the link.',
    );
    const pid = await deadPid();
    await mkdir(path.join(dir, 'deploy', `site.old-${pid}`), { recursive: true });
    await writeFile(path.join(dir, 'deploy', `site.old-${pid}`, 'index.html'), 'old');
    expect(await recoverOutput(path.join(dir, 'dist'))).toBe(true);
    expect(await readFile(path.join(dir, 'dist', 'index.html'), 'utf8')).toBe('old');
  });
});
