// Sveltia's local editing in headless Chromium: the folder picker (which no test can drive) stubbed with a folder of the Origin Private File System, filled with the project's files and read back.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** The folder name the picker hands Sveltia, inside the origin's private file system. */
const FOLDER = 'progetto';

/**
 * Before any page of the context runs: `showDirectoryPicker()` answers the private folder at once,
 * and its handles grant the read-write permission Sveltia asks for (a picked folder's would, after
 * the browser's own prompt).
 */
export async function stubFolderPicker(context: BrowserContext): Promise<void> {
  // A script's text, not a function: the test's compiler would wrap named functions in a helper the page lacks.
  await context.addInitScript(`
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(${JSON.stringify(FOLDER)}, { create: true });
    const handle = window.FileSystemHandle && window.FileSystemHandle.prototype;
    if (handle && !('requestPermission' in handle)) handle.requestPermission = async () => 'granted';
    if (handle && !('queryPermission' in handle)) handle.queryPermission = async () => 'granted';
  `);
}

/** Every file under `dir`, relative to `base`, as base64. */
async function filesOf(dir: string, base: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(found, await filesOf(file, base));
    else if (entry.isFile())
      found[path.relative(base, file).split(path.sep).join('/')] = (await readFile(file)).toString('base64');
  }
  return found;
}

/**
 * Puts the project's content/ (and an empty .git, which Sveltia requires of the folder it is given) in
 * the private folder of the page's origin, replacing what an earlier run left.
 */
export async function fillFolder(page: Page, project: string): Promise<void> {
  const files = await filesOf(path.join(project, 'content'), project);
  await page.evaluate(
    async ({ folder, files }) => {
      const origin = await navigator.storage.getDirectory();
      await origin.removeEntry(folder, { recursive: true }).catch(() => undefined);
      const root = await origin.getDirectoryHandle(folder, { create: true });
      await root.getDirectoryHandle('.git', { create: true });
      for (const [file, base64] of Object.entries(files)) {
        const parts = file.split('/');
        let dir = root;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
        await writable.close();
      }
    },
    { folder: FOLDER, files },
  );
}

/** What the editor has written: every file of the private folder but .git, as bytes. */
export async function readFolder(page: Page): Promise<Map<string, Buffer>> {
  const files = (await page.evaluate(`(async () => {
    const found = {};
    async function walk(dir, prefix) {
      for await (const [name, handle] of dir.entries()) {
        if (name === '.git') continue;
        if (handle.kind === 'directory') await walk(handle, prefix + name + '/');
        else {
          const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
          let binary = '';
          for (const byte of bytes) binary += String.fromCharCode(byte);
          found[prefix + name] = btoa(binary);
        }
      }
    }
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(${JSON.stringify(FOLDER)}), '');
    return found;
  })()`)) as Record<string, string>;
  return new Map(Object.entries(files).map(([file, base64]) => [file, Buffer.from(base64, 'base64')]));
}
