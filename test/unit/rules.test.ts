// Compliance rules, one by one in both states, on the minimal fixture's model and pages as the templates render them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as rules from '../../src/compliance/rules.ts';
import type { ComplianceInput } from '../../src/compliance/rules.ts';
import type { Route, SiteModel } from '../../src/model/site-model.ts';
import { pageOf, type Page } from '../../src/render/render-pages.ts';
import type { FileMap } from '../helpers/files.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';
import { inEnglish, statuses } from '../helpers/findings.ts';
import { modelOf } from '../helpers/site-model.ts';

const checkCompliance = inEnglish(rules.checkCompliance);
const consentExpiry = inEnglish(rules.consentExpiry);
const emailServiceIds = inEnglish(rules.emailServiceIds);
const pageMetadata = inEnglish(rules.pageMetadata);
const privacyNotice = inEnglish(rules.privacyNotice);
const registrations = inEnglish(rules.registrations);
const thirdPartyConsent = inEnglish(rules.thirdPartyConsent);
const vatNumbers = inEnglish(rules.vatNumbers);

const SITE = 'content/site.yaml';
const ROSSI = 'content/professionals/rossi.md';
const minimalSite = await readFile(path.join(fixture('minimal'), SITE), 'utf8');
const minimalRossi = await readFile(path.join(fixture('minimal'), ROSSI), 'utf8');

/** The model of the minimal fixture with `files` written over it. */
async function model(files: FileMap = {}): Promise<SiteModel> {
  return modelOf(await projectWith(files));
}

/** A page as the templates render it: head metadata, a form linking the notice on the home page, the banner. */
function html({ title = 'Titolo', description = 'Descrizione', bannerLink = '/privacy', form = '' } = {}): string {
  return `<!doctype html><html lang="it"><head><title>${title}</title><meta name="description" content="${description}"/></head><body><main>${form}</main><section class="consent-banner" aria-label="Consenso ai cookie" hidden=""><p>Cookie <a href="${bannerLink}" target="_blank" rel="noopener">Informativa privacy</a></p></section></body></html>`;
}

const FORM =
  '<form class="contact-form" novalidate=""><label>Dichiaro di aver letto l\'<a href="/privacy" target="_blank">informativa</a></label></form>';

/** One page per route of `site`, each rendered by `render` (default: a complete page, with a form on the home page). */
function pagesOf(
  site: SiteModel,
  render: (route: Route) => string = (route) => html({ form: route.kind === 'home' ? FORM : '' }),
): Page[] {
  return site.routes.map((route) => pageOf(route, Buffer.from(render(route))));
}

async function input(files: FileMap = {}, render?: (route: Route) => string): Promise<ComplianceInput> {
  const site = await model(files);
  return { model: site, pages: pagesOf(site, render) };
}

describe('vatNumbers', () => {
  it('warns for a professional without a partita IVA, naming the file and the law', async () => {
    const findings = vatNumbers(await input());
    expect(findings).toEqual([
      { rule: 'vat-number', status: 'warn', file: ROSSI, message: expect.stringContaining('DPR 633/1972 art. 35') },
    ]);
  });

  it('passes with one, quoting it as the footer shows it', async () => {
    const findings = vatNumbers(
      await input({ [ROSSI]: minimalRossi.replace('order: 1', 'order: 1\nvat: "01234560686"') }),
    );
    expect(findings).toEqual([{ rule: 'vat-number', status: 'pass', file: ROSSI, message: 'P. IVA 01234560686' }]);
  });

  it('checks each professional, unlisted ones included', async () => {
    const bianchi = minimalRossi
      .replace('Maria Rossi', 'Anna Bianchi')
      .replace('order: 1', 'order: 2\nlisted: false\nvat: "07654320683"');
    const findings = vatNumbers(await input({ 'content/professionals/bianchi.md': bianchi }));
    expect(statuses(findings)).toEqual([`warn ${ROSSI}`, 'pass content/professionals/bianchi.md']);
  });
});

describe('registrations', () => {
  it('passes a registration that gives the number', async () => {
    expect(registrations(await input())).toEqual([
      { rule: 'registration', status: 'pass', file: ROSSI, message: "Iscritta all'Albo, n. 1234" },
    ]);
  });

  it('warns when the registration names no number', async () => {
    const findings = registrations(
      await input({
        [ROSSI]: minimalRossi.replace("registration: Iscritta all'Albo, n. 1234", "registration: Iscritta all'Albo"),
      }),
    );
    expect(statuses(findings)).toEqual([`warn ${ROSSI}`]);
    expect(findings[0]?.message).toContain('has no number');
  });
});

describe('privacyNotice', () => {
  it('passes when the notice has text and every banner and form links it', async () => {
    const findings = privacyNotice(await input());
    expect(findings).toEqual([
      {
        rule: 'privacy-notice',
        status: 'pass',
        file: 'content/privacy.md',
        message: '/privacy is linked from the cookie banner of 6 pages and from 1 form',
      },
    ]);
  });

  it('warns when the notice has no text', async () => {
    const findings = privacyNotice(
      await input({
        'content/privacy.md':
          '---\ntitle: Privacy\ndescription: Informativa.\nheading: Privacy\nupdated: "2025-01-01"\n---\n',
      }),
    );
    expect(statuses(findings)).toEqual(['warn content/privacy.md']);
    expect(findings[0]?.message).toContain('no text');
  });

  it('warns, naming the pages, when a banner or a form does not link it', async () => {
    const findings = privacyNotice(
      await input({}, (route) =>
        route.kind === 'contacts'
          ? html({ bannerLink: '/cookie' })
          : html({ form: route.kind === 'home' ? FORM.replace('/privacy', '/informativa') : '' }),
      ),
    );
    expect(statuses(findings)).toEqual(['warn templates/']);
    expect(findings[0]?.message).toBe('/privacy is not linked from a form on /, the cookie banner of /contatti');
  });
});

describe('thirdPartyConsent', () => {
  it('warns by default, when the map and the reviews load with the page', async () => {
    const findings = thirdPartyConsent(await input());
    expect(statuses(findings)).toEqual([`warn ${SITE}`]);
    expect(findings[0]?.message).toContain('privacy.thirdPartyNeedsConsent: true');
  });

  it('passes once they wait for consent', async () => {
    const findings = thirdPartyConsent(
      await input({ [SITE]: `${minimalSite}privacy:\n  thirdPartyNeedsConsent: true\n` }),
    );
    expect(statuses(findings)).toEqual([`pass ${SITE}`]);
  });
});

describe('consentExpiry', () => {
  it('warns when a choice never expires, suggesting six months', async () => {
    const findings = consentExpiry(await input());
    expect(statuses(findings)).toEqual([`warn ${SITE}`]);
    expect(findings[0]?.message).toContain('consent.maxAgeDays');
    expect(findings[0]?.message).toContain('180');
  });

  it('passes with consent.maxAgeDays set', async () => {
    const findings = consentExpiry(await input({ [SITE]: `${minimalSite}consent:\n  maxAgeDays: 180\n` }));
    expect(findings).toEqual([
      { rule: 'consent-expiry', status: 'pass', file: SITE, message: 'a consent choice expires after 180 days' },
    ]);
  });
});

describe('emailServiceIds', () => {
  it('passes ids of its own', async () => {
    expect(statuses(emailServiceIds(await input()))).toEqual([`pass ${SITE}`]);
  });

  it('warns, naming each field, when ids are still the sample placeholders', async () => {
    const sample = minimalSite
      .replace('userId: test-key', 'userId: sample-public-key')
      .replace('templateId: template_test', 'templateId: template_sample');
    const findings = emailServiceIds(await input({ [SITE]: sample }));
    expect(statuses(findings)).toEqual([`warn ${SITE}`]);
    expect(findings[0]?.message).toMatch(/^emailjs\.userId, templateId still hold the sample values/);
  });
});

describe('pageMetadata', () => {
  it('passes once for the whole site when every page has both', async () => {
    expect(pageMetadata(await input())).toEqual([
      {
        rule: 'page-metadata',
        status: 'pass',
        file: 'content/',
        message: 'all 6 pages have a title and a description',
      },
    ]);
  });

  it("warns for each page without, at the page's content file", async () => {
    const findings = pageMetadata(
      await input({}, (route) =>
        route.kind === 'home'
          ? html({ title: ' ' })
          : route.kind === 'professional'
            ? html({ title: '', description: '' })
            : html(),
      ),
    );
    expect(findings.map((finding) => `${finding.status} ${finding.file}: ${finding.message}`)).toEqual([
      'warn content/home.md: / has no title',
      `warn ${ROSSI}: /rossi has no title and no description`,
    ]);
  });
});

describe('checkCompliance', () => {
  it('runs every rule in report order', async () => {
    const rules = checkCompliance(await input()).map((finding) => finding.rule);
    expect([...new Set(rules)]).toEqual([
      'vat-number',
      'registration',
      'privacy-notice',
      'third-party-consent',
      'consent-expiry',
      'email-service',
      'page-metadata',
    ]);
  });
});
