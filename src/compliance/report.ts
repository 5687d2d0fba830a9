// Prints compliance findings in the site's language: the full report of `check --compliance` and the one line `build` adds.
import { render, say, type Language, type Text } from '../messages/text.ts';
import type { Finding } from './rules.ts';

/** One line per finding (`WARN  consent-expiry  content/site.yaml: …`), then the totals. */
export function formatComplianceReport(findings: readonly Finding[], language: Language = 'en'): string {
  const warnings = warningsOf(findings);
  const passed = findings.length - warnings;
  const totals = say('complianceTotals', {
    warnings: warningCount(warnings),
    passed: say(passed === 1 ? 'compliancePassedOne' : 'compliancePassed', { count: passed }),
  });
  return [...findingLines(findings, language), render(totals, language)].join('\n');
}

/** `WARN  rule  file: message`, rule names padded to one width; `check --launch` prints FAIL lines the same way. */
export function findingLines(
  findings: readonly { rule: string; status: string; file: string; message: Text }[],
  language: Language,
): string[] {
  const width = Math.max(...findings.map((finding) => finding.rule.length));
  return findings.map(
    (finding) =>
      `${finding.status.toUpperCase()}  ${finding.rule.padEnd(width)}  ${finding.file}: ${render(finding.message, language)}`,
  );
}

/** `Compliance: 3 warnings (run "brochure check --compliance")`, or null when nothing warns. */
export function formatComplianceSummary(findings: readonly Finding[], language: Language): string | null {
  const warnings = warningsOf(findings);
  return warnings === 0 ? null : render(say('complianceSummary', { warnings: warningCount(warnings) }), language);
}

/** How many findings warn. */
export function warningsOf(findings: readonly Finding[]): number {
  return findings.filter((finding) => finding.status === 'warn').length;
}

function warningCount(count: number): Text {
  return say(count === 1 ? 'warningCount' : 'warnings', { count });
}
