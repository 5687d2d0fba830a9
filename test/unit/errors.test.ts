// ContentError formatting, ordering and the report printed by build and check.
import { describe, expect, it } from 'vitest';
import { ContentError, errorsOf, formatProblem, formatReport, ProblemsError, sortProblems } from '../../src/errors.ts';

const timeline = new ContentError('content/professionals/x.md', 12, 'timeline[3].type', 'expected "study" or "work", got "job"');

describe('formatProblem', () => {
  it('prints file:line: field: message, the format of the issue', () => {
    expect(formatProblem(timeline)).toBe('content/professionals/x.md:12: timeline[3].type: expected "study" or "work", got "job"');
  });

  it('leaves the line out when the problem concerns the whole file or folder', () => {
    expect(formatProblem(new ContentError('content/services', 0, 'services', 'no service files found'))).toBe('content/services: services: no service files found');
  });

  it('marks warnings after the location, with no "Error:" prefix on errors', () => {
    const warning = new ContentError('content/home.md', 3, 'titel', 'unknown field, ignored; did you mean "title"?', 'warning');
    expect(formatProblem(warning)).toBe('content/home.md:3: warning: titel: unknown field, ignored; did you mean "title"?');
    expect(formatProblem(timeline)).not.toMatch(/error/i);
  });

  it('is an Error named ContentError, so it never prints as a bug', () => {
    expect(timeline).toBeInstanceOf(Error);
    expect(timeline.name).toBe('ContentError');
    expect(timeline.severity).toBe('error');
  });
});

describe('sortProblems', () => {
  it('orders by file, then line, then field, without changing its input', () => {
    const input = [
      new ContentError('content/site.yaml', 2, 'url', 'b'),
      new ContentError('content/home.md', 9, 'heading', 'c'),
      new ContentError('content/home.md', 2, 'title', 'd'),
      new ContentError('content/home.md', 2, 'description', 'e'),
      new ContentError('content/home.md', 0, 'file', 'f'),
    ];
    const sorted = sortProblems(input);
    expect(sorted.map(formatProblem)).toEqual([
      'content/home.md: file: f',
      'content/home.md:2: description: e',
      'content/home.md:2: title: d',
      'content/home.md:9: heading: c',
      'content/site.yaml:2: url: b',
    ]);
    expect(input[0]!.file).toBe('content/site.yaml');
  });

  it('orders line 10 after line 9 (numbers, not text)', () => {
    const sorted = sortProblems([new ContentError('a.md', 10, 'x', 'm'), new ContentError('a.md', 9, 'y', 'm')]);
    expect(sorted.map((problem) => problem.line)).toEqual([9, 10]);
  });
});

describe('errorsOf', () => {
  it('keeps errors and drops warnings', () => {
    const warning = new ContentError('a.md', 1, 'x', 'm', 'warning');
    expect(errorsOf([warning, timeline])).toEqual([timeline]);
  });
});

describe('formatReport', () => {
  it('prints every problem, sorted, one per line, then the totals', () => {
    const report = formatReport([
      timeline,
      new ContentError('content/home.md', 4, 'heading', 'required field is missing'),
      new ContentError('content/home.md', 7, 'heroo', 'unknown field, ignored; did you mean "hero"?', 'warning'),
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
    const warnings = [new ContentError('a.md', 1, 'x', 'm', 'warning'), new ContentError('a.md', 2, 'y', 'm', 'warning')];
    expect(formatReport(warnings).split('\n').at(-1)).toBe('2 warnings.');
  });

  it('is empty when there is nothing to report', () => {
    expect(formatReport([])).toBe('');
  });
});

describe('ProblemsError', () => {
  it('carries located problems out of a stage that throws, with their messages as its own', () => {
    const problems = [timeline, new ContentError('templates/pages/HomePage.tsx', 3, 'code', 'Expected ";" but found "}"')];
    const error = new ProblemsError(problems);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ProblemsError');
    expect(error.problems).toBe(problems);
    expect(error.message).toBe('expected "study" or "work", got "job"\nExpected ";" but found "}"');
  });
});
