// Starts the esbuild bundles of a build before its content is read: they need none of it.
import { compressAhead } from '../host/precompress.ts';
import type { ResolvedOptions } from '../options.ts';
import { bundleClient, bundleStyles } from './client.ts';
import { hasBuildRecord } from './esbuild-cache.ts';
import { loadTemplates } from './templates.ts';

/** The stages started here, named as the build's stages and as their esbuild records (`cachedBuild`'s `name`). */
const STARTED_STAGES = ['templates', 'client', 'styles'] as const;
type StartedStage = (typeof STARTED_STAGES)[number];

/** The bundles `startBundles` started for one build, each handed out once. */
export interface StartedBundles {
  /**
   * The bundle of `stage`, once (a later build asks afresh, so an edit between two builds is always
   * seen); undefined for a stage not started.
   */
  take(stage: string): Promise<unknown> | undefined;
}

/**
 * Starts esbuild's own process now (its documented `initialize`, which in Node only starts the
 * service), rather than at the first build: a cold build's templates bundle is on its critical path,
 * and the bundles' first request otherwise waits until their cache records were read, after this
 * thread has loaded the whole pipeline. Only when a bundle has no cache record (a first or cold
 * build): with all three recorded they are most likely reused, and esbuild not started at all. The
 * process stays unreferenced until a build runs.
 */
export async function startEsbuild(cacheDir: string): Promise<void> {
  if (STARTED_STAGES.every((name) => hasBuildRecord(name, cacheDir))) return;
  const { initialize } = await import('esbuild');
  try {
    await initialize({});
  } catch {
    // Started already (an earlier build in this process): nothing to do.
  }
}

/**
 * Starts the templates, client script and stylesheet bundles now. esbuild runs in its own process,
 * so on a machine with two cores it bundles while this one validates the content; the build then
 * takes these (`streamSite`'s `started`) instead of asking again, which with esbuild's cache kept would
 * read its records and hash every input a second time, and write the templates bundle again. They
 * belong to the build they are handed to, not to the process: a build that stops before taking them
 * leaves nothing for another project's build. Failures are the build's to report when it takes them
 * (a template error after a content error is not reported at all), so none is raised here.
 */
export function startBundles(options: ResolvedOptions): StartedBundles {
  // The script and stylesheet are compressed as soon as they are made, on the thread pool, while
  // this thread reads the content: less to compress once the pages are rendered.
  const client = bundleClient(options).then((bundle) => {
    for (const file of bundle.files) compressAhead(file.path, file.contents, options.cacheDir);
    return bundle;
  });
  const styles = bundleStyles(options).then((stylesheet) => {
    compressAhead(stylesheet.path, stylesheet.contents, options.cacheDir);
    return stylesheet;
  });
  const started = new Map<string, Promise<unknown>>([['templates', loadTemplates(options)], ['client', client], ['styles', styles]] satisfies [StartedStage, Promise<unknown>][]);
  for (const run of started.values()) run.catch(() => undefined);
  return {
    take(stage) {
      const run = started.get(stage);
      started.delete(stage);
      return run;
    },
  };
}
