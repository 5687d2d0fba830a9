// What `watch` serves: the last good build from memory, stamped for live reload, with the headers the host would send.
import type { BuildSuccess } from '../build.ts';
import { HEADERS_FILE } from '../host/headers.ts';
import { withHeadersFile } from '../host/headers-file.ts';
import { compressedForms } from '../host/precompress.ts';
import { isCompressible } from './media-types.ts';
import type { LiveReload } from '../watch/live-reload.ts';
import type { ServeOptions } from './server.ts';

/**
 * Files and headers for serveSite. Before a first good build, `devFiles` are still served and
 * every page is a placeholder that loads the reload client, so the overlay can show why.
 * The CSP above all comes from the build's `_headers`: a page that breaks it should break here
 * first, not once deployed.
 */
export function serveBuild(current: () => BuildSuccess | undefined, live: LiveReload, devFiles: ReadonlyMap<string, Uint8Array>): Pick<ServeOptions, 'files' | 'headers'> {
  const waiting = Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>brochure watch</title></head>` +
      `<body><p>No good build yet: the terminal lists the problems. This page reloads once they are fixed.</p>${live.devScript}</body></html>`,
  );
  const read = (file: string) => {
    const build = current();
    const bytes = build ? build.files.get(file) : (devFiles.get(file) ?? (file === '404.html' ? waiting : undefined));
    return bytes && live.stamp(file, bytes);
  };
  const files = {
    // A build in memory has no `.br`/`.gz` siblings: they are made per request, after the revision stamp.
    read: async (file: string) => {
      const sibling = /^(.+)\.(br|gz)$/.exec(file);
      const original = sibling && isCompressible(sibling[1]!) ? read(sibling[1]!) : undefined;
      if (!sibling || !original) return read(file);
      return (await compressedForms(original, 'fast'))[sibling[2] as 'br' | 'gz'];
    },
  };
  return withHeadersFile(files, () => current()?.files.get(HEADERS_FILE));
}
