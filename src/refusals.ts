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
  busy: (shown: string, pid: string, lock: string) => say('outputBusy', { shown, pid, lock }),
  foreignFiles: (shown: string, marked: boolean, listed: Param) =>
    say(marked ? 'outputForeignMarked' : 'outputForeign', { shown, listed }),
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

/** The first `most` of `names`, and how many more there are (one more is named: "e altri 1" is no Italian): the `listed` of `outputRefusals.foreignFiles`. */
export function listedNames(names: readonly string[], most = 4): Param {
  const shown = names.length > most + 1 ? most : names.length;
  const first = names.slice(0, shown).join(', ');
  return shown < names.length ? say('listedMore', { names: first, count: names.length - shown }) : first;
}

/** Problems of a content file as a file (the `file` field of its ContentError). */
export const fileProblems = {
  special: (kind: Text) => say('fileSpecial', { kind }),
  tooLarge: (bytes: number, limit: number) =>
    say('fileTooLarge', { size: formatBytes(bytes), limit: formatBytes(limit) }),
  loop: say('fileLoop'),
  unreadable: say('fileUnreadable'),
  folder: say('fileFolder'),
  notUtf8: (encoding: string, byte?: number) =>
    byte === undefined
      ? say('notUtf8', { encoding })
      : say('notUtf8Byte', { encoding, byte: byte.toString(16).toUpperCase().padStart(2, '0') }),
  aliasBomb: (limit: number) => say('aliasBomb', { limit }),
};

/** Problems of a Markdown body (the `body` field), nesting by what is nested. */
export const bodyProblems = {
  tooLarge: (bytes: number, limit: number) =>
    say('bodyTooLarge', { size: formatBytes(bytes), limit: formatBytes(limit) }),
  tooDeep: (
    what: 'tooDeepQuotes' | 'tooDeepLists' | 'tooDeepQuotesAndLists' | 'tooDeepHtml' | 'tooDeepEmphasis',
    depth: number,
    limit: number,
  ) => say(what, { depth, limit }),
  itemsOpeningContainers: (limit: number) => say('itemsOpeningContainers', { limit }),
  headingTooHigh: (level: number, lowest: number) =>
    say('headingTooHigh', { level, marks: '#'.repeat(level), lowest, lowestMarks: '#'.repeat(lowest) }),
  strikethrough: say('strikethrough'),
};

/** Problems of an image, reported at the field that names it; `image` is the `images/…` path. */
export const imageProblems = {
  heicName: (image: string, jpeg: string) => say('heicName', { image, jpeg }),
  heicContent: (image: string) => say('heicContent', { image }),
  spaces: (image: string, name: string, fixed: string) => say('imageSpaces', { image, name, fixed }),
  characters: (image: string) => say('imageCharacters', { image }),
  path: say('imagePath'),
  special: (image: string, kind: Text) => say('imageSpecial', { image, kind }),
  empty: (image: string) => say('imageEmpty', { image }),
  danglingLink: (image: string) => say('imageDanglingLink', { image }),
  unreadableFile: (image: string, problem: Text) => say('imageUnreadableFile', { image, problem }),
  notAnImage: (image: string) => say('imageNotImage', { image }),
  format: (image: string, format: string) => say('imageFormat', { image, format: format.toUpperCase() }),
  tooManyPixels: (image: string, width: number, height: number, limit: number) =>
    say('imageTooManyPixels', {
      image,
      size: `${width}×${height}`,
      megapixels: Math.round((width * height) / 1e6),
      limit: limit / 1e6,
    }),
  damaged: (image: string, reason: Param) => say('imageDamaged', { image, reason }),
  decoderStopped: say('imageDecoderStopped'),
  svgEncoding: (image: string, reason: Text) => say('svgInvalid', { image, reason }),
  notSvg: (image: string) => say('notSvg', { image }),
  unsafeSvg: (image: string, what: Text) => say('unsafeSvg', { image, what }),
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
  host: (allowed: readonly string[]) => say('hostRefused', { names: allowed.join(', ') }),
  origin: say('originRefused'),
};

/** What to do about a failure of the machine, by error code (`cannot write <path>: <advice>.`). */
export const environmentAdvice: Readonly<Record<string, Text>> = {
  EACCES: say('adviceEACCES'),
  EPERM: say('adviceEPERM'),
  EROFS: say('adviceEROFS'),
  ENOSPC: say('adviceENOSPC'),
  EDQUOT: say('adviceEDQUOT'),
  EMFILE: say('adviceEMFILE'),
  ENFILE: say('adviceENFILE'),
  EIO: say('adviceEIO'),
  ENAMETOOLONG: say('adviceENAMETOOLONG'),
  ENOTDIR: say('adviceENOTDIR'),
  EBUSY: say('adviceEBUSY'),
};

/** A rename refused as busy: the output folder is a mount point (or in use). */
export const MOUNT_POINT_ADVICE = say('adviceMountPoint');

/** `cannot write dist/index.html: the disk is full; …`; without a path, `brochure could not finish: …`. */
export const environmentLine = (verb: 'write' | 'access', shown: string | undefined, advice: Text) =>
  shown === undefined
    ? say('environmentNoPath', { advice })
    : say(verb === 'write' ? 'environmentWrite' : 'environmentAccess', { path: shown, advice });
