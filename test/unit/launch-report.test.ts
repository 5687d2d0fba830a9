// The launch report: the list `check --launch` prints, its verdict, and the one line `build` adds.
import { describe, expect, it } from 'vitest';
import { count, formatLaunchReport, formatLaunchSummary } from '../../src/launch/report.ts';
import type { LaunchFinding } from '../../src/launch/rules.ts';

const SITE = 'content/site.yaml';
const findings: LaunchFinding[] = [
  { rule: 'email-service', status: 'fail', file: SITE, message: 'emailjs.userId is a sample value' },
  { rule: 'contacts-form', status: 'warn', file: SITE, message: "'Invia' sends nothing" },
  { rule: 'public-url', status: 'pass', file: SITE, message: 'https://www.studioprova.it' },
];

describe('formatLaunchReport', () => {
  it('prints one aligned FAIL, WARN or PASS line per finding with its file, then the verdict and totals', () => {
    expect(formatLaunchReport(findings).split('\n')).toEqual([
      `FAIL  email-service  ${SITE}: emailjs.userId is a sample value`,
      `WARN  contacts-form  ${SITE}: 'Invia' sends nothing`,
      `PASS  public-url     ${SITE}: https://www.studioprova.it`,
      'Not ready to launch: 1 failed, 1 warning, 1 passed.',
    ]);
  });

  it('says ready when nothing fails, warnings or not', () => {
    expect(formatLaunchReport(findings.slice(1)).split('\n').at(-1)).toBe('Ready to launch: 0 failed, 1 warning, 1 passed.');
  });
});

describe('formatLaunchSummary', () => {
  it("gives build one line pointing at the full report, and none when nothing fails", () => {
    expect(formatLaunchSummary(findings)).toBe('Launch: 1 check fails (run "brochure check --launch")');
    expect(formatLaunchSummary([findings[0]!, findings[0]!])).toBe('Launch: 2 checks fail (run "brochure check --launch")');
    expect(formatLaunchSummary(findings.slice(1))).toBeNull();
    expect(count(findings, 'warn')).toBe(1);
  });
});
