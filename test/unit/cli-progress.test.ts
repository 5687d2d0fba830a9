// showImageProgress: a progress line redrawn in place on a terminal, nothing on a pipe.
import { describe, expect, it } from 'vitest';
import { imageProgress } from '../../src/bundle/image-progress.ts';
import { showImageProgress } from '../../src/cli/progress.ts';

function stream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  return { isTTY, columns, writes, write: (text: string) => writes.push(text) };
}

function encodeThree(): void {
  const progress = imageProgress(3);
  for (let i = 0; i < 3; i++) progress.step();
  progress.end();
}

describe('showImageProgress', () => {
  it('redraws one line on a terminal and erases it when the images are done', () => {
    const terminal = stream(true, 120);
    const stop = showImageProgress(terminal, 'en');
    encodeThree();
    stop();
    expect(terminal.writes).toEqual(
      [0, 1, 2, 3].map((done) => `\r\x1b[2KEncoding images: ${done}/3`).concat('\r\x1b[2K'),
    );
    encodeThree();
    expect(terminal.writes).toHaveLength(5);
  });

  it('speaks the site’s language', () => {
    const terminal = stream(true, 120);
    const stop = showImageProgress(terminal, 'it');
    encodeThree();
    stop();
    expect(terminal.writes[1]).toBe('\r\x1b[2KPreparo le immagini: 1/3');
  });

  it('writes nothing to a pipe or a file', () => {
    const pipe = stream(false);
    const stop = showImageProgress(pipe, 'en');
    encodeThree();
    stop();
    expect(pipe.writes).toEqual([]);
  });

  it('never wraps in a narrow terminal, and draws nothing when no image needs encoding', () => {
    const narrow = stream(true, 10);
    const stop = showImageProgress(narrow, 'en');
    imageProgress(0).end();
    expect(narrow.writes).toEqual([]);
    encodeThree();
    stop();
    expect(narrow.writes[0]).toBe('\r\x1b[2KEncoding ');
  });
});
