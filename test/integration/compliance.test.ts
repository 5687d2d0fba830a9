// `brochure check --compliance` and the compliance line of `build`, run as a user would (through the CLI's `main`, in this process).
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesOf } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { hashTree, tempDir } from '../helpers/files.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';

/** A temporary copy of the minimal fixture; `compliant` adds what every rule asks for. */
async function project(compliant = false): Promise<string> {
  const dir = await tempDir('brochure-compliance-');
  await cp(fixture('minimal'), dir, { recursive: true });
  if (compliant) {
    const site = path.join(dir, 'content/site.yaml');
    await writeFile(
      site,
      `${await readFile(site, 'utf8')}privacy:\n  thirdPartyNeedsConsent: true\nconsent:\n  maxAgeDays: 180\n`,
    );
    const rossi = path.join(dir, 'content/professionals/rossi.md');
    await writeFile(rossi, (await readFile(rossi, 'utf8')).replace('order: 1', 'order: 1\nvat: "01234560686"'));
  }
  return dir;
}

describe.concurrent('check --compliance', () => {
  it('prints one line per finding and the totals, exits 0 despite warnings, and writes nothing', async () => {
    const dir = await project();
    const before = await hashTree(dir);
    const { code, stdout, stderr } = await runInProcess(['check', '--compliance'], dir);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(linesOf(stdout)).toEqual([
      'WARN  vat-number           content/professionals/rossi.md: no "vat": add the partita IVA (11 digits, in quotes); the footer shows it as required by DPR 633/1972 art. 35',
      "PASS  registration         content/professionals/rossi.md: Iscritta all'Albo, n. 1234",
      'PASS  privacy-notice       content/privacy.md: /privacy is linked from the cookie banner of 6 pages and from 2 forms',
      'WARN  third-party-consent  content/site.yaml: the map and the reviews widget load before any consent; set privacy.thirdPartyNeedsConsent: true so they wait for marketing consent (Garante, 10 June 2021)',
      'WARN  consent-expiry       content/site.yaml: a consent choice never expires; set consent.maxAgeDays (the Garante suggests 6 months: 180)',
      'PASS  email-service        content/site.yaml: the EmailJS ids are set',
      'PASS  page-metadata        content/: all 6 pages have a title and a description',
      '3 warnings, 4 passed.',
    ]);
    expect(await hashTree(dir)).toEqual(before);
  });

  it('--strict exits 1 when a rule warns, and 0 once every rule passes', async () => {
    expect((await runInProcess(['check', '--compliance', '--strict'], await project())).code).toBe(1);
    const { code, stdout } = await runInProcess(['check', '--compliance', '--strict'], await project(true));
    expect(code).toBe(0);
    expect(linesOf(stdout).at(-1)).toBe('0 warnings, 7 passed.');
    expect(stdout).not.toContain('WARN');
  });

  it('--quiet prints nothing when every rule passes, and the report when one warns', async () => {
    expect(await runInProcess(['check', '--compliance', '--quiet'], await project(true))).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect((await runInProcess(['check', '--compliance', '--quiet'], await project())).stdout).toContain(
      '3 warnings, 4 passed.',
    );
  });

  it('on content errors prints the same report as check and exits 1', async () => {
    const dir = await tempDir('brochure-compliance-');
    await cp(fixture('unknown-timeline-type'), dir, { recursive: true });
    const { code, stdout, stderr } = await runInProcess(['check', '--compliance'], dir);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(linesOf(stderr)).toEqual([
      'content/professionals/rossi.md:22: timeline[1].type: expected "study" or "work", got "job"',
      '1 error.',
      'Nothing was written.',
    ]);
  });

  it('finds in the sample content only what its editor must still decide: consent options and the e-mail ids', async () => {
    const { code, stdout } = await runInProcess(['check', '--compliance'], ROOT);
    expect(code).toBe(0);
    expect(
      linesOf(stdout)
        .filter((line) => line.startsWith('WARN'))
        .map((line) => line.split(/\s+/)[1]),
    ).toEqual(['third-party-consent', 'consent-expiry', 'email-service']);
    expect(linesOf(stdout).at(-1)).toMatch(/^3 avvisi, \d+ superati\.$/);
    expect(stdout).toContain(
      'WARN  consent-expiry       content/site.yaml: la scelta sui cookie non scade mai; imposta consent.maxAgeDays (il Garante suggerisce 6 mesi: 180)',
    );
    const english = await runInProcess(['check', '--compliance', '--lang', 'en'], ROOT);
    expect(linesOf(english.stdout).at(-1)).toMatch(/^3 warnings, \d+ passed\.$/);
    expect(english.stdout).toContain(
      'content/site.yaml: a consent choice never expires; set consent.maxAgeDays (the Garante suggests 6 months: 180)',
    );
  });

  it('check --help documents both options', async () => {
    const { stdout } = await runInProcess(['check', '--help'], ROOT);
    expect(stdout).toMatch(/--compliance/);
    expect(stdout).toMatch(/--strict +with --compliance: exit 1 when a rule warns/);
  });
});

describe.concurrent('build', () => {
  it('prints one compliance line before the summary when rules warn, none when they all pass', async () => {
    const warned = linesOf((await runInProcess(['build'], await project())).stdout);
    expect(warned[0]).toBe('Compliance: 3 warnings (run "npx brochure check --compliance")');
    expect(warned.at(-1)).toMatch(/^Built 6 pages/);
    const clean = linesOf((await runInProcess(['build'], await project(true))).stdout);
    expect(clean.some((line) => line.startsWith('Compliance'))).toBe(false);
  });

  it('--quiet prints nothing, compliance warnings included', async () => {
    expect(await runInProcess(['build', '--quiet'], await project())).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('writes _headers, and host-config prints the nginx config, with the policy derived from site.yaml', async () => {
    const dir = await project();
    expect((await runInProcess(['build', '--quiet'], dir)).code).toBe(0);
    const headers = await readFile(path.join(dir, 'dist/_headers'), 'utf8');
    expect(headers).toContain("script-src 'self' https://reviews.example.com;");
    expect(headers).toContain('frame-src https://www.openstreetmap.org;');
    const nginx = await runInProcess(['host-config', 'nginx'], dir);
    expect(nginx.code).toBe(0);
    expect(nginx.stdout).toContain('server_name prova.example.com;');
    expect(nginx.stdout).toContain("script-src 'self' https://reviews.example.com;");
  });
});
