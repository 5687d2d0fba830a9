// plainParagraphsHtml: for every body it accepts, the same bytes as the unified pipeline; everything else is left to it.
import { describe, expect, it } from 'vitest';
import { loadRenderer } from '../../src/model/markdown.ts';
import { plainParagraphsHtml } from '../../src/model/plain-markdown.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

/** The unified pipeline alone, which the fast path must agree with. */
const full = await loadRenderer();

// The accepted characters, the Markdown and HTML characters next to them, and the places CommonMark's
// rules look at: line starts, runs of `*`, flanking punctuation, spaces, digits, non-ASCII letters.
const PIECES = [
  'a', 'b', 'Si', 'occupa', 'è', 'perché', 'Ω', 'ß', '𝒜', '1', '42', '2024', '1.', '3)', ' ', ' ', ' ', '  ', '\t', '.', ',', ';', ':', '!', '?', "'", '(', ')', '/', '-',
  '*', '*', '*', '**', '**', '***', '_', '__', '`', '#', '>', '<', '&', '"', '[', ']', '\\', '~', '=', '+', '|', '’', '“', '—', '\u00a0', '\n', '\n', '\n\n', '\n\n', '- ', '* ', '# ',
  'http://a.it', '&amp;', 'a*b', '*a*', '**b**', ' *c* ', ' **d**.', '(*e*)', '*f*,', 'g**h**',
];

function body(next: () => number): string {
  // Half start with a word, which is how an accepted line starts.
  let text = next() < 0.5 ? 'Parola' : '';
  const length = 1 + Math.floor(next() * 14);
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** Bodies the fast path is meant for: prose with emphasis, as editors write it. */
function prose(next: () => number): string {
  const words = ['Biografia', 'della', 'professionista', 'è', 'sostegno', 'psicologico', "all'Ordine", 'n.', '1001', 'Pescara,', 'ansia;', 'vita:', 'come?', '(anche)', 'https://example.com/a-b'];
  const word = () => words[Math.floor(next() * words.length)]!;
  const phrase = (count: number) => Array.from({ length: count }, word).join(' ');
  const paragraphs = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
    const lines = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
      const marks = ['', '*', '**'][Math.floor(next() * 3)]!;
      const tail = ['', '.', ',', ' e altro', ')', ':'][Math.floor(next() * 6)]!;
      return `${'Testo'} ${phrase(2)} ${marks}${phrase(1 + Math.floor(next() * 3))}${marks}${tail}`;
    });
    return lines.join('\n');
  });
  return `\n${paragraphs.join('\n\n')}\n`;
}

/** A prose body with one piece put in somewhere: the edges of the accepted language. */
function nearMiss(next: () => number): string {
  const text = prose(next);
  const at = Math.floor(next() * text.length);
  return text.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)] + text.slice(at);
}

describe('plainParagraphsHtml', () => {
  it('writes paragraphs, soft line breaks, emphasis and strong as unified does', () => {
    const body = '\nBiografia della professionista 1. Si occupa di **sostegno psicologico** e di valutazione.\n\nHa lavorato in *diversi* servizi\ndel territorio.\n';
    expect(plainParagraphsHtml(body)).toBe('<p>Biografia della professionista 1. Si occupa di <strong>sostegno psicologico</strong> e di valutazione.</p>\n<p>Ha lavorato in <em>diversi</em> servizi\ndel territorio.</p>');
    expect(plainParagraphsHtml(body)).toBe(full(body));
    expect(plainParagraphsHtml('')).toBe(full(''));
    expect(plainParagraphsHtml('\n\n')).toBe(full('\n\n'));
  });

  it('leaves every other construct to unified', () => {
    for (const body of ['# Titolo', '- uno', '1. uno', 'a  \nb', 'a\\\nb', '[a](/b)', 'a <b>c</b>', '`c`', '_e_', 'a*b*', '*a *', '***a***', '**a*', ' rientro', 'a\n===', 'a &amp; b', 'a "b"', '12 mesi', 'fine '])
      expect(plainParagraphsHtml(body), body).toBeUndefined();
  });

  it('gives unified’s bytes for every generated body it accepts', () => {
    const next = seededRandom(13);
    const kinds = [body, prose, nearMiss];
    const accepted = [0, 0, 0];
    for (let i = 0; i < 45_000; i++) {
      const markdown = kinds[i % 3]!(next);
      const fast = plainParagraphsHtml(markdown);
      if (fast === undefined) continue;
      accepted[i % 3]!++;
      expect(fast, JSON.stringify(markdown)).toBe(full(markdown));
    }
    // Not vacuous: each kind is taken by the fast path often enough.
    expect(accepted[0]).toBeGreaterThan(500);
    expect(accepted[1]).toBeGreaterThan(5_000);
    expect(accepted[2]).toBeGreaterThan(2_000);
  });
});
