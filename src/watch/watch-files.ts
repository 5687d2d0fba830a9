// chokidar without editor leftovers and with the saves it drops: reports every path whose bytes may have changed.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';

/** A running watch over some folders. */
export interface FileWatch {
  /** Notes how `files` look as a build starts reading them, so a save that lands during the build is not lost. */
  reading(files: Iterable<string>): Promise<void>;
  close(): Promise<void>;
}

// chokidar emits a file's change, then drops the file's further change events for 50 ms: look again after that.
const RECHECK_MS = 60;

/** Watches `roots` (ignoring editor leftovers) and calls `changed` with each added, edited or removed path. */
export async function watchFiles(roots: string[], changed: (file: string) => void, failed: (error: unknown) => void): Promise<FileWatch> {
  const watcher = watch(roots, { ignoreInitial: true, ignored: isEditorLeftover });
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  /** Stat signature of a changed file when a build began to read it; none until a build has. */
  const seen = new Map<string, string>();
  const rechecks = new Map<string, NodeJS.Timeout>();

  // A save within 50 ms of the previous one (a second save, a formatter, a burst) may reach no
  // event: if the file differs from what the build read, report it once more.
  const recheck = async (file: string): Promise<void> => {
    rechecks.delete(file);
    const before = seen.get(file);
    seen.delete(file);
    if (before !== undefined && (await signature(file)) !== before) report(file);
  };
  const report = (file: string): void => {
    // Whatever an earlier build read of this file is out of date now.
    seen.delete(file);
    clearTimeout(rechecks.get(file));
    rechecks.set(file, setTimeout(() => void recheck(file), RECHECK_MS));
    changed(file);
  };
  watcher.on('all', (event, file) => (event === 'addDir' || event === 'unlinkDir' ? changed(file) : report(file)));
  watcher.on('error', failed);

  return {
    reading: async (files) => {
      await Promise.all([...files].map(async (file) => rechecks.has(file) && seen.set(file, await signature(file))));
    },
    close: async () => {
      await watcher.close();
      for (const timer of rechecks.values()) clearTimeout(timer);
    },
  };
}

/** Editor leftovers that never change the site: swap, backup, lock and temporary files, dot-files. */
function isEditorLeftover(file: string): boolean {
  const name = path.basename(file);
  return (
    name.startsWith('.') || // .DS_Store, vim's .x.swp, emacs' .#x lock, most atomic-save temporaries
    name.endsWith('~') || // backups
    name === '4913' || // vim probes whether it may write in the folder
    /^#.*#$/.test(name) || // emacs auto-save
    /\.(?:sw[a-p]|tmp|bak|orig|crswap)$/i.test(name) ||
    name.endsWith('___jb_tmp___') ||
    name.endsWith('___jb_old___') // JetBrains safe write
  );
}

async function signature(file: string): Promise<string> {
  try {
    const info = await stat(file, { bigint: true });
    return `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return 'missing';
  }
}
