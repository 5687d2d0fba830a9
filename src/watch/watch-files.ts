// chokidar without editor leftovers, with a second look at saves that came too soon and with folders replaced under the same name: reports every path whose bytes may have changed.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync, watch as fsWatch, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { MAX_FILE_BYTES } from '../content/limits.ts';

/** A running watch over some folders. */
export interface FileWatch {
  close(): Promise<void>;
}

// When a reported file is looked at again: once chokidar's 50 ms window for a file's changes has
// closed, and once its longest one has (1 s, in which a folder is not read again), for a save that came
// while chokidar was still busy with the one before (seen once in CI: an atomic save, then a burst).
const LOOKS_AGAIN_MS = [60, 1_100];

/**
 * Watches `roots` and every folder below them (ignoring editor leftovers, following linked folders)
 * and calls `changed` with each added, edited or removed path, a folder added, removed or replaced included.
 *
 * Options left at chokidar's defaults: fs.watch, not polling (CHOKIDAR_USEPOLLING=1 switches, for
 * network drives); `atomic`, so a file replaced by a rename is one change; no `awaitWriteFinish`,
 * which would hold every text save for its 2 s (src/watch/settle.ts waits for photos being copied).
 *
 * Its cost: chokidar lists and lstats the whole folder on every event in it, 12-17 ms of CPU per save
 * in a folder of 200 files, about 53 ms in one of 1,000. At L (bench/watch.ts, paired) a save in
 * services/ is served in 166 ms against 126 ms with the fs.watch-per-folder watcher it replaced
 * (target 150); saves in small folders cost the same with both.
 */
export async function watchFiles(
  roots: string[],
  changed: (file: string) => void,
  failed: (error: unknown) => void,
): Promise<FileWatch> {
  // A root is watched whatever its name (`--content .site/content` is the user's choice); below it, leftovers and loops are not.
  const ignored = (file: string, info?: Stats): boolean =>
    !roots.includes(file) &&
    (isEditorLeftover(path.basename(file)) || (info !== undefined && isLinkLoop(file, info, roots)));
  /** One chokidar per root, so a root replaced is watched anew from scratch (its sub-folders' watches are the old ones'). */
  const watchers = new Map<string, FSWatcher>();
  /**
   * Stat signature of each file when it was last reported, taken at once, before any build can read
   * it: what a build reads is that or newer. A later signature means a save the build may have missed.
   */
  const reported = new Map<string, string>();
  const rechecks = new Map<string, NodeJS.Timeout>();
  /** Identity (device and inode, links followed) of each folder under the roots; see lookAgain. */
  const identities = new Map<string, string>();
  /** The look at each replaced folder in progress: events for one folder are handled in order. */
  const looks = new Map<string, Promise<void>>();
  let closed = false;
  let started = false;

  // chokidar drops events that come within its throttle windows (a second save, a formatter, a removal
  // just after a save): a file is looked at again after each report, and reported once more if it
  // differs. An event that finds the file as last reported is the same save seen twice: nothing new.
  const report = (file: string, look = 0): void => {
    const now = signature(file);
    const same = reported.get(file) === now;
    reported.set(file, now);
    clearTimeout(rechecks.get(file));
    rechecks.delete(file);
    // Unchanged at the last look: nothing more to do. Changed, or not yet looked at again: look (again).
    if (same && look === LOOKS_AGAIN_MS.length) return;
    const next = same ? look : 0;
    rechecks.set(
      file,
      setTimeout(() => {
        rechecks.delete(file);
        if (!closed) report(file, next + 1);
      }, LOOKS_AGAIN_MS[next]),
    );
    if (!same) changed(file);
  };

  const forget = (folder: string): void => {
    for (const known of identities.keys())
      if (known === folder || known.startsWith(folder + path.sep)) identities.delete(known);
  };
  /** Notes the identity of `folder` and of the folders below it; a link back to a folder on the way is not followed. */
  const remember = async (folder: string, above: readonly string[] = []): Promise<void> => {
    const id = await identity(folder);
    if (id === undefined || above.includes(id) || closed) return;
    identities.set(folder, id);
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const folders = entries.filter(
      (entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !isEditorLeftover(entry.name),
    );
    await Promise.all(folders.map((entry) => remember(path.join(folder, entry.name), [...above, id])));
  };
  /**
   * chokidar compares a folder's names before and after an event: `mv services s.old && mv s.new
   * services` leaves the same names, so it says nothing and goes on watching the folder moved away (as
   * does a link re-pointed at a folder holding the same names). A new identity behind a known name tells.
   */
  const lookAgain = async (folder: string): Promise<void> => {
    const root = roots.find((candidate) => folder === candidate || folder.startsWith(candidate + path.sep)) ?? folder;
    const before = identities.get(folder);
    const now = await identity(folder);
    // Gone or added below a root: chokidar reports it. A root gone, back or re-pointed it does not
    // follow: it is watched anew, even when back as the same folder, since chokidar may have read it
    // while it was away and dropped what it held (CI met a save in content/ itself unseen after that).
    if (closed || (root !== folder && (now === before || before === undefined || now === undefined))) return;
    const below = [...identities.keys()].filter((known) => known.startsWith(folder + path.sep));
    forget(folder);
    if (root === folder) await arm(root);
    else watchers.get(root)?.unwatch(folder).add(folder);
    await remember(folder);
    if (closed) return;
    changed(folder);
    // A root's folders are new too: images/ is how the photos' memo learns of it.
    if (root === folder)
      for (const known of new Set([...below, ...identities.keys()]))
        if (known.startsWith(folder + path.sep)) changed(known);
  };
  const renamed = (parent: string, name: unknown): void => {
    if (typeof name !== 'string') return;
    const folder = path.join(parent, name);
    if (!identities.has(folder) && !roots.includes(folder)) return;
    const next = (looks.get(folder) ?? Promise.resolve()).then(() => lookAgain(folder)).catch(failed);
    looks.set(folder, next);
    void next.then(() => looks.get(folder) === next && looks.delete(folder));
  };
  /** (Re)starts the watch of `root`, resolving once chokidar has read it. */
  const arm = async (root: string): Promise<void> => {
    await watchers.get(root)?.close();
    if (closed) return;
    const watcher = watch(root, { ignoreInitial: true, ignored });
    watchers.set(root, watcher);
    watcher.on('all', (event, file) => {
      if (event === 'addDir') void remember(file).catch(failed);
      if (event === 'unlinkDir') forget(file);
      if (event === 'addDir' || event === 'unlinkDir') changed(file);
      else report(file);
    });
    // The events fs.watch gave chokidar: a rename in a folder may have put another folder in a known one's place.
    watcher.on('raw', (event, name, details) => {
      const parent = (details as { watchedPath?: unknown }).watchedPath;
      if (event === 'rename' && typeof parent === 'string') renamed(parent, name);
    });
    watcher.on('error', failed);
    await new Promise<void>((resolve) => watcher.once('ready', resolve));
  };
  // chokidar cannot follow a root moved away and back, or a linked root re-pointed: its parent's entry can.
  const parents = [...new Set(roots.map((root) => path.dirname(root)))].map((parent) =>
    fsWatch(parent, (event, name) => started && event === 'rename' && renamed(parent, name)).on('error', failed),
  );
  await Promise.all(roots.map(arm));
  await Promise.all(roots.map((root) => remember(root)));
  // Not before: the process's one inotify queue may still hold events from before this watch began.
  started = true;

  return {
    close: async () => {
      closed = true;
      for (const parent of parents) parent.close();
      await Promise.all(looks.values());
      await Promise.all([...watchers.values()].map((watcher) => watcher.close()));
      for (const timer of rechecks.values()) clearTimeout(timer);
    },
  };
}

/**
 * Whether the folder `file` is one of the folders above it (under its root) reached again through a
 * link: chokidar follows links without a guard, and `images/loop -> ..` would be watched (and every
 * save reported) once per turn until paths grow too long.
 */
function isLinkLoop(file: string, info: Stats, roots: readonly string[]): boolean {
  if (!info.isDirectory() && !info.isSymbolicLink()) return false;
  const root = roots.find((candidate) => file.startsWith(candidate + path.sep));
  if (root === undefined) return false;
  const real = realPath(file);
  if (real === undefined) return false;
  for (let above = path.dirname(file); above.length >= root.length; above = path.dirname(above))
    if (realPath(above) === real) return true;
  return false;
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
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

async function identity(folder: string): Promise<string | undefined> {
  const info = await stat(folder).catch(() => undefined);
  return info?.isDirectory() ? `${info.dev}:${info.ino}` : undefined;
}

// Content files are at most this size: hashing one on each report costs well under a millisecond.
const HASHED_BYTES = MAX_FILE_BYTES;
// The file system's clock moves in ticks of a few ms: a file changed within this of now may change again unseen.
const RACY_NS = 20_000_000n;
let racy = 0;

/**
 * What a file holds, as far as can be told at once (synchronous, so no build starts in between). Two
 * saves within one tick of the file system's clock leave the same size and times (a burst of saves of
 * the same length), so a small file's bytes are hashed; a larger one changed a moment ago counts as
 * changing still, and is looked at once more.
 */
function signature(file: string): string {
  const info = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!info) return 'missing';
  const stamp = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  if (!info.isFile()) return stamp;
  if (info.size <= HASHED_BYTES) {
    try {
      return `${stamp}:${createHash('sha1').update(readFileSync(file)).digest('base64')}`;
    } catch {
      return 'missing';
    }
  }
  return BigInt(Date.now()) * 1_000_000n - info.ctimeNs < RACY_NS ? `${stamp}:racy${++racy}` : stamp;
}
