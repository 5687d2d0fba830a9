// The keyed memo a build's stages share: `watch` lends one that keeps values between builds (src/watch/build-cache.ts); `build` and `check` use NO_MEMO, which keeps nothing.

/** What a stage keeps, by what it is made from (string keys for values made from a file's signature or a hash). */
export type MemoRoom = 'schema' | 'image' | 'professional' | 'service' | 'route' | 'links';

export interface Memo {
  /** The value kept for `key` in `room` if `fresh(kept)` holds, else `make()`'s, kept: a value is a function of its key and `fresh`'s checks. */
  keep<V>(room: MemoRoom, key: object | string, make: () => V, fresh?: (kept: V) => boolean): V;
}

/** Every value made afresh. */
export const NO_MEMO: Memo = { keep: (_room, _key, make) => make() };
