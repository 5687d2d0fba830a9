// appendToBody: the reload script goes into a served page just before its last </body>, and nowhere else.
import { describe, expect, it } from 'vitest';
import { appendToBody } from '../../src/serve/rewrite-html.ts';

const SCRIPT = '<script src="/__brochure/reload.js" data-revision="2" defer></script>';
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const page = (before = '') => `<!doctype html><html><body>${before}<p>Però</p></body></html>`;

describe('appendToBody', () => {
  it('inserts the snippet before the closing body tag of a page, keeping its text byte for byte', () => {
    const served = text(appendToBody('index.html', Buffer.from(page()), SCRIPT));
    expect(served).toBe(`<!doctype html><html><body><p>Però</p>${SCRIPT}</body></html>`);
  });

  it('uses only the last </body>: text earlier in the page that looks like it stays as written', () => {
    const served = text(appendToBody('contatti.html', Buffer.from(page('<code>&lt;/body&gt; </body></code>')), SCRIPT));
    expect(served.split(SCRIPT)).toHaveLength(2);
    expect(served).toContain('<code>&lt;/body&gt; </body></code><p>Però</p>');
    expect(served.endsWith(`${SCRIPT}</body></html>`)).toBe(true);
  });

  it('reads a page that is a view into a larger buffer at its own offset', () => {
    const html = page();
    const backing = Buffer.from(`JUNK${html}JUNK`);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 4, Buffer.byteLength(html));
    expect(text(appendToBody('index.html', view, SCRIPT))).toBe(html.replace('</body>', `${SCRIPT}</body>`));
  });

  it('passes other files through untouched, and appends to a page without </body>', () => {
    const script = Buffer.from('const x = "</body>";');
    expect(appendToBody('static/js/app.js', script, SCRIPT)).toBe(script);
    expect(text(appendToBody('index.html', Buffer.from('<!doctype html><p>no body tag</p>'), SCRIPT))).toBe(
      `<!doctype html><p>no body tag</p>${SCRIPT}`,
    );
  });

  it('leaves the bytes it was given unchanged (the build in memory stays deployable)', () => {
    const original = Buffer.from(page());
    appendToBody('index.html', original, SCRIPT);
    expect(original.toString('utf8')).toBe(page());
  });
});
