// Prints launch findings: the full report of `check --launch` and the one line `build` adds.
import { findingLines } from '../compliance/report.ts';
import { plural } from '../plural.ts';
import type { LaunchFinding } from './rules.ts';

/** One line per finding (`FAIL  email-service  content/site.yaml: …`), then the totals. */
export function formatLaunchReport(findings: readonly LaunchFinding[]): string {
  const failed = count(findings, 'fail');
  const warned = count(findings, 'warn');
  const verdict = failed > 0 ? 'Not ready to launch' : 'Ready to launch';
  return [...findingLines(findings), `${verdict}: ${failed} failed, ${plural(warned, 'warning')}, ${findings.length - failed - warned} passed.`].join('\n');
}

/** `Launch: 7 checks fail (run "brochure check --launch")`, or null when none fails. */
export function formatLaunchSummary(findings: readonly LaunchFinding[]): string | null {
  const failed = count(findings, 'fail');
  return failed === 0 ? null : `Launch: ${plural(failed, 'check')} fail${failed === 1 ? 's' : ''} (run "brochure check --launch")`;
}

/** How many findings have `status`. */
export function count(findings: readonly LaunchFinding[], status: LaunchFinding['status']): number {
  return findings.filter((finding) => finding.status === status).length;
}
