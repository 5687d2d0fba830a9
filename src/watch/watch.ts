// `brochure watch`: build, serve from memory, rebuild on every save, reload open pages; a bad save never stops it.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSite, type BuildSuccess, type StageTimes } from '../build.ts';
import { bundleReloadClient } from '../bundle/reload-client.ts';
import { editorRoot } from '../cms/build-admin.ts';
import { formatReport } from '../errors.ts';
import { counted, render, say, type Language } from '../messages/text.ts';
import { listedNames } from '../refusals.ts';
import type { ResolvedOptions } from '../options.ts';
import { writeBuild } from '../output/write-site.ts';
import type { OutputGuard } from '../output/output-guard.ts';
import { describeEnvironmentError } from '../cli/environment-error.ts';
import { WatchCache } from './build-cache.ts';
import { crashReport, errorDetails, LiveReload, problemsReport, RELOAD_CLIENT_FILE } from './live-reload.ts';
import { RebuildQueue } from './rebuild-queue.ts';
import { serveBuild } from '../serve/serve-build.ts';
import { serveSite } from '../serve/server.ts';
import { portNote, shownUrls } from '../serve/serving.ts';
import { settle } from './settle.ts';
import { watchFiles } from './watch-files.ts';
import { networkUrls } from '../serve/network-urls.ts';
import { basePath } from '../base-path.ts';
import { displayPath } from '../cli/display-path.ts';

/** How `watchSite` reports, and whether it also writes each good build to disk. */
export interface WatchSettings {
  /** Also write every good build to `options.out`, as `build` would (the reload script is added only when serving). */
  write?: boolean;
  /** What the written folder may be (see checkOutputFolder); checked again before every write. */
  guard?: OutputGuard;
  /** Progress lines; console.log by default. */
  log?: (text: string) => void;
  /** Problem reports; console.error by default. */
  error?: (text: string) => void;
  /** Also serve the web editor at /admin: Sveltia CMS, which writes the files from the browser (this server accepts no writes). */
  edit?: boolean;
  /** The language of problem reports, in the terminal and the overlay; English by default. */
  language?: Language;
  /** Whether a busy `options.port` is an error (the default) rather than a reason to take the next free one. */
  strictPort?: boolean;
  /** Called after each rebuild with where its time went (the benchmark prints it). */
  timing?: (timing: RebuildTiming) => void;
}

/** One rebuild's moments (performance.now()) and how it was made. */
export interface RebuildTiming {
  /** The first change of the batch reported by the watcher. */
  changed: number;
  /** The batch taken (after the quiet spell, or after the build before it). */
  started: number;
  /** Changed images and large files settled; the build begins. */
  settled: number;
  /** The build done (before the reload is sent). */
  built: number;
  /** The build's own stage times, when it succeeded. */
  times?: StageTimes;
}

/** A running watch: the URL it serves and how to stop it. */
export interface WatchSession {
  url: string;
  port: number;
  /** The home page's URL (`url` and the site's base path), which `--open` opens. */
  home: string;
  /** Stops watching, waits for the build in flight, ends the reload streams and closes the server. */
  close(): Promise<void>;
}

// Saves that arrive within this spell go into one build (an atomic save alone is two or three events).
const QUIET_MS = 8;

/**
 * Builds the site, serves it on `options.port` and rebuilds whenever a watched file changes.
 * Serves from memory: the last good build stays up while a broken save is being fixed; the server
 * adds the reload script to each page it sends, so what `write` puts on disk is deployable.
 */
export async function watchSite(options: ResolvedOptions, settings: WatchSettings = {}): Promise<WatchSession> {
  const log = settings.log ?? console.log;
  const error = settings.error ?? console.error;
  const shown = (file: string) => displayPath(file, options.cwd);
  const language = settings.language ?? 'en';
  // Stack traces of template errors then point into templates/, not into the bundle.
  process.setSourceMapsEnabled(true);

  const live = new LiveReload();
  const devFiles = new Map([[RELOAD_CLIENT_FILE, await bundleReloadClient(options)]]);
  let current: BuildSuccess | undefined;
  const base = () => (current ? basePath(current.model.site.url) : '/');
  const localEditor = settings.edit === true;
  const server = await serveSite({
    ...serveBuild(() => current, live, devFiles, base, language),
    port: options.port,
    strictPort: settings.strictPort ?? true,
    language,
    host: options.host,
    base,
    handle: live.handle,
  }).catch((reason: unknown) => {
    live.close();
    throw reason;
  });

  const note = portNote(options.port, server.port, language);
  if (note) log(note);

  const cache = new WatchCache(options);
  const roots = [options.content, options.templatesDir, path.dirname(options.clientEntry)];
  let firstChange: number | undefined;
  const rebuild = async (changed: ReadonlySet<string>): Promise<void> => {
    const start = performance.now();
    const changedAt = firstChange ?? start;
    firstChange = undefined;
    await settle(changed);
    const settled = performance.now();
    const stillServing = () => render(say(current ? 'stillServing' : 'nothingToServe'), language);
    try {
      // The same build as `build` runs; the cache makes it redo only what the save changed.
      const result = await buildSite(options, { cache, localEditor });
      settings.timing?.({
        changed: changedAt,
        started: start,
        settled,
        built: performance.now(),
        times: result.ok ? result.times : undefined,
      });
      if (!result.ok) {
        error(`${formatReport(result.problems, language)}\n${stillServing()}`);
        live.fail(problemsReport(result.problems, language));
        return;
      }
      if (result.problems.length > 0) error(formatReport(result.problems, language));
      // A misspelt field changes no page: its warning reaches open pages whether they reload or not.
      live.warn(
        problemsReport(
          result.problems.filter((problem) => problem.severity === 'warning'),
          language,
        ),
      );
      const previous = current;
      current = result;
      const rebuilt = {
        files: listedNames([...changed].map(shown), 3),
        rendered: cache.pagesRendered,
        total: result.pages.length,
        ms: Math.round(performance.now() - start),
      };
      // A save that changes no output (saving an unmodified file) reloads nothing.
      if (previous && !live.failing && sameFiles(previous.files, result.files))
        log(render(say('watchUnchanged', rebuilt), language));
      else {
        live.reload();
        if (changed.size > 0) log(render(say('watchReloading', { ...rebuilt, revision: live.revision }), language));
      }
      if (settings.write) {
        await writeBuild(options.out, result, settings.guard, options.cacheDir).catch((reason: unknown) =>
          error(
            describeEnvironmentError(reason, shown, language, options.out) ??
              render(
                say('watchNotWritten', { folder: `${shown(options.out)}/`, reason: errorDetails(reason).message }),
                language,
              ),
          ),
        );
      }
    } catch (reason) {
      // The machine's doing (a permission, a full disk): one line, no stack.
      const environment = describeEnvironmentError(reason, shown, language);
      if (environment) {
        error(`${environment}\n${stillServing()}`);
        live.fail({ problems: [], error: { message: environment, stack: environment } });
        return;
      }
      // A template that throws while rendering, or a bug: print it whole, keep serving.
      const crash = crashReport(reason);
      error(`${crash.error.stack}\n${stillServing()}`);
      live.fail(crash);
    }
  };
  const queue = new RebuildQueue(rebuild, QUIET_MS);
  const files = await watchFiles(
    roots,
    (file) => {
      cache.invalidate(file);
      firstChange ??= performance.now();
      queue.add(file);
    },
    (reason) => error(render(say('watchFilesFailed', { reason: errorDetails(reason).message }), language)),
  );

  const first = performance.now();
  await queue.runNow();
  if (current) {
    const pages = counted(current.pages.length, 'pageCount', 'pagesCount');
    log(render(say('watchBuilt', { pages, seconds: ((performance.now() - first) / 1000).toFixed(2) }), language));
  }
  const shownBase = base() === '/' ? '' : base();
  if (localEditor) {
    const url = `http://localhost:${server.port}${shownBase || '/'}admin`;
    log(render(say('editorLocal', { url, folder: `${shown(editorRoot(options))}/` }), language));
    // Sveltia saves through the File System Access API, which browsers allow only on localhost.
    if (!LOOPBACK.has(options.host)) log(render(say('editorNetwork', { url }), language));
  }
  const urls = shownUrls(server.url, networkUrls(options.host, server.port, shownBase), shownBase);
  const folders = { list: roots.map((root) => `${shown(root)}/`) };
  log(render(say('watchServing', { urls, folders }), language));

  return {
    url: server.url,
    port: server.port,
    home: `${server.url}${base()}`,
    close: async () => {
      await files.close();
      await queue.close();
      live.close();
      await server.close();
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function sameFiles(a: ReadonlyMap<string, Uint8Array>, b: ReadonlyMap<string, Uint8Array>): boolean {
  if (a.size !== b.size) return false;
  for (const [file, bytes] of a) {
    const other = b.get(file);
    if (other !== bytes && (!other || !Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(other)))
      return false;
  }
  return true;
}
