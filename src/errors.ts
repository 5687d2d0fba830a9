// ContentError: one content mistake with its location and its message as a catalogue code; formatting and ordering for reports.
import { render, renderField, say, totals, type Code, type Language, type Text } from './messages/text.ts';
import { problemLocation, problemText, type ProblemData, type Severity } from './problem-line.ts';

/** A mistake in content, located at `file:line` and a field, its message a code of the catalogue with its values. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
  /** Field path such as `timeline[3].type`, or the English of a named field such as `front matter`: what reports sort by. */
  readonly field: string;
  /** The message's code in src/messages/catalogue.ts. */
  readonly code: Code;
  /** The values of the message's `{name}`s. */
  readonly params: Text['params'];
  readonly #field: string | Text;

  constructor(
    /** Path relative to the project, e.g. `content/professionals/rossi.md`. */
    readonly file: string,
    /** 1-based line in `file`; 0 when the problem concerns the whole file or folder. */
    readonly line: number,
    /** A path into the file's data (`timeline[3].type`), or a named field (`say('fieldFrontMatter')`). */
    field: string | Text,
    text: Text,
    readonly severity: Severity = 'error',
  ) {
    // The English, for a stack trace or a test; reports render the text in their own language.
    super(render(text, 'en'));
    this.#field = field;
    this.field = renderField(field, 'en');
    this.code = text.code;
    this.params = text.params;
  }

  /** The message as data: its code and values. */
  get text(): Text {
    return { code: this.code, params: this.params } as Text;
  }

  /** What a report shows of it in `language`: field and message rendered. */
  in(language: Language): ProblemData {
    return {
      file: this.file,
      line: this.line,
      field: renderField(this.#field, language),
      message: render(this.text, language),
      severity: this.severity,
    };
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
export function formatProblem(problem: ContentError): string {
  return formatProblemIn(problem, 'en');
}

/** The same line in `language`, list items counted from 1 in Italian (`timeline, voce 4, type`). */
export function formatProblemIn(problem: ContentError, language: Language): string {
  return `${problemLocation(problem)}: ${problemText(problem.in(language), render(say('warning'), language))}`;
}

/** Orders problems by file, then line, then field, so reports are stable. */
export function sortProblems(problems: readonly ContentError[]): ContentError[] {
  return [...problems].sort((a, b) => compare(a.file, b.file) || a.line - b.line || compare(a.field, b.field));
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
  return [...sorted.map((problem) => formatProblemIn(problem, language)), totals(errors, warnings, language)]
    .filter(Boolean)
    .join('\n');
}
