// The compliance report: the full list `check --compliance` prints and the one line `build` adds.
import { describe, expect, it } from 'vitest';
import { say } from '../../src/messages/text.ts';
import { formatComplianceReport, formatComplianceSummary, warningsOf } from '../../src/compliance/report.ts';
import type { Finding } from '../../src/compliance/rules.ts';

const SITE = 'content/site.yaml';
const ROSSI = 'content/professionals/rossi.md';
const english = 'en';
const italian = 'it';

describe('the report', () => {
  const findings: Finding[] = [
    { rule: 'vat-number', status: 'warn', file: ROSSI, message: say('asIs', { text: 'no "vat"' }) },
    {
      rule: 'consent-expiry',
      status: 'pass',
      file: SITE,
      message: say('asIs', { text: 'a consent choice expires after 180 days' }),
    },
  ];

  it('prints one aligned line per finding, PASS or WARN with the file, then the totals', () => {
    expect(formatComplianceReport(findings).split('\n')).toEqual([
      `WARN  vat-number      ${ROSSI}: no "vat"`,
      `PASS  consent-expiry  ${SITE}: a consent choice expires after 180 days`,
      '1 warning, 1 passed.',
    ]);
  });

  it('speaks the site’s language: the totals and the line build adds in Italian', async () => {
    expect(formatComplianceReport(findings, 'it').split('\n').at(-1)).toBe('1 avviso, 1 superato.');
    expect(formatComplianceSummary([...findings, findings[0]!], italian)).toBe(
      'Conformità: 2 avvisi (lancia "npx brochure check --compliance")',
    );
  });

  it('gives build one line pointing at the full report, and none when nothing warns', async () => {
    expect(warningsOf(findings)).toBe(1);
    expect(formatComplianceSummary([...findings, findings[0]!], english)).toBe(
      'Compliance: 2 warnings (run "npx brochure check --compliance")',
    );
    expect(formatComplianceSummary(findings.slice(1), english)).toBeNull();
  });
});

describe('the report at its edges', () => {
  const pass = (rule: string, text: string): Finding => ({
    rule,
    status: 'pass',
    file: SITE,
    message: say('asIs', { text }),
  });

  it('pads every rule name to the longest, so the files line up, and says "0 warnings" in the plural', () => {
    const lines = formatComplianceReport([
      pass('page-metadata', 'all 6 pages'),
      pass('registration', 'n. 1234'),
      pass('third-party-consent', 'waits'),
    ]).split('\n');
    expect(lines).toEqual([
      `PASS  page-metadata        ${SITE}: all 6 pages`,
      `PASS  registration         ${SITE}: n. 1234`,
      `PASS  third-party-consent  ${SITE}: waits`,
      '0 warnings, 3 passed.',
    ]);
  });

  it('prints only the totals for no findings, and build then adds no line', async () => {
    expect(formatComplianceReport([])).toBe('0 warnings, 0 passed.');
    expect(warningsOf([])).toBe(0);
    expect(formatComplianceSummary([], english)).toBeNull();
  });

  it('says "1 warning" in the singular in the line build adds', async () => {
    expect(
      formatComplianceSummary(
        [{ rule: 'vat-number', status: 'warn', file: ROSSI, message: say('asIs', { text: 'no "vat"' }) }],
        english,
      ),
    ).toBe('Compliance: 1 warning (run "npx brochure check --compliance")');
  });
});
