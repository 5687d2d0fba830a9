// Who hears about image encoding as it goes: the CLI draws a progress line on a terminal (src/cli/progress.ts).

/** `done` variants encoded of the `total` this build encodes. */
export interface ImageProgressEvent {
  done: number;
  total: number;
}

type Listener = (event: ImageProgressEvent | { finished: true }) => void;

const listeners = new Set<Listener>();

/** Calls `listener` when encoding starts, on each encoded variant and once when it ends; returns the unsubscribe function. */
export function onImageProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What `processImages` reports through: 0 of `total` now, `step` after each variant, `end` once (also after an error). */
export function imageProgress(total: number): { step: () => void; end: () => void } {
  let done = 0;
  if (total > 0) for (const listener of listeners) listener({ done, total });
  return {
    step: () => {
      done++;
      for (const listener of listeners) listener({ done, total });
    },
    end: () => {
      if (total > 0) for (const listener of listeners) listener({ finished: true });
    },
  };
}
