// Maps a field path (as zod reports it) to the line of that key in the YAML source.
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

/** A parsed YAML document together with what is needed to turn offsets into file lines. */
export interface YamlSource {
  document: Document;
  lineCounter: LineCounter;
  /** Lines before the YAML text in its file: 1 for front matter (the opening `---`), 0 for `.yaml` files. */
  lineOffset: number;
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
  return source.lineCounter.linePos(offset).line + source.lineOffset;
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
