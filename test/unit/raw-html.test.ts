// rawWhereNeeded: skipping rehype-raw never changes the sanitised HTML.
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import { makeUnifiedRenderer } from '../../src/model/markdown-render.ts';
import { needsReparse } from '../../src/model/raw-html.ts';

// The build's own pipeline, and the same with rehype-raw on every tree.
const whereNeeded = await makeUnifiedRenderer();
const always = await makeUnifiedRenderer(rehypeRaw);
const toHast = unified().use(remarkParse).use(remarkRehype, { allowDangerousHtml: true }).freeze();
const tree = (markdown: string) => toHast.runSync(toHast.parse(markdown)) as Parameters<typeof needsReparse>[0];

// Each CommonMark construct, the odd characters, and the cases re-parsing changes (last block).
const BLOCKS = [
  'Ciao **mondo** e _tutti_.\n\n- uno\n- [due](/contatti)\n',
  '# Titolo\n\nTesto\ncon a capo  \nforzato e \\\nbarra.',
  'Setext\n===\n\naltro\n---',
  '1. uno\n2. due\n\n7) sette\n8) otto',
  '- a\n  - b\n    - c\n\n  testo\n- d',
  '> citazione\n> - lista\n>\n> > annidata',
  '***\n\n___',
  '    codice indentato\n\tcon tab',
  '`codice` e ``due `backtick` ``',
  '[link](/a "titolo") [ref][x] <https://example.com> <a@b.it>\n\n[x]: /ref \'t\'',
  '![foto](images/a.jpg "titolo") e [![img](b.png)](/c)',
  '[bad](javascript:alert(1)) ![x](data:image/png;base64,AA)',
  '&copy; &#65; &#x42; &nbsp; &amp; &lt;b&gt; a\u0000b',
  'a\tb\fc\u00a0d\u2028e',
  '*a **b** c* **_d_** ***e***',
  '\\*non enfasi\\* \\[no\\]',
  'https://example.com non è un link senza GFM',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '- [ ] non è un compito senza GFM',
  // Raw HTML, a code block starting with a blank line, an autolink inside a link: re-parsed.
  'Testo <b>grassetto</b> <script>alert(1)</script> <a href="/x" onclick="y">z</a>',
  '<div>\n*blocco*\n</div>\n\n<!-- commento -->',
  '```\n\n  \n```',
  '`````\n\n```\naaa',
  '```js\nconst a = 1 < 2;\n```',
  '[<https://example.com?find=\\*>](/u)',
  '[**a<http://foo.bar/?q=**>](/u)',
];

describe('rawWhereNeeded', () => {
  it('gives the same HTML as rehype-raw on every body, alone and combined', () => {
    const bodies = [
      ...BLOCKS,
      ...BLOCKS.map((block, i) => `${block}\n\n${BLOCKS[(i * 7 + 3) % BLOCKS.length]}`),
      ...BLOCKS.map((block) => `- ${block.replace(/\n/g, '\n  ')}`),
      ...BLOCKS.map((block) => `> ${block.replace(/\n/g, '\n> ')}`),
    ];
    for (const body of bodies) expect(whereNeeded(body), body).toBe(always(body));
  });

  it('skips the re-parse for plain Markdown and keeps it for raw HTML, code blocks and nested links', () => {
    expect(needsReparse(tree('Biografia con **grassetto**, [un link](/a) e ![foto](b.jpg).\n\n- lista'))).toBe(false);
    expect(needsReparse(tree('Testo <b>grassetto</b>'))).toBe(true);
    expect(needsReparse(tree('```\ncodice\n```'))).toBe(true);
    expect(needsReparse(tree('[<https://example.com>](/u)'))).toBe(true);
  });
});
