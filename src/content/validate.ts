// Raw entries -> typed entries, turning every schema issue into a located ContentError.
import { z } from 'zod';
import { metaOf } from '../cms/fields.ts';
import { ContentError, errorsOf } from '../errors.ts';
import { plainText, say, type Code, type Param, type Text } from '../messages/text.ts';
import { RESERVED_SLUGS } from '../routes.ts';
import { closest } from './closest.ts';
import { bodyMarkupProblems } from './body-markup.ts';
import { checkBody } from './limits.ts';
import type { EntryKind, LoadedContent, RawEntry } from './load.ts';
import { formatPath, lineOf } from './locate.ts';
import { NO_MEMO, type Memo } from '../memo.ts';
import {
  contactsSchema,
  homeSchema,
  privacySchema,
  professionalSchema,
  serviceSchema,
  servicesPageSchema,
  siteSchema,
  type ContactsData,
  type HomeData,
  type PrivacyData,
  type ProfessionalData,
  type ServiceData,
  type ServicesPageData,
  type SiteConfig,
} from './schema.ts';

/** A validated content file. */
export interface Entry<T> {
  file: string;
  data: T;
  body: string;
}

/** Every content file, validated and typed. */
export interface Entries {
  site: Entry<SiteConfig>;
  home: Entry<HomeData>;
  contacts: Entry<ContactsData>;
  servicesPage: Entry<ServicesPageData>;
  privacy: Entry<PrivacyData>;
  professionals: (Entry<ProfessionalData> & { slug: string })[];
  services: (Entry<ServiceData> & { slug: string; position: number })[];
  /** Every image the content refers to (`images/…`), once each, sorted: what the image stage encodes. */
  images: string[];
}

/** The schema of each kind of content file. */
export const SCHEMAS = {
  site: siteSchema,
  home: homeSchema,
  contacts: contactsSchema,
  'services-page': servicesPageSchema,
  privacy: privacySchema,
  professional: professionalSchema,
  service: serviceSchema,
} satisfies Record<EntryKind, z.ZodType>;

/** Where content first names an image (`images/…`): where a problem of that image file is reported. */
export type ImageReferences = Map<string, { file: string; line: number; field: string }>;

/**
 * Validates loaded content; `entries` is set only when there is no error (warnings allowed).
 * `references` lists every existing image the content names, for the checks of the files themselves.
 */
export function validateContent(content: LoadedContent, memo: Memo = NO_MEMO): { entries?: Entries; problems: ContentError[]; references: ImageReferences } {
  const problems = [...content.problems];
  const valid = new Map<RawEntry, unknown>();
  const referenced = new Set<string>();
  const references: ImageReferences = new Map();

  for (const entry of content.entries) {
    // `watch` hands back the same parse (`source`) for a file that did not change (src/watch/build-cache.ts),
    // so a save re-checks only the files it touched; the checks across files (images, slugs) always run.
    const { result, found, rejected, images } = memo.keep('schema', entry.source, () => checkSchema(entry));
    problems.push(...found);
    // Walk the raw data, so a missing image is reported even when another field of the file is
    // wrong; a field the schema already rejected (a bad image path) is not reported twice.
    for (const { path, image } of images) {
      if (content.images.has(image)) {
        referenced.add(image);
        // The line costs a YAML parse with positions; only a problem with the image file reads it.
        if (!references.has(image)) references.set(image, { file: entry.file, get line() { return lineOf(entry.source, path); }, field: formatPath(path) });
      } else if (!rejected.has(formatPath(path))) {
        problems.push(new ContentError(entry.file, lineOf(entry.source, path), fieldName(path), say('imageNotFound', { image })));
      }
    }
    if (result.success) valid.set(entry, result.data);
  }

  checkSlugs(content.entries, problems);
  if (errorsOf(problems).length > 0) return { problems, references };
  return { entries: assemble(valid, referenced), problems, references };
}

/** The problems one entry has on its own, images taken as present (the web editor checks an entry before saving it: src/cms/entry-check.ts). */
export function entryProblems(entry: RawEntry): ContentError[] {
  const problems = [...checkSchema(entry).found];
  checkSlugs([entry], problems);
  return problems;
}

/** One entry against its schema: what depends on the file alone, not on the rest of the content. */
interface SchemaCheck {
  result: ReturnType<z.ZodType['safeParse']>;
  /** Unknown-key warnings, then schema errors, located. */
  found: ContentError[];
  /** Fields the schema rejected. */
  rejected: Set<string>;
  images: { path: PropertyKey[]; image: string }[];
}

function checkSchema(entry: RawEntry): SchemaCheck {
  const schema = SCHEMAS[entry.kind];
  const found: ContentError[] = [];
  if (entry.bodyLine !== undefined) {
    const limits = checkBody(entry.file, entry.body, entry.bodyLine);
    // A body past the limits is not read further.
    found.push(...(limits.length > 0 ? limits : bodyMarkupProblems(entry.kind, entry.file, entry.body, entry.bodyLine)));
  }
  reportUnknownKeys(schema, entry.data, [], entry, found);
  const result = schema.safeParse(entry.data, { reportInput: true });
  const issues = result.success ? [] : result.error.issues;
  for (const issue of issues) {
    found.push(new ContentError(entry.file, lineOf(entry.source, issue.path), fieldName(issue.path), describeIssue(issue)));
  }
  return { result, found, rejected: new Set(issues.map((issue) => formatPath(issue.path))), images: imageReferences(entry.data) };
}

function assemble(valid: Map<RawEntry, unknown>, images: Set<string>): Entries {
  // Grouped in one pass: `watch` assembles every file of the site again on each save.
  const byKind = new Map<EntryKind, [RawEntry, unknown][]>();
  for (const pair of valid) {
    const group = byKind.get(pair[0].kind);
    if (group) group.push(pair);
    else byKind.set(pair[0].kind, [pair]);
  }
  const of = <T>(kind: EntryKind) => (byKind.get(kind) ?? []).map(([entry, data]) => ({ entry, value: { file: entry.file, data: data as T, body: entry.body } }));
  // Loading guarantees exactly one entry per page kind once there are no errors.
  const single = <T>(kind: EntryKind) => of<T>(kind)[0]!.value;
  return {
    site: single<SiteConfig>('site'),
    home: single<HomeData>('home'),
    contacts: single<ContactsData>('contacts'),
    servicesPage: single<ServicesPageData>('services-page'),
    privacy: single<PrivacyData>('privacy'),
    professionals: of<ProfessionalData>('professional').map(({ entry, value }) => ({ ...value, slug: entry.slug! })),
    services: of<ServiceData>('service').map(({ entry, value }) => ({ ...value, slug: entry.slug!, position: entry.position! })),
    images: [...images].sort(),
  };
}

function checkSlugs(entries: RawEntry[], problems: ContentError[]): void {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    if (entry.kind !== 'professional' || entry.slug === undefined) continue;
    const slug = entry.slug;
    if ((RESERVED_SLUGS as readonly string[]).includes(slug)) {
      problems.push(new ContentError(entry.file, 0, say('fieldSlug'), say('reservedSlug', { slug, routes: RESERVED_SLUGS.join(', ') })));
    }
    const other = seen.get(slug);
    if (other) {
      problems.push(new ContentError(entry.file, 0, say('fieldSlug'), say('duplicateSlug', { slug, other })));
    } else {
      seen.set(slug, entry.file);
    }
  }
}

/** Every `images/…` string in a file's data, with the field path it sits at, in the order of the data. */
export function imageReferences(value: unknown): { path: PropertyKey[]; image: string }[] {
  const found: { path: PropertyKey[]; image: string }[] = [];
  // One path, grown and shrunk along the walk, copied only where an image is named: validation walks
  // every file's data, whose values are mostly not images.
  const path: PropertyKey[] = [];
  const walk = (item: unknown): void => {
    if (typeof item === 'string') {
      if (item.startsWith('images/')) found.push({ path: [...path], image: item });
    } else if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) {
        path.push(index);
        walk(item[index]);
        path.pop();
      }
    } else if (isRecord(item)) {
      for (const key of Object.keys(item)) {
        path.push(key);
        walk(item[key]);
        path.pop();
      }
    }
  };
  walk(value);
  return found;
}
/**
 * Unknown keys are warnings (the build goes on) with a "did you mean" for likely typos. `path` is the
 * walk's own, grown and shrunk as it goes (copied where a key is reported): most keys are known.
 */
function reportUnknownKeys(schema: z.ZodType, value: unknown, path: PropertyKey[], entry: RawEntry, problems: ContentError[]): void {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && isRecord(value)) {
    const shape = inner.shape as Record<string, z.ZodType>;
    for (const key of Object.keys(value)) {
      path.push(key);
      // Own keys only: `constructor` or `toString` would otherwise be found on Object.prototype.
      const child = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (child) {
        reportUnknownKeys(child, value[key], path, entry, problems);
      } else {
        const known = Object.keys(shape);
        const suggestion = closest(key, known) ?? byItalianLabel(key, shape);
        const message = suggestion ? say('unknownFieldSuggestion', { suggestion }) : say('unknownFieldList', { known: known.join(', ') });
        problems.push(new ContentError(entry.file, lineOf(entry.source, path), fieldName(path), message, 'warning'));
      }
      path.pop();
    }
  } else if (inner instanceof z.ZodArray && Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      reportUnknownKeys(inner.element as z.ZodType, value[index], path, entry, problems);
      path.pop();
    }
  }
}

/**
 * The field an Italian key names by its label in the web editor (`.meta()`): editors who read
 * "Durata" there write `durata:`, `telefono:` or `testo alternativo:`, too far from the English for a typo.
 */
function byItalianLabel(key: string, shape: Record<string, z.ZodType>): string | undefined {
  const byLabel = new Map(Object.entries(shape).map(([name, field]) => [plainWords(metaOf(field).label ?? ''), name]));
  byLabel.delete('');
  const label = closest(plainWords(key), [...byLabel.keys()]);
  return label === undefined ? undefined : byLabel.get(label);
}

/** `Testo_alternativo`, `età` → `testo alternativo`, `eta`: case, accents and separators set aside. */
function plainWords(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s_-]+/g, ' ').trim();
}

function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return unwrap(schema.unwrap() as z.ZodType);
  return schema;
}

/** Where a problem is: the path into the file's data, or the whole front matter. */
function fieldName(path: readonly PropertyKey[]): string | Text {
  return path.length === 0 ? say('fieldFrontMatter') : formatPath(path);
}

// Every zod issue becomes a message of the catalogue here, and only here.

const TYPE_NAMES: Record<string, Code> = {
  string: 'text',
  number: 'number',
  int: 'wholeNumber',
  boolean: 'boolean',
  array: 'list',
  object: 'fields',
};

/** Checks whose message says what the field expects: `expected …`, and one of the alternatives of a union. */
const EXPECTATIONS: ReadonlySet<Code> = new Set<Code>(['imagePath', 'httpUrl', 'dateShape', 'calendarDate', 'vatShape', 'phone', 'email', 'githubRepo', 'httpInCsp']);

/** Wording for one zod issue: what was expected, and what the file has instead. */
function describeIssue(issue: z.core.$ZodIssue): Text {
  const input = 'input' in issue ? issue.input : undefined;
  // A missing key reaches zod as `undefined`, whatever the field's type (text, choice or union).
  if (input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')) {
    return say('requiredMissing');
  }
  switch (issue.code) {
    case 'invalid_type':
      return say('expectedGot', { expected: typeName(issue.expected), got: describeValue(input) });
    case 'invalid_value':
      return say('expectedGot', { expected: { oneOf: issue.values.map((value) => JSON.stringify(value)) }, got: describeValue(input) });
    case 'invalid_union': {
      const expected = new Map(issue.errors.flatMap((branch) => branch.map(expectationOf)).map((item) => [JSON.stringify(item), item]));
      return say('expectedGot', { expected: { oneOf: [...expected.values()] }, got: describeValue(input) });
    }
    case 'unrecognized_keys':
      return say('unknownFields', { keys: issue.keys.join(', ') });
    default: {
      const own = checkText(issue);
      // A message that already quotes the value (the image-path advice) does not repeat it.
      if (input === undefined || (typeof input === 'string' && Object.values(own.params).includes(input))) return checkMessage(issue);
      if (EXPECTATIONS.has(own.code)) return say('expectedGot', { expected: own, got: describeValue(input) });
      return own.code === 'schemaOther' ? say('schemaOtherGot', { message: own, got: describeValue(input) }) : say('gotValue', { message: own, got: describeValue(input) });
    }
  }
}

/** A check's message as a report gives it when there is no value to show: `expected …` for what the field expects. */
export function checkMessage(issue: z.core.$ZodIssue): Text {
  const own = checkText(issue);
  return EXPECTATIONS.has(own.code) ? say('expected', { what: own }) : own;
}

/**
 * A check's own words: the code the schema gave it (src/content/schema.ts), or zod's words for a
 * check the schema gives none.
 */
function checkText(issue: z.core.$ZodIssue): Text {
  // The image-path check hands its whole message, values and all, as the issue's `params`.
  const text = issue.code === 'custom' ? (issue.params?.text as Text | undefined) : undefined;
  return text ?? plainText(issue.message) ?? boundText(issue) ?? say('schemaOther', { message: issue.message });
}

/** A number's bounds (`copyrightYear`, `consent.maxAgeDays`) and a text's exact length (`address.country`). */
function boundText(issue: z.core.$ZodIssue): Text | undefined {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined;
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'string' && issue.exact) return say(small ? 'textTooShortExact' : 'textTooLongExact', { limit });
  if (issue.origin !== 'number' || issue.exact) return undefined;
  return say(small ? (issue.inclusive ? 'numberAtLeast' : 'numberAbove') : issue.inclusive ? 'numberAtMost' : 'numberBelow', { limit });
}

function expectationOf(issue: z.core.$ZodIssue): Param {
  if (issue.code === 'invalid_type') return typeName(issue.expected);
  if (issue.code === 'invalid_value') return { oneOf: issue.values.map((value) => JSON.stringify(value)) };
  return checkText(issue);
}

function typeName(type: string): Param {
  const code = TYPE_NAMES[type];
  return code ? say(code as 'text') : type;
}

function describeValue(value: unknown): Param {
  if (value === null) return say('emptyValue');
  if (Array.isArray(value)) return say(value.length === 0 ? 'emptyList' : 'list');
  if (typeof value === 'object') return say('fields');
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
