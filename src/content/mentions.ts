// Where a content file mentions a piece of text, found in what the load stage parsed: later stages (the link check) place a problem on its line without reading the file again.
import { visit } from 'yaml';
import type { RawEntry } from './load.ts';

/** The first line of content file `file` (as messages show it) that mentions `text`; undefined when none does. */
export type FindMention = (file: string, text: string) => number | undefined;

/** A FindMention over the loaded entries. */
export function mentionFinder(entries: readonly RawEntry[]): FindMention {
  const byFile = new Map(entries.map((entry) => [entry.file, entry]));
  return (file, text) => {
    const entry = byFile.get(file);
    return entry && (lineInYaml(entry, text) ?? lineInBody(entry, text));
  };
}

/** The line of the first YAML value holding `text` (site.yaml, or a Markdown file's front matter). */
function lineInYaml({ source }: RawEntry, text: string): number | undefined {
  let line: number | undefined;
  visit(source.document, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || !node.range) return undefined;
      const at = node.value.indexOf(text);
      if (at === -1) return undefined;
      const start = source.lineCounter.linePos(node.range[0]).line;
      // A literal block (`|`) keeps its lines: its first one follows the line of the `|`.
      line = node.type === 'BLOCK_LITERAL' ? start + 1 + (node.value.slice(0, at).match(/\n/g)?.length ?? 0) : start;
      return visit.BREAK;
    },
  });
  return line;
}

/**
 * The line of the body that holds `text`. YAML line N is file line N (the front matter is parsed
 * from right after the opening `---`), so the body starts two lines below the front matter's last:
 * the closing `---`, then the body.
 */
function lineInBody({ source, body }: RawEntry, text: string): number | undefined {
  const index = body.split('\n').findIndex((line) => line.includes(text));
  return index === -1 ? undefined : source.lineCounter.lineStarts.length + 2 + index;
}
