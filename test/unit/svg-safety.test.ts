// unsafeSvgContent: drawings pass; script, handlers, external references and embedded documents are named with their line.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as safety from '../../src/content/svg-safety.ts';
import { render } from '../../src/messages/text.ts';
import { ROOT } from '../helpers/fixtures.ts';

/** What the check finds, in English (its Italian: test/unit/messages.test.ts). */
const unsafeSvgContent = (text: string) => {
  const found = safety.unsafeSvgContent(text);
  return found && render(found, 'en');
};
const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 8"${attributes}>\n${inner}\n</svg>`;

describe('unsafeSvgContent', () => {
  it('accepts the sample logo and flag, gradients referenced by #id and inline raster data', async () => {
    for (const name of ['logo.svg', 'flag.svg'])
      expect(unsafeSvgContent(await readFile(path.join(ROOT, 'content', 'images', name), 'utf8'))).toBeUndefined();
    expect(
      unsafeSvgContent(
        svg('<linearGradient id="g"/><rect fill="url(#g)"/><use href="#g"/><image href="data:image/png;base64,AAAA"/>'),
      ),
    ).toBeUndefined();
  });

  it.each([
    ['<script>alert(1)</script>', 'a <script> element on line 2'],
    ['<SCRIPT src="x.js"/>', 'a <script> element on line 2'],
    ['<rect onclick="alert(1)"/>', 'an event handler attribute (such as onload=) on line 2'],
    ['<rect/ onmouseover = "x"/>', 'an event handler attribute (such as onload=) on line 2'],
    ['<a href="javascript:alert(1)"><rect/></a>', 'a javascript: URL on line 2'],
    [
      '<image xlink:href="https://tracker.example/p.png"/>',
      'a link or reference to another file or site (href=) on line 2',
    ],
    ['<use href="other.svg#icon"/>', 'a link or reference to another file or site (href=) on line 2'],
    [
      '<image href="data:image/svg+xml;base64,PHN2Zz4="/>',
      'a link or reference to another file or site (href=) on line 2',
    ],
    ['<foreignObject><div>x</div></foreignObject>', 'a <foreignObject> element (HTML inside the drawing) on line 2'],
    ['<style>@import url(https://x.example/a.css);</style>', 'a CSS @import on line 2'],
    ['<rect style="fill: url(https://x.example/p.png)"/>', 'a CSS url() that points outside the drawing on line 2'],
    ['<iframe src="https://x.example"/>', 'an embedded document or media element on line 2'],
  ])('refuses %s', (inner, reason) => {
    expect(unsafeSvgContent(svg(inner))).toBe(reason);
  });

  it('refuses an onload on the root element and an entity declaration', () => {
    expect(unsafeSvgContent(svg('', ' onload="alert(1)"'))).toBe(
      'an event handler attribute (such as onload=) on line 1',
    );
    expect(unsafeSvgContent(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n${svg('&x;')}`)).toBe(
      'an <!ENTITY> declaration on line 1',
    );
  });

  it('names what it found in Italian too', () => {
    expect(render(safety.unsafeSvgContent(svg('<script>alert(1)</script>'))!, 'it')).toBe(
      'un elemento <script> alla riga 2',
    );
  });
});
