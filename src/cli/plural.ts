// How a count reads in every message brochure prints: `1 warning`, `2 warnings`, `0 files`.

/** `count` with `noun`, which takes an `s` unless the count is exactly one. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
