// Loads and validates the content: all that `brochure check` runs, and the first stage of every build.
import type { ResolvedOptions } from '../options.ts';
import type { ContentError } from '../errors.ts';
import { loadContent, type ParsedFileCache } from './load.ts';
import { mentionFinder, type FindMention } from './mentions.ts';
import { validateContent, type Entries } from './validate.ts';

/** The validated entries (only when there is no error), every problem, and where the content mentions a text. */
export interface CheckedContent {
  entries?: Entries;
  problems: ContentError[];
  findMention: FindMention;
}

/** Loads and validates `options.content`; `parsedFiles` is the watch cache of parsed files. */
export async function checkContent(options: ResolvedOptions, parsedFiles?: ParsedFileCache): Promise<CheckedContent> {
  const loaded = await loadContent(options.content, options.cwd, parsedFiles);
  // validateContent leaves `entries` out whenever there is an error.
  return { ...validateContent(loaded), findMention: mentionFinder(loaded.entries) };
}
