// Prints compliance findings: the full report of `check --compliance` and the one line `build` adds.
import { plural } from '../plural.ts';
import type { Finding } from './rules.ts';

/** One line per finding (`WARN  consent-expiry  content/site.yaml: …`), then the totals. */
export function formatComplianceReport(findings: readonly Finding[]): string {
  const warnings = warningsOf(findings);
  return [...findingLines(findings), `${plural(warnings, 'warning')}, ${findings.length - warnings} passed.`].join('\n');
}

/** `WARN  rule  file: message`, rule names padded to one width; `check --launch` prints FAIL lines the same way. */
export function findingLines(findings: readonly (Omit<Finding, 'status'> & { status: string })[]): string[] {
  const width = Math.max(...findings.map((finding) => finding.rule.length));
  return findings.map((finding) => `${finding.status.toUpperCase()}  ${finding.rule.padEnd(width)}  ${finding.file}: ${finding.message}`);
}

/** `Compliance: 3 warnings (run "brochure check --compliance")`, or null when nothing warns. */
export function formatComplianceSummary(findings: readonly Finding[]): string | null {
  const warnings = warningsOf(findings);
  return warnings === 0 ? null : `Compliance: ${plural(warnings, 'warning')} (run "brochure check --compliance")`;
}

/** How many findings warn. */
export function warningsOf(findings: readonly Finding[]): number {
  return findings.filter((finding) => finding.status === 'warn').length;
}
