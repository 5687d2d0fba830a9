// Loads and validates the content, images decoded: all that `brochure check` runs, and the first stage of every build.
import type { ResolvedOptions } from '../options.ts';
import type { ContentError } from '../errors.ts';
import { checkImages } from './image-check.ts';
import { checkListed } from './limits.ts';
import { loadContent, type ParsedFileCache } from './load.ts';
import { mentionFinder, type FindMention } from './mentions.ts';
import { validateContent, type Entries } from './validate.ts';
import type { Memo } from '../memo.ts';

/** The validated entries (only when there is no error), every problem, and where the content mentions a text. */
export interface CheckedContent {
  entries?: Entries;
  problems: ContentError[];
  findMention: FindMention;
}

/** Loads and validates `options.content`; `watch` lends its parsed files and memo. */
export async function checkContent(
  options: ResolvedOptions,
  kept: { parsedFiles?: ParsedFileCache; memo?: Memo } = {},
): Promise<CheckedContent> {
  const loaded = await loadContent(options.content, options.cwd, kept.parsedFiles);
  // validateContent leaves `entries` out whenever there is an error.
  const { entries, problems, references } = validateContent(loaded, kept.memo);
  const findMention = mentionFinder(loaded.entries);
  // Images are decoded (not encoded) here, so `check` and `build` refuse the same files.
  const images = await checkImages(references, options.content, options.cacheDir, kept.memo);
  const more = [...checkListed(loaded.entries), ...images];
  if (more.length === 0) return entries ? { entries, problems, findMention } : { problems, findMention };
  return { problems: [...problems, ...more], findMention };
}
