// checkBody: bodies over the size limit or nested deeper than the limit are located errors, found in one linear pass; checkListed, through `check`.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  checkBody,
  MAX_BODY_BYTES,
  MAX_ITEMS_OPENING_CONTAINERS,
  MAX_LISTED_PROFESSIONALS,
  MAX_NESTING,
} from '../../src/content/limits.ts';
import { formatProblem, formatProblemIn } from '../../src/errors.ts';
import { linesOf } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';

const lines = (body: string, start = 5) => checkBody('content/x.md', body, start).map(formatProblem);

describe('checkBody', () => {
  it('accepts ordinary Markdown: quotes, lists and HTML a few levels deep, void and self-closed elements', () => {
    expect(
      lines(
        '> citazione\n>> risposta\n\n- uno\n  - due\n    - tre\n\n<div><p>testo<br><img src="/x.png"/></p></div>\n',
      ),
    ).toEqual([]);
    expect(lines(`${'>'.repeat(MAX_NESTING)} al limite`)).toEqual([]);
  });

  it('reports blockquotes, lists and HTML deeper than the limit at the line where the nesting is deepest', () => {
    expect(lines(`testo\n${'>'.repeat(MAX_NESTING + 1)} troppo`)).toEqual([
      `content/x.md:6: body: blockquotes (">") nested ${MAX_NESTING + 1} levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`,
    ]);
    expect(lines(`${'<span>'.repeat(500)}x${'</span>'.repeat(500)}`, 10)).toEqual([
      `content/x.md:10: body: HTML elements nested 500 levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`,
    ]);
    const list = Array.from({ length: MAX_NESTING + 5 }, (_, i) => `${'  '.repeat(i)}- voce`).join('\n');
    expect(lines(list, 1)).toEqual([
      `content/x.md:${MAX_NESTING + 5}: body: list items nested ${MAX_NESTING + 5} levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`,
    ]);
  });

  it('counts every way Markdown nests: list items and blockquotes several on one line, mixed, and emphasis', () => {
    const deep = (what: string, depth: number, line = 5) =>
      `content/x.md:${line}: body: ${what} nested ${depth} levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`;
    expect(lines(`${'- '.repeat(500)}profondo`)).toEqual([deep('list items', 500)]);
    expect(lines(`testo\n\n${'* '.repeat(150)}x`)).toEqual([deep('list items', 150, 7)]);
    expect(lines(`${'1. '.repeat(120)}x`)).toEqual([deep('list items', 120)]);
    expect(lines(`${'2) '.repeat(120)}x`)).toEqual([deep('list items', 120)]);
    // A list item's nested list may start on its line or on the next, indented.
    expect(lines(`${'- '.repeat(60)}x\n${' '.repeat(120)}${'- '.repeat(60)}y`)).toEqual([deep('list items', 120, 6)]);
    expect(lines(`${'> '.repeat(150)}x`)).toEqual([deep('blockquotes (">")', 150)]);
    expect(lines(`${'- > 1. '.repeat(40)}x`)).toEqual([deep('blockquotes (">") and list items', 120)]);
    expect(lines(`${'> '.repeat(60)}${'- '.repeat(60)}x`)).toEqual([deep('blockquotes (">") and list items', 120)]);
    expect(lines(`${'*a _b '.repeat(60)}x${' c_ d*'.repeat(60)}`)).toEqual([deep('emphasis (* or _)', 120)]);
    expect(lines(`${'**a '.repeat(60)}\n${'***b '.repeat(30)}x${' c***'.repeat(30)}\n${' d**'.repeat(60)}`, 1)).toEqual(
      [deep('emphasis (* or _)', 120, 2)],
    );
  });

  it('is not fooled by what only looks nested: breaks, many siblings, unclosed asterisks, emphasis in separate paragraphs', () => {
    expect(lines(`${'- '.repeat(300)}\n\n${'* '.repeat(300)}*\n\n${'_ '.repeat(300)}`)).toEqual([]);
    expect(lines('- - - - voce\n'.repeat(MAX_ITEMS_OPENING_CONTAINERS))).toEqual([]);
    expect(lines('- voce\n  - voce\n    - voce\n> - voce\n'.repeat(2000))).toEqual([]);
    expect(lines(`${'5 * 3 '.repeat(500)}\n\n${'*nota '.repeat(50)}`)).toEqual([]);
    expect(lines('*uno* **due** _tre_ a*b*c **a *b* c** snake_case_name\n'.repeat(500))).toEqual([]);
    expect(lines(`${'*a '.repeat(60)}x\n\n${'b* '.repeat(60)}`)).toEqual([]);
  });

  it('reports list items that open another list or a quote on their own line past their limit, at the first one too many', () => {
    const item = (index: number) => ['- - voce', '1. > citazione', '* 1. voce'][index % 3];
    const body = Array.from(
      { length: MAX_ITEMS_OPENING_CONTAINERS + 1 },
      (_, index) => `${item(index)}\n\nTesto.`,
    ).join('\n');
    expect(lines(body, 10)).toEqual([
      `content/x.md:${10 + 3 * MAX_ITEMS_OPENING_CONTAINERS}: body: has more than ${MAX_ITEMS_OPENING_CONTAINERS} list items that start another list or a quote on their own line (such as "- - text"), and each slows reading the whole page; write the inner item on a line of its own, indented under its item`,
    ]);
    expect(lines(body.slice(0, body.lastIndexOf('\n- ')))).toEqual([]);
  });

  it('says it in Italian for an Italian site', () => {
    const [problem] = checkBody('content/x.md', `${'- '.repeat(1000)}profondo`, 5);
    expect(formatProblemIn(problem!, 'it')).toBe(
      `content/x.md:5: body: voci di elenco annidate su 1000 livelli: se ne ammettono al massimo ${MAX_NESTING}, e a una pagina ne bastano poche`,
    );
    const [mixed] = checkBody('content/x.md', `${'> - '.repeat(100)}x`, 5);
    expect(formatProblemIn(mixed!, 'it')).toMatch(
      /^content\/x\.md:5: .*: citazioni \(">"\) e voci di elenco annidate su 200 livelli/,
    );
    const [emphasis] = checkBody('content/x.md', `${'*a '.repeat(200)}x${' b*'.repeat(200)}`, 5);
    expect(formatProblemIn(emphasis!, 'it')).toMatch(/: enfasi \(\* o _\) annidate su 200 livelli/);
  });

  it('looks at each character a bounded number of times: a 250 kB line of markers is one pass', () => {
    // Bound the work, not the clock: the scan's regular expressions are sticky or global, never re-run from a line's start.
    expect(lines(`${'- '.repeat(125_000)}x`)).toEqual([
      `content/x.md:5: body: list items nested 125000 levels deep; at most ${MAX_NESTING} are allowed, and a page never needs more than a few`,
    ]);
  });

  it('closing tags undo opening ones, so a long page of siblings is not deep', () => {
    expect(lines('<p>a</p>\n'.repeat(5000))).toEqual([]);
  });

  it('reports a body over the size limit, without scanning it', () => {
    expect(lines('x'.repeat(MAX_BODY_BYTES + 1))).toEqual([
      `content/x.md:5: body: is 256 kB; a page body may be at most 256 kB (about 40,000 words); split it into several pages`,
    ]);
  });
});

describe('listed professionals', () => {
  /** The minimal fixture's one professional, plus `more` copies, `order` 2 upwards; those in `unlisted` say `listed: false`. */
  async function projectListing(more: number, unlisted: number[] = []) {
    const rossi = await readFile(`${fixture('minimal')}/content/professionals/rossi.md`, 'utf8');
    const files: Record<string, string> = {};
    for (let i = 1; i <= more; i++) {
      const listed = unlisted.includes(i) ? 'listed: false\n' : '';
      files[`content/professionals/p${i}.md`] = rossi.replace('order: 1\n', `order: ${i + 1}\n${listed}`);
    }
    return projectWith(files);
  }

  it(`refuses more than ${MAX_LISTED_PROFESSIONALS} through check, at the first one too many in the menu's order, in the site's language`, async () => {
    const { code, stderr } = await runInProcess(
      ['check', '--lang', 'it'],
      await projectListing(MAX_LISTED_PROFESSIONALS),
    );
    expect(code).toBe(1);
    // The file's \`listed\` is left out (true): the line is where the front matter starts.
    expect(linesOf(stderr)[0]).toBe(
      `content/professionals/p${MAX_LISTED_PROFESSIONALS}.md:2: listed: ci sono ${MAX_LISTED_PROFESSIONALS + 1} professionisti elencati, e ognuno compare in ogni pagina (menu, piè di pagina): se ne possono elencare al massimo ${MAX_LISTED_PROFESSIONALS}. Scrivi "listed: false" in quelli che devono avere la loro pagina senza comparire negli elenchi`,
    );
    const english = await runInProcess(
      ['check', '--lang', 'en'],
      await projectListing(MAX_LISTED_PROFESSIONALS + 5, [3]),
    );
    expect(linesOf(english.stderr)[0]).toBe(
      `content/professionals/p${MAX_LISTED_PROFESSIONALS + 1}.md:2: listed: ${MAX_LISTED_PROFESSIONALS + 5} professionals are listed, and each is on every page (menu, footer); at most ${MAX_LISTED_PROFESSIONALS} can be: set "listed: false" on those who keep their page without being listed`,
    );
  });

  it('accepts the limit, and any number of professionals with pages of their own but unlisted', async () => {
    expect((await runInProcess(['check'], await projectListing(MAX_LISTED_PROFESSIONALS - 1))).code).toBe(0);
    const unlisted = Array.from({ length: 40 }, (_, i) => i + 1).filter((i) => i >= MAX_LISTED_PROFESSIONALS);
    expect((await runInProcess(['check'], await projectListing(40, unlisted))).code).toBe(0);
  });
});
