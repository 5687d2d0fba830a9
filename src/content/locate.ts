// Maps a field path (as zod reports it) to the line of that key in the YAML source.
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

/**
 * A parsed YAML document and its line counter. Front matter is parsed from gray-matter's `matter`,
 * which starts right after the opening `---`, so YAML line N is file line N in both kinds of file.
 */
export interface YamlSource {
  document: Document;
  lineCounter: LineCounter;
}

/**
 * The file line of the deepest node on `path` that exists: the key itself when present,
 * otherwise its closest ancestor (a missing field is reported where it should have been).
 */
export function lineOf(source: YamlSource, path: readonly PropertyKey[]): number {
  let node: unknown = source.document.contents;
  let offset = isNode(node) ? (node.range?.[0] ?? 0) : 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      offset = isNode(pair.key) ? (pair.key.range?.[0] ?? offset) : offset;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (!isNode(item)) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return source.lineCounter.linePos(offset).line;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}

/** `timeline[3].type` from `['timeline', 3, 'type']`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`))
    .join('');
}
