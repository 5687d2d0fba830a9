// Every message brochure gives when it refuses an input, an output folder or the state of the machine, in one place.
import { FOLDERS, WORDS } from './messages/catalogue.ts';

/** `1.2 MB`, `300 kB`: sizes in messages. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** Why an output folder may not be replaced; `shown` is the folder as messages show it, ending in `/`. */
export const outputRefusals = {
  protectedFolder: (shown: string, relation: 'is' | 'contains', folder: string) =>
    `${shown} ${relation} ${folder}; a build replaces its output folder entirely, so brochure will not write there (not even with --force). Choose another folder with --out, such as "dist".`,
  insideInput: (shown: string, input: string) =>
    `${shown} is inside ${input}/, which brochure reads while building; choose an output folder outside it with --out, such as "dist".`,
  literalTilde: (shown: string) =>
    `${shown} names a folder called "~", not your home folder: the shell replaces ~ only at the start of a word outside quotes (not in --out=~/… or "~/…"). Write the path in full, such as --out "$HOME/site", or choose another folder.`,
  danglingLink: (shown: string) => `${shown} is a symbolic link to a folder that does not exist; create that folder, or remove the link.`,
  existingFile: (shown: string) => `${shown} is an existing file, not a folder; brochure will not replace it (not even with --force). Choose another --out, or move the file away.`,
  foreignFiles: (shown: string, marked: boolean, listed: string) =>
    `${shown} ${marked ? `holds files brochure did not write (${listed})` : `was not written by brochure (it holds ${listed})`}; a build replaces the whole folder, so they would be lost. Move them elsewhere, choose another --out, or run again with --force to replace the folder anyway.`,
};

/** How the protected folders are named in those messages: the English of the catalogue, which also holds their Italian. */
export const folderNames = Object.fromEntries(Object.entries(FOLDERS).map(([id, { en }]) => [id, en])) as { [Id in keyof typeof FOLDERS]: (typeof FOLDERS)[Id]['en'] };

/** The first four of `names`, and how many more there are: the `listed` of `outputRefusals.foreignFiles`. */
export function listedNames(names: readonly string[]): string {
  return names.slice(0, 4).join(', ') + (names.length > 4 ? WORDS.andMore.en.replace('{count}', String(names.length - 4)) : '');
}

/** Problems of a content file as a file (the `file` field of its ContentError). */
export const fileProblems = {
  special: (kind: string) => `is ${kind}, not a file; remove it or replace it with a regular file`,
  tooLarge: (bytes: number, limit: number) => `is ${formatBytes(bytes)}; content files may be at most ${formatBytes(limit)} (a page that long would not be read anyway); split it or shorten it`,
  loop: 'is a symbolic link that leads back to itself (a loop); replace it with the file it should point to',
  unreadable: 'cannot be read: permission denied; check who owns it (ls -l) and make it readable (chmod a+r)',
  folder: 'is a folder, not a file; remove it or rename it',
  notUtf8: (encoding: string, where: string) =>
    `the file is not UTF-8 text; it looks like ${encoding}${where}. Open it in your editor and save it with the encoding "UTF-8" (for example in VS Code: "Save with Encoding", in Notepad: "Save as", Encoding: UTF-8)`,
  badByte: (byte: number) => ` (byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} cannot start a UTF-8 character)`,
  aliasBomb: (limit: number) => `the aliases (*name) expand to too much data (more than ${limit} copies); write the values out instead of repeating aliases of aliases`,
};

/** Problems of a Markdown body (the `body` field). */
export const bodyProblems = {
  tooLarge: (bytes: number, limit: number) => `is ${formatBytes(bytes)}; a page body may be at most ${formatBytes(limit)} (about 40,000 words); split it into several pages`,
  tooDeep: (what: string, depth: number, limit: number) => `${what} nested ${depth} levels deep; at most ${limit} are allowed, and a page never needs more than a few`,
  blockquotes: 'blockquotes (">")',
  listItems: 'list items',
  quotesAndLists: 'blockquotes (">") and list items',
  htmlElements: 'HTML elements',
  emphasis: 'emphasis (* or _)',
};

const REEXPORT = 'open it in an image editor and export it again as JPEG or PNG, or copy it again if the copy was cut short';
const HEIC = 'is a HEIC photo (what iPhones save)';

/** Problems of an image, reported at the field that names it; `image` is the `images/…` path. */
export const imageProblems = {
  heicName: (image: string, asJpeg: string) =>
    `"${image}" ${HEIC}, which browsers cannot show; convert it to JPEG (on a Mac: open it in Preview, File > Export, Format JPEG; on Windows: open it in Photos, "Save as" JPEG; on the iPhone, Settings > Camera > Formats > Most Compatible makes future photos JPEG), put the .jpg in content/images/ and write "${asJpeg}"`,
  heicContent: (image: string) =>
    `"${image}" ${HEIC} under another name, which browsers cannot show; convert it to JPEG (on a Mac: Preview, File > Export, JPEG; on Windows: Photos, "Save as" JPEG) and put the .jpg in its place`,
  spaces: (image: string, fileName: string, fixed: string) =>
    `"${image}" has a space in its name, which would break the image's address; rename the file in content/images/ to "${fileName}" and write "${fixed}"`,
  characters: (image: string) => `"${image}" may use only letters, digits, dots, dashes, underscores and "/" in its name; rename the file, such as "images/photo-1.jpg"`,
  path: 'expected a path like "images/photo.jpg" (jpg, png, webp, avif or svg inside content/images/)',
  special: (image: string, kind: string) => `"${image}" is ${kind}, not an image file; replace it with the image`,
  empty: (image: string) => `"${image}" is empty (0 bytes); ${REEXPORT}`,
  danglingLink: (image: string) => `"${image}" is a symbolic link to a file that does not exist; replace it with the image itself`,
  unreadableFile: (image: string, problem: string) => `"${image}" ${problem}`,
  notAnImage: (image: string) => `"${image}" is not an image brochure can read (not a JPEG, PNG, WebP or AVIF, or its header is damaged); ${REEXPORT}`,
  format: (image: string, format: string) => `"${image}" is a ${format.toUpperCase()} file; use JPEG, PNG, WebP, AVIF or SVG (export it again in one of those formats)`,
  tooManyPixels: (image: string, width: number, height: number, limit: number) =>
    `"${image}" is ${width}×${height} pixels (${Math.round((width * height) / 1e6)} megapixels), more than the ${limit / 1e6} megapixels brochure decodes; the site shows images at most 2400 pixels wide, so resize it to that width`,
  damaged: (image: string, reason: string) => `"${image}" is damaged or incomplete (${reason}); ${REEXPORT}`,
  svgEncoding: (image: string, message: string) => `"${image}" is not a valid SVG: ${message}`,
  notSvg: (image: string) => `"${image}" is not an SVG drawing (no <svg> element); export it again as SVG, or use PNG`,
  unsafeSvg: (image: string, what: string) =>
    `"${image}" contains ${what}, which could run script or load other files when the SVG is opened on its own; export it again without scripts, links and embedded content (in Inkscape: "Plain SVG"), or use PNG`,
  svgSize: (image: string) => `"${image}" has no size: its <svg> element needs width and height attributes or a viewBox, such as viewBox="0 0 64 64"`,
};

/** A file of `content/public/` that would replace or hide one brochure writes (the `public` field). */
export const publicProblems = {
  clash: (file: string, source: string) => `clashes with ${file}, which brochure generates; remove or rename ${source}`,
  shadowsPage: (url: string, file: string, source: string) => `would be served at ${url} in place of ${file}, which brochure generates; remove or rename ${source}`,
  compressedForm: (file: string, source: string) => `would be served as the compressed form of ${file}, which brochure generates; remove or rename ${source}`,
  builtFolder: (folder: string, source: string) => `is inside ${folder}/, a folder brochure writes itself; move ${source} out of it or remove it`,
};

/** A third-party URL over plain http (its origin would go into the Content-Security-Policy). */
export const HTTP_IN_CSP = 'expected an https:// URL; this origin goes into the Content-Security-Policy, and over http:// anyone on the network could change what it loads';

/** The dev servers' answers to requests that are not theirs. */
export const hostRefusals = {
  host: (allowed: readonly string[]) => `This server answers only to ${allowed.join(', ')}; open it as http://localhost:<port>.`,
  origin: 'Requests from other sites are refused.',
};

/** What to do about a failure of the machine, by error code; `cannot write <path>: <advice>.` */
export const environmentAdvice: Record<string, string> = {
  EACCES: 'permission denied; check who owns it (ls -l) or choose a folder you can write to',
  EPERM: 'operation not permitted; check who owns it (ls -l) or choose a folder you can write to',
  EROFS: 'the disk is read-only; choose a folder on a writable disk with --out',
  ENOSPC: 'the disk is full; free some space and run again',
  EDQUOT: 'your disk quota is used up; free some space and run again',
  EMFILE: 'too many files are open; close some programs (or raise "ulimit -n") and run again',
  ENFILE: 'too many files are open on this system; close some programs and run again',
  EIO: 'the disk reported an input/output error; check the disk and run again',
  ENAMETOOLONG: 'the path is too long; choose a shorter folder name',
  ENOTDIR: 'a part of the path is a file, not a folder; fix the path',
  EBUSY: 'it is in use by another program; close that program and run again',
};

/** `cannot write dist/index.html: the disk is full; …` */
export const environmentLine = (verb: 'write' | 'access', shown: string, advice: string) => `cannot ${verb} ${shown}: ${advice}.`;
