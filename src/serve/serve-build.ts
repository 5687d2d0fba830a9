// What `watch` serves: the last good build from memory, each page with the live-reload script added, and the headers the host would send.
import type { BuildSuccess } from '../build.ts';
import { HEADERS_FILE } from '../host/headers.ts';
import { withHeadersFile } from '../host/headers-file.ts';
import { ADMIN_DIR, fileOfPath, NOT_FOUND_FILE } from '../routes.ts';
import type { LiveReload } from '../watch/live-reload.ts';
import { render, say, type Language } from '../messages/text.ts';
import { appendToBody } from './rewrite-html.ts';
import type { ServeOptions } from './server.ts';

/**
 * Files and headers for serveSite: the build's files, then `devFiles` (the reload client); every
 * page gets the reload script here, on its way out, so the build (and `watch --out`) stays
 * deployable. Before a first good build every page is a placeholder, so the overlay can show why.
 * The CSP above all comes from the build's `_headers`: a page that breaks it should break here
 * first, not once deployed. `base` is the site's base path, where the reload client is served too;
 * `language` the placeholder's.
 */
export function serveBuild(
  current: () => BuildSuccess | undefined,
  live: LiveReload,
  devFiles: ReadonlyMap<string, Uint8Array>,
  base: () => string = () => '/',
  language: Language = 'en',
): Pick<ServeOptions, 'files' | 'headers'> {
  const waiting = Buffer.from(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>brochure watch</title></head>` +
      `<body><p>${render(say('noGoodBuild'), language)}</p></body></html>`,
  );
  // What was sent of each file of the build, for as long as the build holds the same bytes and the
  // reload script is the same: a page of several megabytes is copied once, not per request. No
  // `.br`/`.gz` siblings: serveSite compresses what a browser asks for.
  const sent = new WeakMap<Uint8Array, Served>();
  const served = (file: string): Uint8Array | undefined => {
    const build = current();
    const bytes = (build ? build.files.get(file) : file === NOT_FOUND_FILE ? waiting : undefined) ?? devFiles.get(file);
    if (!bytes) return undefined;
    const tag = live.scriptTag(base());
    let known = sent.get(bytes);
    if (known?.tag !== tag)
      sent.set(bytes, (known = { tag, body: isEditor(file) ? bytes : appendToBody(file, bytes, tag) }));
    return known.body;
  };
  const files = { read: async (file: string) => served(file) };
  return withHeadersFile(files, () => current()?.files.get(HEADERS_FILE), base);
}

/**
 * The web editor's files (`/admin`, with `cms` set): not a page of the site, so no reload script. The
 * rebuild that follows an editor's own save would reload the editor, mid-edit in the next entry.
 */
function isEditor(file: string): boolean {
  return file === fileOfPath(`/${ADMIN_DIR}`) || file.startsWith(`${ADMIN_DIR}/`);
}

/** A file as the server sends it: with the reload script when a page. */
interface Served {
  tag: string;
  body: Uint8Array;
}
