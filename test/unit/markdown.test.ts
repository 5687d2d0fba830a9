// renderMarkdown: Markdown to HTML, with pasted raw HTML sanitised.
import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeUnifiedRenderer, renderMarkdownBodies } from '../../src/model/markdown.ts';

/** One body's HTML, by the build's pipeline, without the cache. */
const renderMarkdown = async (markdown: string) => (await makeUnifiedRenderer())(markdown);
import { tempDir } from '../helpers/files.ts';

describe('renderMarkdown', () => {
  it('renders paragraphs, emphasis, links and lists', async () => {
    const html = await renderMarkdown('Ciao **mondo** e _tutti_.\n\n- uno\n- [due](/contatti)\n');
    expect(html).toBe(
      '<p>Ciao <strong>mondo</strong> e <em>tutti</em>.</p>\n<ul>\n<li>uno</li>\n<li><a href="/contatti">due</a></li>\n</ul>',
    );
  });

  it('renders headings without clobber-prone ids and keeps mailto links', async () => {
    const html = await renderMarkdown('## Titolari\n\nScrivi a [noi](mailto:studio@example.com).');
    expect(html).toContain('<h2>Titolari</h2>');
    expect(html).toContain('<a href="mailto:studio@example.com">noi</a>');
  });

  it('keeps simple pasted markup', async () => {
    expect(await renderMarkdown('Una <b>parola</b> e un<br>a capo.')).toBe('<p>Una <b>parola</b> e un<br>a capo.</p>');
  });

  it('drops a pasted <script> element and its code', async () => {
    const html = await renderMarkdown(
      'Prima\n\n<script>alert("rubato")</script>\n\nDopo <script>document.cookie</script> fine',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(');
    expect(html).not.toContain('document.cookie');
    expect(html).toContain('<p>Prima</p>');
    expect(html).toContain('Dopo');
  });

  it('drops event-handler attributes such as onclick= and onerror=, keeping the element', async () => {
    const html = await renderMarkdown(
      '<p>Prenota <a href="/contatti" onclick="steal()">qui</a></p>\n\n<img src="/x.jpg" alt="x" onerror="steal()">',
    );
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toContain('steal');
    expect(html).toContain('<a href="/contatti">qui</a>');
    expect(html).toContain('<img src="/x.jpg" alt="x">');
  });

  it('drops javascript: URLs from Markdown and HTML links', async () => {
    const html = await renderMarkdown('[Premi](javascript:steal()) e <a href="JavaScript:steal()">qui</a>');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('Premi');
  });

  it('drops iframes, styles, forms and inline style attributes', async () => {
    const html = await renderMarkdown(
      '<iframe src="https://evil.example"></iframe>\n\n<style>body{display:none}</style>\n\n<form action="https://evil.example"><input name="x"></form>\n\n<p style="position:fixed">testo</p>',
    );
    expect(html).not.toMatch(/<iframe|<style|<form|style=|evil/i);
    expect(html).toContain('<p>testo</p>');
  });

  it('returns an empty string for an empty body', async () => {
    expect(await renderMarkdown('')).toBe('');
    expect(await renderMarkdown('\n\n')).toBe('');
  });
});

describe('renderMarkdownBodies', () => {
  it('renders each distinct body once, keyed by its source text', async () => {
    const rendered = await renderMarkdownBodies(['**uno**', 'due', '**uno**'], await tempDir());
    expect([...rendered]).toEqual([
      ['**uno**', '<p><strong>uno</strong></p>'],
      ['due', '<p>due</p>'],
    ]);
  });

  it('sanitises like renderMarkdown', async () => {
    const rendered = await renderMarkdownBodies(
      ['<a href="/x" onclick="steal()">x</a><script>steal()</script>'],
      await tempDir(),
    );
    expect([...rendered.values()][0]).toBe('<p><a href="/x">x</a></p>');
  });

  it('reuses HTML cached by an earlier build and keeps only the bodies in use', async () => {
    const cacheDir = await tempDir();
    const cacheFile = path.join(cacheDir, 'markdown.json');
    await renderMarkdownBodies(['uno', 'due'], cacheDir);
    const cache = JSON.parse(await readFile(cacheFile, 'utf8')) as Record<string, string>;
    expect(Object.values(cache).sort()).toEqual(['<p>due</p>', '<p>uno</p>']);

    // Mark the cached HTML: if the next build shows the mark, it came from the cache, not the processor.
    await writeFile(
      cacheFile,
      JSON.stringify(Object.fromEntries(Object.entries(cache).map(([key, html]) => [key, `${html}<!-- cached -->`]))),
    );
    const again = await renderMarkdownBodies(['uno'], cacheDir);
    expect(again.get('uno')).toBe('<p>uno</p><!-- cached -->');
    expect(Object.values(JSON.parse(await readFile(cacheFile, 'utf8')) as Record<string, string>)).toEqual([
      '<p>uno</p><!-- cached -->',
    ]);
  });

  it('renders afresh when the cache file is unreadable', async () => {
    const cacheDir = await tempDir();
    await writeFile(path.join(cacheDir, 'markdown.json'), '{ not json');
    const rendered = await renderMarkdownBodies(['*tre*'], cacheDir);
    expect(rendered.get('*tre*')).toBe('<p><em>tre</em></p>');
  });
});
