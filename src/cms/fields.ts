// Zod content schemas -> Sveltia CMS field definitions (Decap's format): widget by type, required, pattern and default from the schema, labels from `.meta()`.
import { z } from 'zod';

/** The Italian label and hint every schema field carries in its `.meta()`; `widget` and `options` refine the choice of widget. */
export interface FieldMeta {
  label: string;
  hint: string;
  /** `image` for paths under content/images/. */
  widget?: 'image';
  /** Italian names for the values of an enum. */
  options?: Record<string, string>;
  /** The shape of the text, for a field whose check zod cannot show (a refinement). */
  pattern?: string;
}

/** One field of a collection, as config.yml spells it. */
export interface CmsField {
  label: string;
  name: string;
  widget: 'string' | 'number' | 'boolean' | 'select' | 'object' | 'list' | 'image' | 'markdown';
  hint?: string;
  required?: boolean;
  default?: unknown;
  /** Sveltia checks a non-empty value against it before saving: [regular expression, message]. */
  pattern?: [string, string];
  value_type?: 'int';
  min?: number;
  max?: number;
  options?: { label: string; value: string }[];
  fields?: CmsField[];
  field?: CmsField;
  collapsed?: boolean;
  choose_url?: boolean;
  /** The rich-text toolbar (Sveltia's markdown widget). */
  buttons?: string[];
  editor_components?: string[];
  modes?: ('rich_text' | 'raw')[];
  use_markdown_shortcuts?: boolean;
  linked_images?: boolean;
}

/** The label and hint of a schema field, looked up through `.optional()` and `.default()`. */
export function metaOf(schema: z.ZodType): Partial<FieldMeta> {
  const own = (schema.meta() ?? {}) as Partial<FieldMeta>;
  const inner = unwrapped(schema);
  return inner === schema ? own : { ...(inner.meta() as Partial<FieldMeta> | undefined), ...own };
}

/** Editor fields for every key of an object schema, in the schema's order (Sveltia writes keys in that order). */
export function cmsFields(schema: z.ZodObject): CmsField[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => cmsField(name, field));
}

/** One editor field for `schema`: fails loudly when the schema lacks its Italian label or hint. */
export function cmsField(name: string, schema: z.ZodType): CmsField {
  const meta = metaOf(schema);
  if (!meta.label || meta.hint === undefined)
    throw new Error(`schema field "${name}" has no Italian label and hint: add .meta({ label, hint })`);
  const inner = unwrapped(schema);
  const optional = schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || inner.safeParse('').success;
  const base: CmsField = {
    label: meta.label,
    name,
    ...widgetFor(inner, meta),
    ...(meta.hint && { hint: meta.hint }),
    ...(optional && { required: false }),
  };
  const fallback = defaultOf(schema);
  if (fallback !== undefined && !isEmptyDefault(fallback)) base.default = fallback;
  if (base.pattern) base.pattern = [base.pattern[0], `Formato non valido. ${meta.hint ?? ''}`.trim()];
  return base;
}

/**
 * The top-level fields that take a number or a word (`duration`: 50 or "caso per caso"): the text
 * box hands over "50" as text, which the schema refuses, so the editor turns digits back into a
 * number before saving.
 */
export function numericTextFields(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(
      ([name, field]) =>
        cmsField(name, field).widget === 'string' && field.safeParse(50).success && !field.safeParse('50').success,
    )
    .map(([name]) => name);
}

type Widget = Omit<CmsField, 'label' | 'name' | 'hint' | 'required' | 'default'>;

function widgetFor(schema: z.ZodType, meta: Partial<FieldMeta>): Widget {
  if (meta.widget === 'image') return { widget: 'image', choose_url: false };
  if (schema instanceof z.ZodObject) return { widget: 'object', collapsed: false, fields: cmsFields(schema) };
  if (schema instanceof z.ZodArray) {
    const element = schema.element as z.ZodType;
    const inner = unwrapped(element);
    const min = minLength(schema);
    const limits = min ? { min } : {};
    if (inner instanceof z.ZodObject) return { widget: 'list', collapsed: true, fields: cmsFields(inner), ...limits };
    return { widget: 'list', field: cmsField('item', element), ...limits };
  }
  if (schema instanceof z.ZodBoolean) return { widget: 'boolean' };
  if (schema instanceof z.ZodNumber) return numberWidget(schema);
  if (schema instanceof z.ZodEnum) {
    const values = (schema.options as unknown[]).map(String);
    return { widget: 'select', options: values.map((value) => ({ label: meta.options?.[value] ?? value, value })) };
  }
  // Text the schema reads in some other shape (a union of a number and a word, a year as number
  // or text, digits in quotes): a text box whose pattern accepts what the schema accepts.
  return { widget: 'string', ...patternOf(schema) };
}

function numberWidget(schema: z.ZodNumber): Widget {
  const { minValue: min, maxValue: max } = schema;
  return {
    widget: 'number',
    ...(schema.isInt && { value_type: 'int' as const }),
    ...(min !== null && Math.abs(min) < Number.MAX_SAFE_INTEGER && { min: Math.ceil(min) }),
    ...(max !== null && Math.abs(max) < Number.MAX_SAFE_INTEGER && { max: Math.floor(max) }),
  };
}

const FORMAT_PATTERNS: Record<string, string> = {
  url: '^https?://\\S+$',
  email: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
};

/** The regular expression (as config.yml wants it: a string) that the schema's text must match, if any. */
function patternOf(schema: z.ZodType): { pattern?: [string, string] } {
  const alternatives = textAlternatives(schema);
  if (alternatives === undefined) return {};
  return {
    pattern: [alternatives.length === 1 ? alternatives[0]! : `^(?:${alternatives.map(stripAnchors).join('|')})$`, ''],
  };
}

/** Patterns for each way the schema accepts a value typed as text; undefined when any text goes. */
function textAlternatives(schema: z.ZodType): string[] | undefined {
  const inner = unwrapped(schema);
  const declared = metaOf(inner).pattern;
  if (declared) return [declared];
  if (inner instanceof z.ZodPipe) return textAlternatives(inner.in as z.ZodType);
  if (inner instanceof z.ZodUnion) {
    const parts = (inner.options as z.ZodType[]).map(textAlternatives);
    return parts.some((part) => part === undefined) ? undefined : [...new Set(parts.flat() as string[])];
  }
  if (inner instanceof z.ZodLiteral) return [`^${escape(String(inner.value))}$`];
  if (inner instanceof z.ZodNumber) return ['^\\d+$'];
  if (inner._zod.def.type === 'string') {
    const format = FORMAT_PATTERNS[String((inner._zod.def as { format?: string }).format)];
    if (format) return [format];
    const patterns = checksOf(inner).flatMap((check) =>
      check.pattern instanceof RegExp ? [check.pattern.source] : [],
    );
    return patterns.length > 0 ? patterns : undefined;
  }
  return undefined;
}

function stripAnchors(pattern: string): string {
  return pattern.replace(/^\^/, '').replace(/\$$/, '');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return unwrapped(schema.unwrap() as z.ZodType);
  return schema;
}

function defaultOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return (schema._zod.def as { defaultValue: unknown }).defaultValue;
  if (schema instanceof z.ZodOptional) return defaultOf(schema.unwrap() as z.ZodType);
  return undefined;
}

// `{}` and `[]` defaults only say "may be left out"; writing them would add empty keys to files.
function isEmptyDefault(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function minLength(schema: z.ZodArray): number | undefined {
  return checksOf(schema).find((check) => check.check === 'min_length')?.minimum;
}

/** The definitions of a schema's checks (regex, min length), which zod keeps on `_zod.def`. */
function checksOf(schema: z.ZodType): { check?: string; pattern?: unknown; minimum?: number }[] {
  const checks = (schema._zod.def as { checks?: { _zod: { def: object } }[] }).checks ?? [];
  return checks.map((check) => check._zod.def as { check?: string; pattern?: unknown; minimum?: number });
}
