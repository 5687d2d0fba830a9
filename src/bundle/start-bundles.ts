// Starts the esbuild bundles of a build before its content is read: they need none of it.
import type { ResolvedOptions } from '../options.ts';
import { bundleClient, bundleStyles } from './client.ts';
import { loadTemplates } from './templates.ts';

/**
 * Starts the templates, client script and stylesheet bundles now. esbuild runs in its own process,
 * so on a machine with two cores it bundles while this one validates the content; the build's own
 * calls then join these (cachedBuild) instead of starting again. Failures are the build's to report
 * when it asks (a template error after a content error is not reported at all), so none is raised here.
 */
export function startBundles(options: ResolvedOptions): void {
  for (const started of [loadTemplates(options), bundleClient(options), bundleStyles(options)]) started.catch(() => undefined);
}
