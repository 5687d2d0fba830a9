// Colour on a terminal only: NO_COLOR and a pipe turn it off, FORCE_COLOR forces it, as Node decides for its own output.
import { describe, expect, it } from 'vitest';
import { painterFor, usesColour } from '../../src/cli/colour.ts';
import { openBrowser, openerFor } from '../../src/serve/open-browser.ts';
import { render } from '../../src/messages/text.ts';

const terminal = { isTTY: true, hasColors: (env: NodeJS.ProcessEnv = {}) => env.TERM !== 'dumb' };
const pipe = { isTTY: false };

describe('usesColour', () => {
  it.each([
    ['a terminal', terminal, {}, true],
    ['a pipe', pipe, {}, false],
    ['a terminal with NO_COLOR', terminal, { NO_COLOR: '1' }, false],
    ['a terminal with NODE_DISABLE_COLORS', terminal, { NODE_DISABLE_COLORS: '1' }, false],
    ['a terminal with an empty NO_COLOR (unset, as no-color.org says)', terminal, { NO_COLOR: '' }, true],
    ['a dumb terminal', terminal, { TERM: 'dumb' }, false],
    ['a pipe with FORCE_COLOR=1', pipe, { FORCE_COLOR: '1' }, true],
    [
      'a pipe with FORCE_COLOR and NO_COLOR (FORCE_COLOR wins, as in Node)',
      pipe,
      { FORCE_COLOR: '1', NO_COLOR: '1' },
      true,
    ],
    ['a terminal with FORCE_COLOR=0', terminal, { FORCE_COLOR: '0' }, false],
  ] as const)('%s: %s', (_name, stream, env, expected) => {
    expect(usesColour(stream, env)).toBe(expected);
  });

  it('paints with util.styleText where there is colour, and hands the text back unchanged where there is none', () => {
    expect(painterFor(terminal, {})('cyan', 'http://localhost:4321')).toBe('\u001b[36mhttp://localhost:4321\u001b[39m');
    expect(painterFor(pipe, {})('cyan', 'http://localhost:4321')).toBe('http://localhost:4321');
  });
});

describe('openerFor', () => {
  it('uses the platform’s opener, or BROCHURE_OPENER when set', () => {
    expect(openerFor('http://localhost:4321/', 'linux', {})).toEqual(['xdg-open', ['http://localhost:4321/']]);
    expect(openerFor('http://localhost:4321/', 'darwin', {})).toEqual(['open', ['http://localhost:4321/']]);
    expect(openerFor('http://localhost:4321/?a=1&b=2', 'win32', {})).toEqual([
      'cmd',
      ['/c', 'start', '""', 'http://localhost:4321/?a=1^&b=2'],
    ]);
    expect(openerFor('http://localhost:4321/', 'linux', { BROCHURE_OPENER: '/tmp/stub' })).toEqual([
      '/tmp/stub',
      ['http://localhost:4321/'],
    ]);
  });
});

describe('openBrowser', () => {
  it('says there is no display rather than starting xdg-open where no desktop runs', async () => {
    const reason = await openBrowser('http://localhost:4321/', 'linux', {});
    expect(render(reason!, 'it')).toBe('qui non c’è uno schermo grafico');
    expect(render(reason!, 'en')).toBe('no graphical display here');
  });
});
