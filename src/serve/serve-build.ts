// What `watch` serves: the last good build from memory, each page with the live-reload script added, and the headers the host would send.
import type { BuildSuccess } from '../build.ts';
import { HEADERS_FILE } from '../host/headers.ts';
import { withHeadersFile } from '../host/headers-file.ts';
import { compressedForms } from '../host/precompress.ts';
import { NOT_FOUND_FILE } from '../routes.ts';
import type { LiveReload } from '../watch/live-reload.ts';
import { isCompressible } from './media-types.ts';
import { appendToBody } from './rewrite-html.ts';
import type { ServeOptions } from './server.ts';

/**
 * Files and headers for serveSite: the build's files, then `devFiles` (the reload client); every
 * page gets the reload script here, on its way out, so the build (and `watch --out`) stays
 * deployable. Before a first good build every page is a placeholder, so the overlay can show why.
 * The CSP above all comes from the build's `_headers`: a page that breaks it should break here
 * first, not once deployed. `base` is the site's base path, where the reload client is served too.
 */
export function serveBuild(
  current: () => BuildSuccess | undefined,
  live: LiveReload,
  devFiles: ReadonlyMap<string, Uint8Array>,
  base: () => string = () => '/',
): Pick<ServeOptions, 'files' | 'headers'> {
  const waiting = Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>brochure watch</title></head>` +
      `<body><p>No good build yet: the terminal lists the problems. This page reloads once they are fixed.</p></body></html>`,
  );
  const read = (file: string) => {
    const build = current();
    const bytes = (build ? build.files.get(file) : file === NOT_FOUND_FILE ? waiting : undefined) ?? devFiles.get(file);
    return bytes && appendToBody(file, bytes, live.scriptTag(base()));
  };
  const files = {
    // A build in memory has no `.br`/`.gz` siblings: they are made per request, after the reload script is added.
    read: async (file: string) => {
      const sibling = /^(.+)\.(br|gz)$/.exec(file);
      const original = sibling && isCompressible(sibling[1]!) ? read(sibling[1]!) : undefined;
      if (!sibling || !original) return read(file);
      return (await compressedForms(original, 'fast'))[sibling[2] as 'br' | 'gz'];
    },
  };
  return withHeadersFile(files, () => current()?.files.get(HEADERS_FILE));
}
