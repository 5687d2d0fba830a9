// The sample site for browser tests: the one build of the run as shipped, or an edited copy built for one test file.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { startSampleSite, type ServedSite } from './start-site.ts';

export type { ServedSite };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sample site as shipped, built and served once per run by test/setup/sample-site.ts. */
    sampleSite: { url: string; out: string };
  }
}

/**
 * The sample site served by `brochure preview`. As shipped, it is the one build of the run (its
 * `stop` leaves it to the global teardown); with `edit`, a copy of `content/` changed by `edit`
 * (add, rewrite or delete files) is built and served for the caller alone.
 */
export async function serveSampleSite({
  edit,
}: { edit?: (content: string) => Promise<void> } = {}): Promise<ServedSite> {
  if (edit) return startSampleSite({ edit });
  return { ...inject('sampleSite'), stop: async () => undefined };
}

/** An `edit` for `serveSampleSite` that rewrites the copy's site.yaml (e.g. to flip an option). */
export function editSiteYaml(change: (yaml: string) => string): (content: string) => Promise<void> {
  return async (content) => {
    const file = path.join(content, 'site.yaml');
    await writeFile(file, change(await readFile(file, 'utf8')));
  };
}
