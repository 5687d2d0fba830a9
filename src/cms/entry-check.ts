// The build's own checks on one entry as the web editor is about to save it, worded as the build words them in Italian: bundled into the editor's script (no Node modules).
import { LineCounter, parseDocument, stringify } from 'yaml';
import type { z } from 'zod';
import { MAX_IMAGE_PIXELS } from '../content/limits.ts';
import type { EntryKind, RawEntry } from '../content/load.ts';
import { entryProblems, SCHEMAS } from '../content/validate.ts';
import type { ContentError } from '../errors.ts';
import { render, say } from '../messages/text.ts';
import { imageProblems } from '../refusals.ts';
import { contentForm, withoutEmpty } from './browser/file-format.ts';
import { metaOf } from './fields.ts';

/** An entry as Sveltia hands it to a `preSave` listener, its data made plain. */
export interface Candidate {
  /** The collection's name in config.yml: services, professionals, pages, settings. */
  collection: string;
  /** The file, relative to the repository (`content/services/02-sessuologia.md`); empty for a new entry. */
  path: string;
  /** The fields, with the Markdown body under `body`; images as the editor holds them (/images/…) or as content names them. */
  data: Record<string, unknown>;
}

/** A picture uploaded with the entry, as the browser decoded it. */
export interface Upload {
  /** Where it will be written, as content names it (`images/foto.jpg`). */
  image: string;
  width?: number;
  height?: number;
}

const KINDS: Record<string, EntryKind> = { services: 'service', professionals: 'professional', settings: 'site' };
const PAGES: Record<string, EntryKind> = {
  home: 'home',
  contatti: 'contacts',
  percorsi: 'services-page',
  privacy: 'privacy',
};

/** Warnings the editor refuses too: a body written with markup the page would not show as meant. */
const REFUSED_WARNINGS = new Set(['headingTooHigh', 'strikethrough']);

/**
 * Why the build would refuse the entry, one line per problem naming the field by its labels in the
 * form, in the editor's words ("Percorso professionale › voce 1 › Data: serve una data…"); empty when it may be saved. Images it names are
 * taken as present (Sveltia picks them from the media folder, and refuses to delete one in use); new
 * uploads are checked for what the build checks in the file itself (its size in pixels).
 */
export function entryRefusals(candidate: Candidate, uploads: readonly Upload[] = []): string[] {
  const kind = kindOf(candidate);
  if (!kind) return [];
  const file = entryFile(candidate);
  // What our file format writes (file-format.ts): an optional field left empty is left out.
  const { body, ...data } = contentForm(withoutEmpty(SCHEMAS[kind], candidate.data)) as Record<string, unknown>;
  const markdown = kind !== 'site';
  const text = stringify(data);
  const lineCounter = new LineCounter();
  const source = { document: parseDocument(text, { lineCounter }), lineCounter };
  const entry: RawEntry = {
    kind,
    file,
    source,
    data,
    body: markdown && typeof body === 'string' ? body : '',
    ...(markdown && { bodyLine: 1 }),
    ...(kind === 'professional' && { slug: fileStem(file) }),
    ...(kind === 'service' && serviceName(file)),
  };
  const problems = entryProblems(entry);
  const refused = problems.filter((problem) => problem.severity === 'error' || REFUSED_WARNINGS.has(problem.code));
  const lines = refused.map((problem) => describe(kind, problem));
  for (const upload of uploads) {
    const { width, height } = upload;
    if (width !== undefined && height !== undefined && width * height > MAX_IMAGE_PIXELS) {
      lines.push(render(imageProblems.tooManyPixels(upload.image, width, height, MAX_IMAGE_PIXELS), 'editor'));
    }
  }
  return lines;
}

/** The file the entry is saved to: a new one, not yet named, as `nuovo.md` in its collection's folder. */
export function entryFile(candidate: Pick<Candidate, 'collection' | 'path'>): string {
  return candidate.path || `content/${candidate.collection}/nuovo.md`;
}

/** A file's name without its folder and extension: a professional's slug. */
export function fileStem(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
}

/** A service's place and slug, from its file's name as the loader reads it (`03-lutto.md`: 3 and `lutto`). */
export function serviceName(file: string): { position: number; slug: string } {
  const [, position = '0', slug = fileStem(file)] = /^(\d+)-(.+)$/.exec(fileStem(file)) ?? [];
  return { position: Number(position), slug };
}

/** The kind of content file an entry of this collection and path is. */
export function kindOf(candidate: Pick<Candidate, 'collection' | 'path'>): EntryKind | undefined {
  if (candidate.collection === 'pages') return PAGES[candidate.path.split('/').pop()?.replace(/\.md$/, '') ?? ''];
  return KINDS[candidate.collection];
}

/**
 * A note when the portrait is a landscape photo (a screen capture): the page draws it 4:5
 * (`.profile__photo`, templates/styles/pages.css), cropped to its middle. No other place has one shape.
 */
export function shapeNotes(candidate: Candidate, sizes: ReadonlyMap<string, Partial<Upload>>): string[] {
  const photo = (contentForm(candidate.data) as { photo?: { image?: string } }).photo?.image ?? '';
  const { width = 0, height = 0 } = (kindOf(candidate) === 'professional' && sizes.get(photo)) || {};
  if (width <= height) return [];
  return [`Ritratto › Foto: ${render(say('portraitShape', { size: `${width}×${height}` }), 'editor')}`];
}

/** `Percorso professionale › voce 1 › Data: serve una data…`: where the field is in the form, then the build's words as the editor says them. */
function describe(kind: EntryKind, problem: ContentError): string {
  const where = problem.field === 'body' ? 'Testo' : (labelsOf(SCHEMAS[kind], problem.field) ?? problem.in('it').field);
  return `${where}: ${render(problem.text, 'editor')}`;
}

/** The labels along a field path such as `timeline[0].date` (`Percorso professionale › voce 1 › Data`), from the schemas' `.meta()`. */
function labelsOf(schema: z.ZodType, field: string): string | undefined {
  let current: z.ZodType | undefined = schema;
  const labels: string[] = [];
  for (const part of field.split(/\.|(?=\[)/)) {
    const item = /^\[(\d+)\]$/.exec(part)?.[1];
    current = item ? current && elementOf(current) : objectShape(current)?.[part];
    const label = item ? render(say('item', { position: Number(item) + 1 }), 'it') : current && metaOf(current).label;
    if (!label) return undefined;
    labels.push(label);
  }
  return labels.join(' › ');
}

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  const inner = unwrap(schema);
  return inner && 'shape' in inner ? (inner.shape as Record<string, z.ZodType>) : undefined;
}

function elementOf(schema: z.ZodType): z.ZodType {
  const inner = unwrap(schema);
  return inner && 'element' in inner ? (inner.element as z.ZodType) : schema;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  while (
    current &&
    'unwrap' in current &&
    typeof current.unwrap === 'function' &&
    !('shape' in current) &&
    !('element' in current)
  )
    current = current.unwrap() as z.ZodType;
  return current;
}
