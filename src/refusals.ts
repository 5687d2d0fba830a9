// The messages brochure gives when it refuses an input, an output folder or the state of the machine, made from the catalogue's codes.
import { say, type Param, type Text } from './messages/text.ts';

/** `1.2 MB`, `300 kB`: sizes in messages. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** Why an output folder may not be replaced; `shown` is the folder as messages show it, ending in `/`. */
export const outputRefusals = {
  protectedFolder: (shown: string, relation: 'is' | 'contains', folder: Text) =>
    say(relation === 'is' ? 'outputIsProtected' : 'outputContainsProtected', { shown, folder }),
  insideInput: (shown: string, input: string) => say('outputInsideInput', { shown, input }),
  literalTilde: (shown: string) => say('outputLiteralTilde', { shown }),
  danglingLink: (shown: string) => say('outputDanglingLink', { shown }),
  existingFile: (shown: string) => say('outputExistingFile', { shown }),
  foreignFiles: (shown: string, marked: boolean, listed: Param) => say(marked ? 'outputForeignMarked' : 'outputForeign', { shown, listed }),
};

/** How the protected folders are named in those messages. */
export const folderNames = {
  working: say('folderWorking'),
  brochure: say('folderBrochure'),
  content: say('folderContent'),
  templates: say('folderTemplates'),
  browser: say('folderBrowser'),
  home: say('folderHome'),
  root: say('folderRoot'),
};

/** The first four of `names`, and how many more there are: the `listed` of `outputRefusals.foreignFiles`. */
export function listedNames(names: readonly string[]): Param {
  const first = names.slice(0, 4).join(', ');
  return names.length > 4 ? say('listedMore', { names: first, count: names.length - 4 }) : first;
}

/** Problems of a content file as a file (the `file` field of its ContentError). */
export const fileProblems = {
  special: (kind: string) => say('fileSpecial', { kind }),
  tooLarge: (bytes: number, limit: number) => say('fileTooLarge', { size: formatBytes(bytes), limit: formatBytes(limit) }),
  loop: say('fileLoop'),
  unreadable: say('fileUnreadable'),
  folder: say('fileFolder'),
  notUtf8: (encoding: string, byte?: number) =>
    byte === undefined ? say('notUtf8', { encoding }) : say('notUtf8Byte', { encoding, byte: byte.toString(16).toUpperCase().padStart(2, '0') }),
  aliasBomb: (limit: number) => say('aliasBomb', { limit }),
};

/** Problems of a Markdown body (the `body` field), nesting by what is nested. */
export const bodyProblems = {
  tooLarge: (bytes: number, limit: number) => say('bodyTooLarge', { size: formatBytes(bytes), limit: formatBytes(limit) }),
  tooDeep: (what: 'tooDeepQuotes' | 'tooDeepLists' | 'tooDeepQuotesAndLists' | 'tooDeepHtml' | 'tooDeepEmphasis', depth: number, limit: number) => say(what, { depth, limit }),
};

/** Problems of an image, reported at the field that names it; `image` is the `images/…` path. */
export const imageProblems = {
  heicName: (image: string, jpeg: string) => say('heicName', { image, jpeg }),
  heicContent: (image: string) => say('heicContent', { image }),
  spaces: (image: string, name: string, fixed: string) => say('imageSpaces', { image, name, fixed }),
  characters: (image: string) => say('imageCharacters', { image }),
  path: say('imagePath'),
  special: (image: string, kind: string) => say('imageSpecial', { image, kind }),
  empty: (image: string) => say('imageEmpty', { image }),
  danglingLink: (image: string) => say('imageDanglingLink', { image }),
  unreadableFile: (image: string, problem: Text) => say('imageUnreadableFile', { image, problem }),
  notAnImage: (image: string) => say('imageNotImage', { image }),
  format: (image: string, format: string) => say('imageFormat', { image, format: format.toUpperCase() }),
  tooManyPixels: (image: string, width: number, height: number, limit: number) =>
    say('imageTooManyPixels', { image, size: `${width}×${height}`, megapixels: Math.round((width * height) / 1e6), limit: limit / 1e6 }),
  damaged: (image: string, reason: string) => say('imageDamaged', { image, reason }),
  svgEncoding: (image: string, reason: Text) => say('svgInvalid', { image, reason }),
  notSvg: (image: string) => say('notSvg', { image }),
  unsafeSvg: (image: string, what: string) => say('unsafeSvg', { image, what }),
  svgSize: (image: string) => say('svgSize', { image }),
};

/** A file of `content/public/` that would replace or hide one brochure writes (the `public` field). */
export const publicProblems = {
  clash: (file: string, source: string) => say('publicClash', { file, source }),
  shadowsPage: (url: string, file: string, source: string) => say('publicShadowsPage', { url, file, source }),
  compressedForm: (file: string, source: string) => say('publicCompressedForm', { file, source }),
  builtFolder: (folder: string, source: string) => say('publicBuiltFolder', { folder, source }),
};

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
