// What `watch` serves: the last good build from memory, each page with the live-reload script added, and the headers the host would send.
import type { BuildSuccess } from '../build.ts';
import { HEADERS_FILE } from '../host/headers.ts';
import { withHeadersFile } from '../host/headers-file.ts';
import { NOT_FOUND_FILE } from '../routes.ts';
import type { LiveReload } from '../watch/live-reload.ts';
import { appendToBody } from './rewrite-html.ts';
import type { ServeOptions } from './server.ts';

/**
 * Files and headers for serveSite: the build's files, then `devFiles` (the reload client); every
 * page gets the reload script here, on its way out, so the build (and `watch --out`) stays
 * deployable. Before a first good build every page is a placeholder, so the overlay can show why.
 * The CSP above all comes from the build's `_headers`: a page that breaks it should break here
 * first, not once deployed.
 */
export function serveBuild(current: () => BuildSuccess | undefined, live: LiveReload, devFiles: ReadonlyMap<string, Uint8Array>): Pick<ServeOptions, 'files' | 'headers'> {
  const waiting = Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>brochure watch</title></head>` +
      `<body><p>No good build yet: the terminal lists the problems. This page reloads once they are fixed.</p></body></html>`,
  );
  const files = {
    read: async (file: string) => {
      const build = current();
      const bytes = (build ? build.files.get(file) : file === NOT_FOUND_FILE ? waiting : undefined) ?? devFiles.get(file);
      return bytes && appendToBody(file, bytes, live.scriptTag());
    },
  };
  return withHeadersFile(files, () => current()?.files.get(HEADERS_FILE));
}
