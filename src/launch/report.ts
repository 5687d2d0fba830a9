// Prints launch findings: the report of `check --launch`, grouped by what the practice must provide, and the one line `build` adds.
import { findingLines } from '../compliance/report.ts';
import { render, say, type Language, type PlainCode } from '../messages/text.ts';
import type { LaunchFinding } from './rules.ts';

type Word = PlainCode;

/**
 * The report's groups, in the order a practice would gather what they need: its web address first
 * (canonical links, sitemap and the host's settings hang on it), its contacts, photos, texts, then the
 * accounts of the services the site uses, and last the choices about the forms. Each rule is in one group.
 */
const GROUPS: readonly { heading: Word; rules: readonly string[] }[] = [
  { heading: 'launchGroupAddress', rules: ['public-url'] },
  { heading: 'launchGroupContacts', rules: ['contacts'] },
  { heading: 'launchGroupImages', rules: ['sample-images'] },
  { heading: 'launchGroupTexts', rules: ['sample-text', 'privacy-sections'] },
  { heading: 'launchGroupAccounts', rules: ['email-service', 'reviews-widget'] },
  { heading: 'launchGroupForms', rules: ['contacts-form', 'form-failure'] },
];

/** The rules whose failures mean a value of the shipped sample (or a stand-in like it) is still in place. */
const PLACEHOLDER_RULES = new Set([
  'public-url',
  'contacts',
  'sample-images',
  'sample-text',
  'email-service',
  'reviews-widget',
]);

/** The findings in group order, each group with its heading; a rule no group names comes last, under none. */
function grouped(findings: readonly LaunchFinding[]): { heading?: Word; findings: LaunchFinding[] }[] {
  const groups = GROUPS.map(({ heading, rules }) => ({
    heading: heading as Word | undefined,
    findings: findings.filter((finding) => rules.includes(finding.rule)),
  }));
  const known = new Set(GROUPS.flatMap(({ rules }) => rules));
  groups.push({ heading: undefined, findings: findings.filter((finding) => !known.has(finding.rule)) });
  return groups.filter((group) => group.findings.length > 0);
}

/**
 * A heading per group of what the practice must provide, then one indented line per finding
 * (`FAIL  public-url  content/site.yaml: …`, rule names aligned across groups), then the verdict.
 */
export function formatLaunchReport(findings: readonly LaunchFinding[], language: Language = 'en'): string {
  const failed = count(findings, 'fail');
  const warned = count(findings, 'warn');
  const lines = findingLines(findings, language);
  const lineOf = new Map(findings.map((finding, index) => [finding, lines[index]!]));
  const body = grouped(findings).flatMap((group) => [
    ...(group.heading ? [render(say(group.heading), language)] : []),
    ...group.findings.map((finding) => `  ${lineOf.get(finding)}`),
  ]);
  const totals = [
    say(failed === 1 ? 'launchFailedOne' : 'launchFailed', { count: failed }),
    say(warned === 1 ? 'warningCount' : 'warnings', { count: warned }),
    say(findings.length - failed - warned === 1 ? 'launchPassedOne' : 'launchPassed', {
      count: findings.length - failed - warned,
    }),
  ]
    .map((part) => render(part, language))
    .join(', ');
  return [...body, render(say(failed > 0 ? 'launchNotReady' : 'launchReady', { totals }), language)].join('\n');
}

/**
 * The line `build` adds when a rule fails, or null when none does. When every failure is a placeholder
 * (the untouched sample, or what is left of it), it says so, and names the first thing to replace.
 */
export function formatLaunchSummary(findings: readonly LaunchFinding[], language: Language): string | null {
  const failures = findings.filter((finding) => finding.status === 'fail');
  if (failures.length === 0) return null;
  const counted = { count: failures.length, checks: say(failures.length === 1 ? 'launchCheckOne' : 'launchChecks') };
  if (!failures.every((finding) => PLACEHOLDER_RULES.has(finding.rule)))
    return render(say('launchSummary', counted), language);
  const first = grouped(failures)[0]!;
  const thing = render(say(first.heading!), language);
  return render(
    say('launchSummaryPlaceholders', {
      ...counted,
      first: `${thing[0]!.toLowerCase()}${thing.slice(1)}`,
      file: first.findings[0]!.file,
    }),
    language,
  );
}

/** How many findings have `status`. */
export function count(findings: readonly LaunchFinding[], status: LaunchFinding['status']): number {
  return findings.filter((finding) => finding.status === status).length;
}
