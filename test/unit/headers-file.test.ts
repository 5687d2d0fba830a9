// Reading `_headers` (Netlify / Cloudflare Pages format): the parser's edges, URL matching, and `preview` serving a folder the way such a host does.
import { describe, expect, it } from 'vitest';
import { asStaticHost, headersFor, parseHeadersFile, withHeadersFile } from '../../src/host/headers-file.ts';
import { HEADERS_FILE } from '../../src/host/headers.ts';
import { memoryFiles } from '../helpers/memory-files.ts';

describe('parseHeadersFile', () => {
  it('reads blocks of a pattern and its indented headers, in order', () => {
    const rules = parseHeadersFile(['/*', '  X-A: 1', '  X-B: 2', '/static/*', '\tCache-Control: no-cache'].join('\n'));
    expect(rules.map((rule) => rule.headers)).toEqual([
      [
        ['X-A', '1'],
        ['X-B', '2'],
      ],
      [['Cache-Control', 'no-cache']],
    ]);
    expect(rules.map((rule) => rule.pattern.test('/static/app.js'))).toEqual([true, true]);
    expect(rules.map((rule) => rule.pattern.test('/contatti'))).toEqual([true, false]);
  });

  it('accepts Windows line endings and trims names, values and patterns', () => {
    const rules = parseHeadersFile('/contatti  \r\n   X-Page :  yes  \r\n');
    expect(rules).toHaveLength(1);
    expect(rules[0]!.headers).toEqual([['X-Page', 'yes']]);
    expect(rules[0]!.pattern.test('/contatti')).toBe(true);
  });

  it('skips blank lines and comments, indented or not', () => {
    const rules = parseHeadersFile(
      ['# The security headers', '', '/*', '  # one per line', '  X-A: 1', '   ', '  X-B: 2'].join('\n'),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.headers).toEqual([
      ['X-A', '1'],
      ['X-B', '2'],
    ]);
  });

  it('ignores a header before any pattern and an indented line with no colon', () => {
    const rules = parseHeadersFile(['  X-Orphan: 1', '/*', '  not a header', '  X-A: 1'].join('\n'));
    expect(rules.map((rule) => rule.headers)).toEqual([[['X-A', '1']]]);
  });

  it('keeps a pattern that lists no headers, so it matches and adds nothing', () => {
    const rules = parseHeadersFile('/vuoto\n/*\n  X-A: 1\n');
    expect(rules.map((rule) => rule.headers.length)).toEqual([0, 1]);
    expect(headersFor(rules, 'vuoto.html')).toEqual({ 'X-A': '1' });
  });

  it('keeps the value whole when it holds a colon', () => {
    expect(parseHeadersFile('/*\n  Link: <https://example.com>; rel=preconnect')[0]?.headers).toEqual([
      ['Link', '<https://example.com>; rel=preconnect'],
    ]);
  });

  it('reads nothing from an empty file', () => {
    expect(parseHeadersFile('')).toEqual([]);
  });
});

describe('headersFor', () => {
  it('matches each output file by the URL the host serves it at', () => {
    const rules = parseHeadersFile(
      ['/', '  X-Home: 1', '/contatti', '  X-Page: 1', '/404', '  X-Missing: 1', '/static/css/*', '  X-Css: 1'].join(
        '\n',
      ),
    );
    expect(headersFor(rules, 'index.html')).toEqual({ 'X-Home': '1' });
    expect(headersFor(rules, 'contatti.html')).toEqual({ 'X-Page': '1' });
    expect(headersFor(rules, '404.html')).toEqual({ 'X-Missing': '1' });
    // Assets keep their extension in the URL.
    expect(headersFor(rules, 'static/css/site.0123456789.css')).toEqual({ 'X-Css': '1' });
    expect(headersFor(rules, 'sitemap.xml')).toEqual({});
  });

  it('matches the home page to a splat, splats across slashes, and joins a header set twice', () => {
    const rules = parseHeadersFile(
      [
        '# comment',
        '/*',
        '  X-A: 1',
        '',
        '/static/*',
        '  Cache-Control: max-age=60',
        '  X-A: 2',
        '/contatti',
        '  X-Page: yes',
      ].join('\n'),
    );
    expect(headersFor(rules, 'index.html')).toEqual({ 'X-A': '1' });
    expect(headersFor(rules, 'contatti.html')).toEqual({ 'X-A': '1', 'X-Page': 'yes' });
    expect(headersFor(rules, 'static/media/a/b.jpg')).toEqual({ 'X-A': '1, 2', 'Cache-Control': 'max-age=60' });
  });

  it('matches a whole URL, not a prefix of it', () => {
    const rules = parseHeadersFile('/contatti\n  X-Page: 1\n/static/*\n  X-Static: 1\n');
    expect(headersFor(rules, 'contatti-extra.html')).toEqual({});
    expect(headersFor(rules, 'contatti/sub.html')).toEqual({});
    expect(headersFor(rules, 'static.html')).toEqual({});
    expect(headersFor(rules, 'assets/static/x.js')).toEqual({});
  });

  it('reads characters that mean something in a regular expression literally', () => {
    const rules = parseHeadersFile('/a+b(1)?.txt\n  X-Literal: 1\n/a.b\n  X-Dot: 1\n');
    expect(headersFor(rules, 'a+b(1)?.txt')).toEqual({ 'X-Literal': '1' });
    expect(headersFor(rules, 'aab1.txt')).toEqual({});
    expect(headersFor(rules, 'a.b')).toEqual({ 'X-Dot': '1' });
    expect(headersFor(rules, 'axb')).toEqual({});
  });

  it('takes a splat anywhere in the pattern, across slashes', () => {
    const rules = parseHeadersFile('/static/*/hero-*.jpg\n  X-Hero: 1\n');
    expect(headersFor(rules, 'static/media/2024/hero-800.0123abcd.jpg')).toEqual({ 'X-Hero': '1' });
    expect(headersFor(rules, 'static/media/hero.jpg')).toEqual({});
  });

  it('joins the values of a header several rules set, in the order of the file', () => {
    const rules = parseHeadersFile('/*\n  Link: <a>\n/contatti\n  Link: <b>\n/*\n  Link: <c>\n');
    expect(headersFor(rules, 'contatti.html')).toEqual({ Link: '<a>, <b>, <c>' });
  });
});

describe('asStaticHost', () => {
  it('reads _headers once, at start, as a host reads it at deploy time', async () => {
    const files = new Map([
      ['_headers', Buffer.from('/*\n  X-Version: 1\n')],
      ['index.html', Buffer.from('<h1>Uno</h1>')],
    ]);
    const host = await asStaticHost(memoryFiles(() => files));
    files.set('_headers', Buffer.from('/*\n  X-Version: 2\n'));
    files.set('index.html', Buffer.from('<h1>Due</h1>'));
    expect(host.headers?.('index.html')).toEqual({ 'X-Version': '1' });
    // Other files are read on each request.
    expect(Buffer.from((await host.files.read('index.html'))!).toString()).toBe('<h1>Due</h1>');
  });

  it('hides _headers and passes every other missing file on as missing', async () => {
    const host = await asStaticHost(memoryFiles(() => new Map([['_headers', Buffer.from('/*\n  X-A: 1\n')]])));
    expect(await host.files.read('_headers')).toBeUndefined();
    expect(await host.files.read('nope.html')).toBeUndefined();
  });

  it('adds nothing for an output folder built before _headers existed', async () => {
    const host = await asStaticHost(memoryFiles(() => new Map([['index.html', Buffer.from('')]])));
    expect(host.headers?.('index.html')).toEqual({});
  });
});

describe('withHeadersFile', () => {
  it('hides _headers and answers with the headers of the bytes source() hands back at each request', async () => {
    const files = new Map([
      [HEADERS_FILE, Buffer.from('/*\n  X-Served: 1\n')],
      ['index.html', Buffer.from('')],
    ]);
    let source: Uint8Array | undefined = Buffer.from('/*\n  X-Version: 1\n');
    const host = withHeadersFile(
      memoryFiles(() => files),
      () => source,
    );
    expect(await host.files.read(HEADERS_FILE)).toBeUndefined();
    expect(await host.files.read('index.html')).toBe(files.get('index.html'));
    expect(host.headers?.('index.html')).toEqual({ 'X-Version': '1' });
    source = Buffer.from('/*\n  X-Version: 2\n');
    expect(host.headers?.('index.html')).toEqual({ 'X-Version': '2' });
    source = undefined;
    expect(host.headers?.('index.html')).toEqual({});
  });
});
