// checkBody: bodies over the size limit or nested deeper than the limit are located errors, found in one linear pass.
import { describe, expect, it } from 'vitest';
import { checkBody, MAX_BODY_BYTES, MAX_NESTING } from '../../src/content/limits.ts';
import { formatProblem } from '../../src/errors.ts';

const lines = (body: string, start = 5) => checkBody('content/x.md', body, start).map(formatProblem);

describe('checkBody', () => {
  it('accepts ordinary Markdown: quotes, lists and HTML a few levels deep, void and self-closed elements', () => {
    expect(lines('> citazione\n>> risposta\n\n- uno\n  - due\n    - tre\n\n<div><p>testo<br><img src="/x.png"/></p></div>\n')).toEqual([]);
    expect(lines(`${'>'.repeat(MAX_NESTING)} al limite`)).toEqual([]);
  });

  it('reports blockquotes, lists and HTML deeper than the limit at the line where the nesting is deepest', () => {
    expect(lines(`testo\n${'>'.repeat(MAX_NESTING + 1)} troppo`)).toEqual([`content/x.md:6: body: blockquotes (">") nested ${MAX_NESTING + 1} levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`]);
    expect(lines(`${'<span>'.repeat(500)}x${'</span>'.repeat(500)}`, 10)).toEqual([`content/x.md:10: body: HTML elements nested 500 levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`]);
    const list = Array.from({ length: MAX_NESTING + 5 }, (_, i) => `${'  '.repeat(i)}- voce`).join('\n');
    expect(lines(list, 1)).toEqual([`content/x.md:${MAX_NESTING + 5}: body: list items nested ${MAX_NESTING + 5} levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`]);
  });

  it('closing tags undo opening ones, so a long page of siblings is not deep', () => {
    expect(lines('<p>a</p>\n'.repeat(5000))).toEqual([]);
  });

  it('reports a body over the size limit, without scanning it', () => {
    expect(lines('x'.repeat(MAX_BODY_BYTES + 1))).toEqual([`content/x.md:5: body: is 256 kB; a page body may be at most 256 kB (about 40,000 words); split it into several pages`]);
  });
});
