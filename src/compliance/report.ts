// Prints compliance findings: the full report of `check --compliance` and the one line `build` adds.
import { plural } from '../plural.ts';
import type { Finding } from './rules.ts';

/** One line per finding (`WARN  consent-expiry  content/site.yaml: …`), then the totals. */
export function formatComplianceReport(findings: readonly Finding[]): string {
  const width = Math.max(...findings.map((finding) => finding.rule.length));
  const lines = findings.map((finding) => `${finding.status === 'warn' ? 'WARN' : 'PASS'}  ${finding.rule.padEnd(width)}  ${finding.file}: ${finding.message}`);
  const warnings = warningsOf(findings);
  return [...lines, `${plural(warnings, 'warning')}, ${findings.length - warnings} passed.`].join('\n');
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
