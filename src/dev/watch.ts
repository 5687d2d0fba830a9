// `brochure watch`: build, serve from memory, rebuild on every save, reload open pages; a bad save never stops it.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch } from 'chokidar';
import { buildSite, type BuildSuccess } from '../build.ts';
import { formatReport } from '../errors.ts';
import type { ResolvedOptions } from '../options.ts';
import { writeSite } from '../output/write-site.ts';
import { WatchCache } from './build-cache.ts';
import { bundleReloadClient, crashReport, LiveReload, problemsReport, RELOAD_CLIENT_FILE, waitingPage } from './live-reload.ts';
import { RebuildQueue } from './rebuild-queue.ts';
import { serveSite, type SiteFiles } from './server.ts';

/** How `watchSite` reports and whether it also writes each good build to disk. */
export interface WatchSettings {
  /** Also write every good build to `options.out` (with the reload script in its pages). */
  write?: boolean;
  log?: (text: string) => void;
  error?: (text: string) => void;
}

/** A running watch: the URL it serves and how to stop it. */
export interface WatchSession {
  url: string;
  port: number;
  /** The build the server shows, or none while no build has succeeded. */
  current(): BuildSuccess | undefined;
  /** Stops watching, waits for the build in flight, ends the reload streams and closes the server. */
  close(): Promise<void>;
}

// Saves that arrive within this spell go into one build (an atomic save is 2-3 events).
const QUIET_MS = 20;
// chokidar drops a file's further change events for 50 ms after emitting one; look again after that.
const RECHECK_MS = 60;

/** Builds the site, serves it on `options.port` and rebuilds whenever a watched file changes. */
export async function watchSite(options: ResolvedOptions, settings: WatchSettings = {}): Promise<WatchSession> {
  const log = settings.log ?? console.log;
  const error = settings.error ?? console.error;
  const shown = (file: string) => {
    const relative = path.relative(options.cwd, file);
    return relative === '' ? '.' : relative.startsWith('..') ? file : toPosix(relative);
  };
  // Stack traces of template errors then point into templates/, not into the bundle.
  process.setSourceMapsEnabled(true);

  const live = new LiveReload();
  const devFiles = new Map([[RELOAD_CLIENT_FILE, await bundleReloadClient(options)]]);
  const waiting = waitingPage(live.devScript);
  let current: BuildSuccess | undefined;
  // Served from memory: the last good build stays up while a broken save is fixed, and dist/ never
  // holds pages with the reload script unless --out asks for them.
  const files: SiteFiles = {
    read: async (file) => {
      const bytes = current ? current.files.get(file) : (devFiles.get(file) ?? (file === '404.html' ? waiting : undefined));
      return bytes && live.stamp(file, bytes);
    },
  };
  const server = await serveSite({ files, port: options.port, handle: live.handle }).catch((reason: unknown) => {
    live.close();
    throw reason;
  });

  const cache = new WatchCache(options);
  const roots = [options.content, options.templatesDir, path.dirname(options.clientEntry)];
  const watcher = watch(roots, { ignoreInitial: true, ignored: isEditorLeftover });
  await new Promise<void>((resolve) => watcher.once('ready', resolve));

  /** Stat signature of each changed file when a build started to read it (see `recheck`). */
  const seen = new Map<string, string>();
  const rechecks = new Map<string, NodeJS.Timeout>();

  const rebuild = async (changed: ReadonlySet<string>): Promise<void> => {
    const start = performance.now();
    await Promise.all([...changed].map(async (file) => seen.set(file, await signature(file))));
    const stillServing = () => `${current ? 'Still serving the last good build' : 'Nothing to serve yet'}; fix the file and save.`;
    try {
      const result = await buildSite(options, { devScript: live.devScript, devFiles, cache });
      if (!result.ok) {
        error(`${formatReport(result.problems)}\n${stillServing()}`);
        live.fail(problemsReport(result.problems));
        return;
      }
      if (result.problems.length > 0) error(formatReport(result.problems));
      const previous = current;
      current = result;
      const summary = `${describe([...changed].map(shown))}: ${cache.pagesRendered} of ${result.pages.length} pages rendered in ${Math.round(performance.now() - start)} ms`;
      // A save that changes no output (an editor's "save" on an unmodified file) reloads nothing.
      if (previous && !live.failing && sameFiles(previous.files, result.files)) {
        log(`${summary}, output unchanged.`);
      } else {
        live.reload();
        if (previous) log(`${summary}, reloading (revision ${live.revision}).`);
      }
      if (settings.write) {
        await writeSite(options.out, result.files).catch((reason: unknown) => error(`Could not write ${shown(options.out)}/: ${String(reason)}`));
      }
    } catch (reason) {
      // A template that throws while rendering, or a bug: print it whole, keep serving.
      error(`${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n${stillServing()}`);
      live.fail(crashReport(reason));
    }
  };
  const queue = new RebuildQueue(rebuild, QUIET_MS);

  // chokidar drops change events that follow an emitted one within 50 ms, so a save landing just
  // after a build read the file could go unseen: compare the file with what that build saw.
  const recheck = async (file: string): Promise<void> => {
    rechecks.delete(file);
    const before = seen.get(file);
    // Not read yet (its build has not started): that build will read the latest bytes anyway.
    if (before === undefined || queue.has(file)) return;
    seen.delete(file);
    if ((await signature(file)) !== before) changedFile(file);
  };
  const changedFile = (file: string): void => {
    cache.invalidate(file);
    queue.add(file);
    clearTimeout(rechecks.get(file));
    rechecks.set(file, setTimeout(() => void recheck(file), RECHECK_MS));
  };
  watcher.on('all', (event, file) => {
    if (event === 'unlink' || event === 'unlinkDir' || event === 'addDir') {
      cache.invalidate(file);
      queue.add(file);
    } else changedFile(file);
  });
  watcher.on('error', (reason) => error(`Watching files failed: ${reason instanceof Error ? reason.message : String(reason)}`));

  const first = performance.now();
  await rebuild(new Set());
  if (current) log(`Built ${current.pages.length} pages in ${((performance.now() - first) / 1000).toFixed(2)} s.`);
  log(`Serving ${server.url} (watching ${roots.map((root) => `${shown(root)}/`).join(', ')}; Ctrl-C to stop)`);

  return {
    url: server.url,
    port: server.port,
    current: () => current,
    close: async () => {
      await watcher.close();
      for (const timer of rechecks.values()) clearTimeout(timer);
      await queue.close();
      live.close();
      await server.close();
    },
  };
}

/** Editor leftovers that never change the site: swap, backup, lock and temporary files, dot-files. */
export function isEditorLeftover(file: string): boolean {
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

function describe(files: string[]): string {
  return files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
}

async function signature(file: string): Promise<string> {
  try {
    const info = await stat(file, { bigint: true });
    return `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return 'missing';
  }
}

function sameFiles(a: ReadonlyMap<string, Uint8Array>, b: ReadonlyMap<string, Uint8Array>): boolean {
  if (a.size !== b.size) return false;
  for (const [file, bytes] of a) {
    const other = b.get(file);
    if (!other || !Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(other)) return false;
  }
  return true;
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}
