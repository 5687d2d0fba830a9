// One watcher per folder (fs.watch), without editor leftovers: reports every path whose bytes may have changed, and saves that came too soon to be reported.
import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** A running watch over some folders. */
export interface FileWatch {
  /** Notes how `files` look as a build starts reading them, so a save that lands during the build is not lost. */
  reading(files: Iterable<string>): Promise<void>;
  close(): Promise<void>;
}

// A save is several events (truncate, write, attributes): the first is reported, the file's further
// change events are dropped for this long, and a second look after it finds a save that came within it.
const DROP_MS = 50;
const RECHECK_MS = 60;

/**
 * Watches `roots` and every folder below them (ignoring editor leftovers) and calls `changed` with
 * each added, edited or removed path, a folder added or removed included.
 *
 * One fs.watch per folder, none per file: an event names the file, so a save costs one `stat` however
 * many files the folder holds. (chokidar, used before, read the whole folder again, one `lstat` a
 * file, on every save in it: 170 ms of CPU in a folder of 5,000 professionals, and a watcher per
 * file, 7,000 of the 8,192 inotify watches Linux allows by default.)
 */
export async function watchFiles(roots: string[], changed: (file: string) => void, failed: (error: unknown) => void): Promise<FileWatch> {
  /** Watched folders (as found under the roots) -> their watcher and the names they hold. */
  const folders = new Map<string, { watcher: FSWatcher; real: string; names: Set<string> }>();
  /** Real paths of the watched folders, so a symlink loop is followed once. */
  const reals = new Set<string>();
  /** Files whose further change events are dropped until the time given. */
  const dropUntil = new Map<string, number>();
  /** Stat signature of a changed file when a build began to read it; none until a build has. */
  const seen = new Map<string, string>();
  const rechecks = new Map<string, NodeJS.Timeout>();
  /** The look at each path in progress: events for one path are handled in order. */
  const looks = new Map<string, Promise<void>>();
  let closed = false;

  // A save within 50 ms of the previous one (a second save, a formatter, a burst) may reach no
  // event: if the file differs from what the build read, report it once more.
  const recheck = async (file: string): Promise<void> => {
    rechecks.delete(file);
    dropUntil.delete(file);
    const before = seen.get(file);
    seen.delete(file);
    if (before !== undefined && (await signature(file)) !== before && !closed) report(file);
  };
  const report = (file: string): void => {
    // Whatever an earlier build read of this file is out of date now.
    seen.delete(file);
    clearTimeout(rechecks.get(file));
    rechecks.set(file, setTimeout(() => void recheck(file), RECHECK_MS));
    dropUntil.set(file, performance.now() + DROP_MS);
    changed(file);
  };

  const unwatch = (folder: string): void => {
    for (const [watched, entry] of folders) {
      if (watched !== folder && !watched.startsWith(folder + path.sep)) continue;
      entry.watcher.close();
      reals.delete(entry.real);
      folders.delete(watched);
    }
  };

  /** Starts watching `folder` and the folders below it; false when it is not a folder (or already watched through a link). */
  const watch = async (folder: string): Promise<boolean> => {
    const real = await realpath(folder).catch(() => undefined);
    if (real === undefined || reals.has(real) || closed) return false;
    let watcher: FSWatcher;
    try {
      watcher = watchFolder(folder, (event, name) => onEvent(folder, event, name));
    } catch (error) {
      // ENOTDIR: a file; ENOENT: gone already. Anything else (no inotify watches left) is worth saying.
      if (!['ENOTDIR', 'ENOENT'].includes((error as NodeJS.ErrnoException).code ?? '')) failed(error);
      return false;
    }
    watcher.on('error', (error) => {
      // A folder being removed may report an error on its way out; only a folder still there matters.
      void stat(folder).then(() => failed(error), () => unwatch(folder));
    });
    const names = new Set<string>();
    folders.set(folder, { watcher, real, names });
    reals.add(real);
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        if (isEditorLeftover(entry.name)) return;
        names.add(entry.name);
        // A link may lead to a folder: watch tells.
        if (entry.isDirectory() || entry.isSymbolicLink()) await watch(path.join(folder, entry.name));
      }),
    );
    return true;
  };

  const look = async (folder: string, event: string, name: string): Promise<void> => {
    const file = path.join(folder, name);
    const names = folders.get(folder)?.names;
    if (!names || closed) return;
    // An edit of a file already known: reported at once, unless it is the same save's next event.
    if (event === 'change' && names.has(name) && !folders.has(file)) {
      if ((dropUntil.get(file) ?? 0) <= performance.now()) report(file);
      return;
    }
    const info = await stat(file).catch(() => undefined);
    if (closed) return;
    if (info?.isDirectory()) {
      names.add(name);
      if (!folders.has(file) && (await watch(file))) changed(file);
      return;
    }
    if (info) {
      names.add(name);
      if (event === 'change' && (dropUntil.get(file) ?? 0) > performance.now()) return;
      return report(file);
    }
    // Gone: a removed (or renamed) file or folder, if it was there before.
    if (!names.delete(name)) return;
    if (folders.has(file)) {
      unwatch(file);
      changed(file);
    } else report(file);
  };

  const onEvent = (folder: string, event: string, name: string | Buffer | null): void => {
    if (closed) return;
    // Some systems do not say which entry changed: the folder stands for all it holds.
    if (name === null) return changed(folder);
    const entry = name.toString();
    if (isEditorLeftover(entry)) return;
    const key = path.join(folder, entry);
    const next = (looks.get(key) ?? Promise.resolve()).then(() => look(folder, event, entry)).catch(failed);
    looks.set(key, next);
    void next.then(() => looks.get(key) === next && looks.delete(key));
  };

  for (const root of roots) await watch(root);

  return {
    reading: async (files) => {
      await Promise.all([...files].map(async (file) => rechecks.has(file) && seen.set(file, await signature(file))));
    },
    close: async () => {
      closed = true;
      for (const { watcher } of folders.values()) watcher.close();
      folders.clear();
      for (const timer of rechecks.values()) clearTimeout(timer);
      await Promise.all(looks.values());
    },
  };
}

/** Editor leftovers that never change the site: swap, backup, lock and temporary files, dot-files. */
function isEditorLeftover(name: string): boolean {
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
