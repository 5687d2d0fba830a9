// One problem as a report line shows it, `file:line` then `field: message`: shared by the terminal and the watch overlay.
// It imports no translation, so the browser's reload client bundles these few lines and not the message catalogue.

/** How bad a problem is: errors stop the build, warnings are printed and the build goes on. */
export type Severity = 'error' | 'warning';

/** What a report shows of a problem: a ContentError (src/errors.ts), or the plain data the watch overlay receives. */
export interface ProblemData {
  file: string;
  line: number;
  field: string;
  message: string;
  severity: Severity;
}

/** `content/professionals/x.md:12`; the file alone for line 0, a problem with the whole file or folder (missing file, empty folder). */
export function problemLocation(problem: ProblemData): string {
  return problem.line > 0 ? `${problem.file}:${problem.line}` : problem.file;
}

/** What is wrong there: `timeline[3].type: expected …`, prefixed with `warning: ` (in the report's language) for a warning. */
export function problemText(problem: ProblemData, warning = 'warning: '): string {
  return `${problem.severity === 'warning' ? warning : ''}${problem.field}: ${problem.message}`;
}
