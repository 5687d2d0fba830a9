// The launch report: the list `check --launch` prints, grouped by what the practice must provide, its verdict, and the one line `build` adds.
import { describe, expect, it } from 'vitest';
import { count, formatLaunchReport, formatLaunchSummary } from '../../src/launch/report.ts';
import type { LaunchFinding } from '../../src/launch/rules.ts';
import { say } from '../../src/messages/text.ts';

const SITE = 'content/site.yaml';
const findings: LaunchFinding[] = [
  {
    rule: 'email-service',
    status: 'fail',
    file: SITE,
    message: say('launchValue', { value: 'emailjs.userId is a sample value' }),
  },
  {
    rule: 'contacts-form',
    status: 'warn',
    file: SITE,
    message: say('launchValue', { value: "'Invia' sends nothing" }),
  },
  {
    rule: 'public-url',
    status: 'pass',
    file: SITE,
    message: say('launchValue', { value: 'https://www.studioprova.it' }),
  },
];
const english = 'en';
const italian = 'it';

describe('formatLaunchReport', () => {
  it('prints a heading per group of what the practice provides, one aligned line per finding under it, then the verdict and totals', () => {
    expect(formatLaunchReport(findings).split('\n')).toEqual([
      'The site’s address',
      `  PASS  public-url     ${SITE}: https://www.studioprova.it`,
      'Accounts: EmailJS for the forms, the reviews widget',
      `  FAIL  email-service  ${SITE}: emailjs.userId is a sample value`,
      'Choices about the contact forms',
      `  WARN  contacts-form  ${SITE}: 'Invia' sends nothing`,
      'Not ready to launch: 1 failed, 1 warning, 1 passed.',
    ]);
  });

  it('says ready when nothing fails, warnings or not; in Italian with the catalogue', () => {
    expect(formatLaunchReport(findings.slice(1)).split('\n').at(-1)).toBe(
      'Ready to launch: 0 failed, 1 warning, 1 passed.',
    );
    const report = formatLaunchReport(findings, 'it').split('\n');
    expect(report[0]).toBe('L’indirizzo del sito');
    expect(report.at(-1)).toBe('Non ancora pronto per andare online: 1 non superato, 1 avviso, 1 superato.');
  });

  it('keeps a rule no group names, last and under no heading', () => {
    const report = formatLaunchReport([
      ...findings,
      { rule: 'new-rule', status: 'warn', file: SITE, message: say('launchValue', { value: 'something' }) },
    ]).split('\n');
    expect(report.at(-2)).toBe(`  WARN  new-rule       ${SITE}: something`);
  });
});

describe('formatLaunchSummary', () => {
  it('says that failures which are all placeholders are what the sample ships, and names the first thing to replace', async () => {
    const placeholders: LaunchFinding[] = [
      findings[0]!,
      {
        rule: 'public-url',
        status: 'fail',
        file: SITE,
        message: say('launchValue', { value: 'url is an example address' }),
      },
    ];
    expect(formatLaunchSummary(placeholders, english)).toBe(
      'Launch: 2 checks fail, as expected of the sample content: its placeholders are still in place. Replace the site’s address first (content/site.yaml); "npx brochure check --launch" lists the rest.',
    );
    expect(formatLaunchSummary(placeholders, italian)).toBe(
      'Lancio: 2 controlli non superati, come previsto con i contenuti di esempio: ci sono ancora i loro segnaposto. Sostituisci per prima cosa l’indirizzo del sito (content/site.yaml); "npx brochure check --launch" elenca il resto.',
    );
  });

  it('gives one plain line when a failure is the practice’s own (a privacy notice missing a topic), and none when nothing fails', async () => {
    const own: LaunchFinding = {
      rule: 'privacy-sections',
      status: 'fail',
      file: 'content/privacy.md',
      message: say('launchValue', { value: 'the privacy notice does not cover …' }),
    };
    expect(formatLaunchSummary([own], english)).toBe('Launch: 1 check fails (run "npx brochure check --launch")');
    expect(formatLaunchSummary([own, findings[0]!], italian)).toBe(
      'Lancio: 2 controlli non superati (lancia "npx brochure check --launch")',
    );
    expect(formatLaunchSummary(findings.slice(1), english)).toBeNull();
    expect(count(findings, 'warn')).toBe(1);
  });
});
