// How the editor reads and writes content files: Sveltia's own front matter and YAML output, with image paths as content names them (images/…) on disk and as Sveltia needs them (/images/…) in the editor.
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import type { EntryKind } from '../../content/load.ts';
import { SCHEMAS } from '../../content/validate.ts';

const FRONT_MATTER = /^---\n(?<head>[\s\S]*?)\n---(?:\n(?<body>[\s\S]*))?$/;

/**
 * Sveltia's YAML, written as its own formatter writes it (@sveltia/cms, `output.yaml` defaults): so a
 * save changes only the lines of the fields she changed.
 */
function yamlText(data: unknown): string {
  return stringify(data, {
    indent: 2,
    indentSeq: true,
    lineWidth: 0,
    defaultKeyType: 'PLAIN',
    defaultStringType: 'PLAIN',
    singleQuote: true,
  }).trim();
}

/**
 * Sveltia resolves an image's path against its public folder, which must start with "/", and knows a
 * picture is in use (and refuses to delete it) only by that form; content writes `images/…`.
 */
function mapImages(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapImages(item, change));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapImages(item, change)]));
  return value;
}

/**
 * `value` without the fields the schema lets be left out that are empty: an empty partita IVA written
 * as '' would be refused by the build, and the `order` reordering adds is null until she reorders. A
 * field that must be present even if empty (a decorative photo's `alt: ""`) stays, which is why
 * config.yml does not set Sveltia's own `omit_empty_optional_fields`: it would drop that one too.
 */
export function withoutEmpty(schema: z.ZodType | undefined, value: unknown): unknown {
  const inner = unwrap(schema);
  if (Array.isArray(value))
    return value.map((item) =>
      withoutEmpty(inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined, item),
    );
  if (typeof value !== 'object' || value === null) return value;
  const shape = inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : {};
  const kept: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    const field = shape[key];
    const cleaned = withoutEmpty(field, item);
    const empty = cleaned === '' || cleaned === null || cleaned === undefined;
    const optional = field === undefined || field instanceof z.ZodOptional || field instanceof z.ZodDefault;
    if (!(empty && optional)) kept.push([key, cleaned]);
  }
  return Object.fromEntries(kept);
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
    ? unwrap(schema.unwrap() as z.ZodType)
    : schema;
}

const toEditor = (text: string) => (text.startsWith('images/') ? `/${text}` : text);
const toContent = (text: string) => (text.startsWith('/images/') ? text.slice(1) : text);

/** Data as the editor holds it, with images named as content names them (images/…). */
export function contentForm(value: unknown): unknown {
  return mapImages(value, toContent);
}

/** A Markdown file with front matter -> fields and `body` (Sveltia hands over the text trimmed). */
export function fromMarkdown(text: string): Record<string, unknown> {
  const { head, body } = FRONT_MATTER.exec(text)?.groups ?? {};
  if (head === undefined) return { body: text };
  const data = (parse(head) ?? {}) as Record<string, unknown>;
  return { ...(mapImages(data, toEditor) as Record<string, unknown>), body: body?.replace(/^\n/, '') ?? '' };
}

/**
 * Fields and `body` -> the text of a file of `kind`, as Sveltia's `frontmatter` format writes it. A
 * service's `order` goes last, where the sample content has it: Sveltia puts the field it manages for
 * reordering first, and left there every save would move a line she did not touch.
 */
export function toMarkdown(kind: EntryKind, value: Record<string, unknown>): string {
  const { body, ...fields } = value;
  const { order, ...rest } = fields;
  const data = kind === 'service' ? { ...rest, order } : fields;
  const text = typeof body === 'string' ? body : '';
  return `---\n${yamlText(mapImages(withoutEmpty(SCHEMAS[kind], data), toContent))}\n---\n${text ? `\n${text}\n` : ''}`;
}

export function fromYaml(text: string): Record<string, unknown> {
  return mapImages(parse(text) ?? {}, toEditor) as Record<string, unknown>;
}

/** site.yaml's text. */
export function toYaml(value: Record<string, unknown>): string {
  return `${yamlText(mapImages(withoutEmpty(SCHEMAS.site, value), toContent))}\n`;
}

/** The format config.yml names for a file of `kind`; Sveltia accepts .md files only for a format named …-frontmatter. */
export function formatOf(kind: EntryKind): string {
  return kind === 'site' ? 'brochure-site-yaml' : `brochure-${kind}-frontmatter`;
}

/** Every kind of content file, for registering their formats. */
export const KINDS = Object.keys(SCHEMAS) as EntryKind[];
