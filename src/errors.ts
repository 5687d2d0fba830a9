// ContentError: one content mistake with its location; formatting and ordering for reports.
import { totals, translateField, translateMessage, warningPrefix, type Language } from './messages/translate.ts';
import { problemLocation, problemText, type ProblemData, type Severity } from './problem-line.ts';

/** A mistake in content, located at `file:line` and a dotted `field` path. */
export class ContentError extends Error {
  override readonly name = 'ContentError';

  constructor(
    /** Path relative to the project, e.g. `content/professionals/rossi.md`. */
    readonly file: string,
    /** 1-based line in `file`; 0 when the problem concerns the whole file or folder. */
    readonly line: number,
    /** Field path such as `timeline[3].type`, or a short description such as `front matter`. */
    readonly field: string,
    message: string,
    readonly severity: Severity = 'error',
  ) {
    super(message);
  }
}

/** Thrown by a stage that found located problems in its inputs (e.g. a template that does not compile). */
export class ProblemsError extends Error {
  override readonly name = 'ProblemsError';

  constructor(readonly problems: ContentError[]) {
    super(problems.map((problem) => problem.message).join('\n'));
  }
}


/** `content/professionals/x.md:12: timeline[3].type: expected "study" or "work", got "job"` */
export function formatProblem(problem: ProblemData): string {
  return formatProblemIn(problem, 'en');
}

/** The same line in `language`, list items counted from 1 in Italian (`timeline, voce 4, type`). */
export function formatProblemIn(problem: ProblemData, language: Language): string {
  const translated = { ...problem, field: translateField(problem.field, language), message: translateMessage(problem.message, language) };
  return `${problemLocation(problem)}: ${problemText(translated, warningPrefix(language))}`;
}


/** Orders problems by file, then line, then field, so reports are stable. */
export function sortProblems(problems: readonly ContentError[]): ContentError[] {
  return [...problems].sort(
    (a, b) => compare(a.file, b.file) || a.line - b.line || compare(a.field, b.field),
  );
}

// Code-unit order, not localeCompare: reports must not depend on the machine's language settings.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Errors only: warnings never fail a build. */
export function errorsOf(problems: readonly ContentError[]): ContentError[] {
  return problems.filter((problem) => problem.severity === 'error');
}

/** The full report: one line per problem, then a totals line. */
export function formatReport(problems: readonly ContentError[], language: Language = 'en'): string {
  const sorted = sortProblems(problems);
  const errors = errorsOf(sorted).length;
  const warnings = sorted.length - errors;
  return [...sorted.map((problem) => formatProblemIn(problem, language)), totals(errors, warnings, language)].filter(Boolean).join('\n');
}
