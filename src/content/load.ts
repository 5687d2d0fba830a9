// Reads content/ into raw entries: front matter and YAML parsed (with positions only where a problem needs its line), bodies kept as Markdown.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { load as loadYaml } from 'js-yaml';
import { LineCounter, parseDocument, visit, type Document } from 'yaml';
import { ContentError } from '../errors.ts';
import { readContentFile, walkImages } from './read-file.ts';
import { MAX_YAML_ALIASES } from './limits.ts';
import { say, type Text } from '../messages/text.ts';
import { fileProblems } from '../refusals.ts';
import type { YamlSource } from './locate.ts';
import { displayPathsIn, toPosix } from '../cli/display-path.ts';

/** What kind of content file an entry is; decides its schema. */
export type EntryKind = 'site' | 'home' | 'contacts' | 'services-page' | 'privacy' | 'professional' | 'service';

/** One content file, parsed but not yet validated. */
export interface RawEntry {
  kind: EntryKind;
  /** Path relative to the project (the working directory), used in every message. */
  file: string;
  /** Parsed YAML (the whole file for site.yaml, the front matter for Markdown). */
  source: YamlSource;
  data: unknown;
  /** Markdown body; empty for site.yaml. */
  body: string;
  /** For professionals and services: the name the file gives (`rossi`, `01-colloquio` -> `colloquio`). */
  slug?: string;
  /** For services: the `<nn>` prefix. */
  position?: number;
  /** Line of the file where the Markdown body starts (so body problems get file lines). */
  bodyLine?: number;
}

/** Everything read from `content/`, plus the problems found while reading. */
export interface LoadedContent {
  entries: RawEntry[];
  /** Files present under `content/images/`, as content paths (`images/hero.jpg`). */
  images: Set<string>;
  problems: ContentError[];
}

const PAGE_FILES: [string, EntryKind][] = [
  ['home.md', 'home'],
  ['contatti.md', 'contacts'],
  ['percorsi.md', 'services-page'],
  ['privacy.md', 'privacy'],
];

const MARKDOWN = /\.(?:md|markdown)$/i;
const SERVICE_NAME = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.(?:md|markdown)$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One content file after reading: its entry (none when unreadable or malformed) and its problems. */
export interface ParsedFile {
  entry?: RawEntry;
  problems: ContentError[];
}

/** Where `watch` keeps parsed files between builds: returns the kept parse of `absolute`, or runs `parse`. */
export type ParsedFileCache = (absolute: string, parse: () => Promise<ParsedFile>) => Promise<ParsedFile>;

/** Reads every content file under `contentDir`; never throws for content mistakes. */
export async function loadContent(
  contentDir: string,
  cwd = process.cwd(),
  cache: ParsedFileCache = (_absolute, parse) => parse(),
): Promise<LoadedContent> {
  const problems: ContentError[] = [];
  const display = displayPathsIn(cwd);

  const parseEntry = async (absolute: string, kind: EntryKind): Promise<ParsedFile> => {
    const file = display(absolute);
    const found: ContentError[] = [];
    const read = readContentFile(absolute);
    if ('missing' in read) {
      found.push(new ContentError(file, 0, say('fieldFile'), say('fileMissing')));
      return { problems: found };
    }
    if ('problem' in read) {
      found.push(new ContentError(file, read.line, say('fieldFile'), read.problem));
      return { problems: found };
    }
    const text = normaliseText(read.text);
    const entry = kind === 'site' ? parseYamlFile(file, text, found) : parseMarkdownFile(file, kind, text, found);
    return { entry, problems: found };
  };

  const readEntry = async (absolute: string, kind: EntryKind): Promise<RawEntry | undefined> => {
    const parse = () => parseEntry(absolute, kind);
    const parsed = await cache(absolute, parse);
    problems.push(...parsed.problems);
    return parsed.entry;
  };

  const [site, pages, professionals, services, images] = await Promise.all([
    readEntry(path.join(contentDir, 'site.yaml'), 'site'),
    Promise.all(PAGE_FILES.map(([name, kind]) => readEntry(path.join(contentDir, name), kind))),
    listMarkdown(path.join(contentDir, 'professionals')),
    listMarkdown(path.join(contentDir, 'services')),
    listImages(path.join(contentDir, 'images')),
  ]);

  const professionalEntries = await Promise.all(
    professionals.map(async (name) => {
      const entry = await readEntry(path.join(contentDir, 'professionals', name), 'professional');
      if (!entry) return undefined;
      const slug = name.replace(MARKDOWN, '').toLowerCase();
      if (!SLUG.test(slug)) {
        problems.push(new ContentError(entry.file, 0, say('fieldFileName'), say('professionalFileName', { name, example: 'maria-rossi.md' })));
        return undefined;
      }
      return { ...entry, slug };
    }),
  );

  const servicesDir = display(path.join(contentDir, 'services'));
  if (services.length === 0) {
    problems.push(new ContentError(servicesDir, 0, say('fieldServices'), say('noServices')));
  }
  const serviceEntries = await Promise.all(
    services.map(async (name) => {
      const entry = await readEntry(path.join(contentDir, 'services', name), 'service');
      if (!entry) return undefined;
      const match = SERVICE_NAME.exec(name);
      if (!match) {
        problems.push(new ContentError(entry.file, 0, say('fieldFileName'), say('serviceFileName', { name, example: `01-${name.replace(MARKDOWN, '').toLowerCase()}.md` })));
        return undefined;
      }
      return { ...entry, position: Number(match[1]), slug: match[2]!.toLowerCase() };
    }),
  );

  const entries = [site, ...pages, ...professionalEntries, ...serviceEntries].filter((entry): entry is RawEntry => entry !== undefined);
  return { entries, images, problems };
}

function parseYamlFile(file: string, text: string, problems: ContentError[]): RawEntry | undefined {
  const parsed = parseData(file, text, problems);
  return parsed && { kind: 'site', file, ...parsed, body: '' };
}

function parseMarkdownFile(file: string, kind: EntryKind, text: string, problems: ContentError[]): RawEntry | undefined {
  const parts = markdownParts(text);
  if (!parts) {
    problems.push(new ContentError(file, 1, say('fieldFrontMatter'), say('frontMatterMissing')));
    return undefined;
  }
  // gray-matter's `matter` starts right after the opening `---`, so YAML line N is file line N.
  const yaml = parseData(file, parts.matter, problems);
  return yaml && { kind, file, source: yaml.source, data: yaml.data ?? {}, body: parts.body, bodyLine: parts.bodyLine };
}

/** A Markdown file's normalised text split: its front matter's YAML, its body and the file line the body starts on; undefined without front matter. */
function markdownParts(text: string): { matter: string; body: string; bodyLine: number } | undefined {
  if (!matter.test(text)) return undefined;
  const parsed = splitFrontMatter(text);
  // The body is the tail of the text: its first line follows the lines before it.
  const bodyLine = text.slice(0, text.length - parsed.content.length).split('\n').length;
  return { matter: parsed.matter, body: parsed.content, bodyLine };
}

/**
 * YAML text -> its data, and its document with positions (built only when a message asks for a line);
 * undefined when it cannot be read, the problems said.
 */
export function parseData(file: string, text: string, problems: ContentError[]): { source: YamlSource; data: unknown } | undefined {
  const quick = quickData(text);
  if (quick) return { source: keptAsText(text), data: quick.data };
  const source = parseYaml(file, text, problems);
  if (!source) return undefined;
  const data = toData(file, source, problems);
  return data === UNREADABLE ? undefined : { source: keptAsText(text), data };
}

/**
 * The fast path: js-yaml reads YAML 1.2's core schema as `yaml` does, about six times faster (2,011
 * front matters: 0.12 s against 0.75 s), without positions. It declines what it might read otherwise
 * or that needs a message (an error, an alias, an empty file, a key `yaml` would refuse or name
 * differently), and `yaml` reads that as before: the data and every message stay `yaml`'s.
 */
function quickData(text: string): { data: unknown } | undefined {
  if (LONG_LINE.test(text)) return undefined;
  try {
    const data = loadYaml(text, { maxAliases: 0 });
    return hasNullKey(data) ? undefined : { data };
  } catch {
    return undefined;
  }
}

// `yaml` refuses an implicit key over 1024 characters; js-yaml takes it.
const LONG_LINE = /^.{1024}/m;

/** A key `null` or `~`: `yaml` names it "", js-yaml "null" (a quoted "null" is declined too, and read by `yaml`). */
const hasNullKey = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.entries(value).some(([key, item]) => key === 'null' || hasNullKey(item));

/**
 * The parsed document is only read to place a problem on its line, which most builds never do, and
 * it weighs about 17 kB per professional (84 MB of 5,000): the entry keeps the YAML text and parses
 * it again, once, the first time a line is asked for (the same text gives the same document).
 */
function keptAsText(text: string): YamlSource {
  let parsed: YamlSource | undefined;
  const parse = () => (parsed ??= parseWithLines(text));
  return {
    get document() {
      return parse().document;
    },
    get lineCounter() {
      return parse().lineCounter;
    },
  };
}

function parseWithLines(text: string): YamlSource {
  const lineCounter = new LineCounter();
  return { document: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
}

// Windows editors may save a byte-order mark, which hides the opening `---`, and CRLF line
// endings, which leave a `\r` on the last front-matter value ("work\r" is not "work").
/** A content file's text as loading reads it. */
function normaliseText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Front matter (raw YAML) and Markdown body of normalised text; the body is what gets rendered. */
function splitFrontMatter(text: string): { matter: string; content: string } {
  // Our own engine: we parse the raw block with `yaml` to keep positions for error lines.
  return matter(text, { engines: { yaml: () => ({}) } });
}

// An alias bomb (`a: &a [x, x]`, `b: &b [*a, *a]`, …) doubles at every line: cap the aliases
// expanded, as yaml itself suggests, and say where the first one is.
const UNREADABLE = Symbol('unreadable');

function toData(file: string, source: YamlSource, problems: ContentError[]): unknown {
  try {
    return source.document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    const line = source.lineCounter.linePos(firstAlias(source.document)).line;
    problems.push(new ContentError(file, line, say('fieldYaml'), fileProblems.aliasBomb(MAX_YAML_ALIASES)));
    return UNREADABLE;
  }
}

function firstAlias(document: Document): number {
  let offset = 0;
  visit(document, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

function parseYaml(file: string, text: string, problems: ContentError[]): YamlSource | undefined {
  const source = parseWithLines(text);
  const { document, lineCounter } = source;
  if (document.errors.length === 0) return source;
  // yaml reports one error per extra colon of `title: a: b: c`: the same line and words once is enough.
  const reported = new Set<string>();
  for (const error of document.errors) {
    const line = lineCounter.linePos(error.pos[0]).line;
    const message = firstLine(error.message);
    if (reported.has(`${line} ${message}`)) continue;
    reported.add(`${line} ${message}`);
    problems.push(new ContentError(file, line, say('fieldYaml'), yamlProblem(message)));
  }
  return undefined;
}

// The parser's mistakes editors make most, explained. yaml's error codes are coarser than its messages
// (MISSING_CHAR alone covers a dozen) and it has no others, so they are told apart by its own words.
const YAML_PROBLEMS = new Map<string, Text>([
  ['Nested mappings are not allowed in compact mappings', say('yamlColonInText')],
  ['Unexpected scalar at node end', say('yamlTextAfterQuotes')],
  ['Missing closing "quote', say('yamlMissingQuote')],
  ['Map keys must be unique', say('yamlDuplicateKey')],
  ['Tabs are not allowed as indentation', say('yamlTab')],
  ['Implicit keys need to be on a single line', say('yamlKeyOnOneLine')],
  ['Flow sequence in block collection must be sufficiently indented and end with a ]', say('yamlUnclosedList')],
  ['Flow map in block collection must be sufficiently indented and end with a }', say('yamlUnclosedMap')],
  ['The : indicator must be at most 1024 chars after the start of an implicit block mapping key', say('yamlKeyTooLong')],
  // The engine's own words when a value nests deeper than its stack (`[[[[…` thousands deep).
  ['Maximum call stack size exceeded', say('yamlTooDeep')],
]);

/** A YAML error of the parser as a message of the catalogue. */
function yamlProblem(message: string): Text {
  const known = YAML_PROBLEMS.get(message);
  if (known) return known;
  const character = /^Plain value cannot start with reserved character (.+)$/.exec(message)?.[1];
  return character === undefined ? say('yamlOther', { message }) : say('yamlReservedCharacter', { character });
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

async function listMarkdown(dir: string): Promise<string[]> {
  return (await listDir(dir)).filter((name) => MARKDOWN.test(name) && !name.startsWith('.')).sort();
}

// Recursive: editors may group photos in subfolders (`images/team/rossi.jpg`), which the schema
// allows; symlinked folders are followed once each, so a link loop ends.
async function listImages(dir: string): Promise<Set<string>> {
  const names = await walkImages(dir);
  const visible = names.map(toPosix).filter((name) => !name.split('/').some((part) => part.startsWith('.')));
  return new Set(visible.map((name) => `images/${name}`));
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}
