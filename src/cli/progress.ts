// The progress line `build` and `watch` draw on a terminal while images are encoded; nothing on a pipe or a file.
import { onImageProgress } from '../bundle/image-progress.ts';
import { render, say, type Language } from '../messages/text.ts';

/** The least a stream must offer: a terminal knows its width; a pipe is not a TTY. */
interface Terminal {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/**
 * Shows `Encoding images: 12/33` (in `language`) on `stream`, redrawn in place on each variant and
 * erased when the image stage ends, if `stream` is a terminal; returns the function that stops listening.
 */
export function showImageProgress(stream: Terminal, language: Language): () => void {
  if (!stream.isTTY) return () => undefined;
  let drawn = false;
  return onImageProgress((event) => {
    if ('finished' in event) {
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
      return;
    }
    const line = render(say('encodingImages', { done: event.done, total: event.total }), language);
    // \r and "erase line": the next line replaces this one, and a narrow window never wraps it
    // (a terminal of unknown size reports 0 columns).
    stream.write(`\r\x1b[2K${line.slice(0, Math.max(0, (stream.columns || 80) - 1))}`);
    drawn = true;
  });
}
