// ContentError formatting, ordering and the report printed by build and check.
import { describe, expect, it } from 'vitest';
import {
  ContentError,
  errorsOf,
  formatProblem,
  formatProblemIn,
  formatReport,
  ProblemsError,
  sortProblems,
} from '../../src/errors.ts';
import { say } from '../../src/messages/text.ts';

const timeline = new ContentError(
  'content/professionals/x.md',
  12,
  'timeline[3].type',
  say('expectedGot', { expected: { oneOf: ['"study"', '"work"'] }, got: '"job"' }),
);
const empty = say('mustNotBeEmpty');

describe('formatProblem', () => {
  it('prints file:line: field: message, the format of the issue', () => {
    expect(formatProblem(timeline)).toBe(
      'content/professionals/x.md:12: timeline[3].type: expected "study" or "work", got "job"',
    );
  });

  it('leaves the line out when the problem concerns the whole file or folder', () => {
    expect(formatProblem(new ContentError('content/services', 0, say('fieldServices'), say('noServices')))).toBe(
      'content/services: services: no service files found; the Percorsi page needs at least one, such as services/01-colloquio.md',
    );
  });

  it('marks warnings after the location, with no "Error:" prefix on errors', () => {
    const warning = new ContentError(
      'content/home.md',
      3,
      'titel',
      say('unknownFieldSuggestion', { suggestion: 'title' }),
      'warning',
    );
    expect(formatProblem(warning)).toBe(
      'content/home.md:3: warning: titel: unknown field, ignored; did you mean "title"?',
    );
    expect(formatProblem(timeline)).not.toMatch(/error/i);
  });

  it('is an Error named ContentError, so it never prints as a bug', () => {
    expect(timeline).toBeInstanceOf(Error);
    expect(timeline.name).toBe('ContentError');
    expect(timeline.severity).toBe('error');
  });
});

describe('formatProblemIn', () => {
  it('carries the code and values, and renders them in the language asked', () => {
    expect(timeline.code).toBe('expectedGot');
    expect(timeline.message).toBe('expected "study" or "work", got "job"');
    expect(formatProblemIn(timeline, 'it')).toBe(
      'content/professionals/x.md:12: timeline, voce 4, type: serve "study" o "work", invece c’è "job"',
    );
    expect(
      formatProblemIn(
        new ContentError(
          'content/home.md',
          1,
          say('fieldFrontMatter'),
          say('expectedGot', { expected: say('fields'), got: say('list') }),
          'warning',
        ),
        'it',
      ),
    ).toBe('content/home.md:1: attenzione: intestazione del file: serve un gruppo di campi, invece c’è un elenco');
  });
});

describe('sortProblems', () => {
  it('orders by file, then line, then field, without changing its input', () => {
    const input = [
      new ContentError('content/site.yaml', 2, 'url', empty),
      new ContentError('content/home.md', 9, 'heading', empty),
      new ContentError('content/home.md', 2, 'title', empty),
      new ContentError('content/home.md', 2, 'description', empty),
      new ContentError('content/home.md', 0, say('fieldFile'), say('fileMissing')),
    ];
    const sorted = sortProblems(input);
    expect(sorted.map(formatProblem)).toEqual([
      'content/home.md: file: is missing; every site needs it (see README, "Content layout")',
      'content/home.md:2: description: must not be empty',
      'content/home.md:2: title: must not be empty',
      'content/home.md:9: heading: must not be empty',
      'content/site.yaml:2: url: must not be empty',
    ]);
    expect(input[0]!.file).toBe('content/site.yaml');
  });

  it('orders line 10 after line 9 (numbers, not text)', () => {
    const sorted = sortProblems([new ContentError('a.md', 10, 'x', empty), new ContentError('a.md', 9, 'y', empty)]);
    expect(sorted.map((problem) => problem.line)).toEqual([9, 10]);
  });
});

describe('errorsOf', () => {
  it('keeps errors and drops warnings', () => {
    const warning = new ContentError('a.md', 1, 'x', empty, 'warning');
    expect(errorsOf([warning, timeline])).toEqual([timeline]);
  });
});

describe('formatReport', () => {
  it('prints every problem, sorted, one per line, then the totals', () => {
    const report = formatReport([
      timeline,
      new ContentError('content/home.md', 4, 'heading', say('requiredMissing')),
      new ContentError('content/home.md', 7, 'heroo', say('unknownFieldSuggestion', { suggestion: 'hero' }), 'warning'),
    ]);
    expect(report.split('\n')).toEqual([
      'content/home.md:4: heading: required field is missing',
      'content/home.md:7: warning: heroo: unknown field, ignored; did you mean "hero"?',
      'content/professionals/x.md:12: timeline[3].type: expected "study" or "work", got "job"',
      '2 errors and 1 warning.',
    ]);
  });

  it('uses the singular for one and leaves out a zero count', () => {
    expect(formatReport([timeline]).split('\n').at(-1)).toBe('1 error.');
    const warnings = [
      new ContentError('a.md', 1, 'x', empty, 'warning'),
      new ContentError('a.md', 2, 'y', empty, 'warning'),
    ];
    expect(formatReport(warnings).split('\n').at(-1)).toBe('2 warnings.');
  });

  it('is empty when there is nothing to report', () => {
    expect(formatReport([])).toBe('');
  });
});

describe('ProblemsError', () => {
  it('carries located problems out of a stage that throws, with their messages as its own', () => {
    const problems = [
      timeline,
      new ContentError(
        'templates/pages/HomePage.tsx',
        3,
        say('fieldCode'),
        say('compileError', { text: 'Expected ";" but found "}"' }),
      ),
    ];
    const error = new ProblemsError(problems);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ProblemsError');
    expect(error.problems).toBe(problems);
    expect(error.message).toBe('expected "study" or "work", got "job"\nExpected ";" but found "}"');
  });
});
