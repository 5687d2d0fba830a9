// Compliance rules for a practice publishing in Italy: plain functions over the site model and the rendered pages.
import type { SiteModel } from '../model/site-model.ts';
import { say, type Param, type Text } from '../messages/text.ts';
import { PRIVACY_PATH } from '../routes.ts';
import type { Page } from '../render/render-pages.ts';
import { pageFacts } from './page-facts.ts';

/** What a rule concluded about one thing: PASS, or WARN with what to change. */
export interface Finding {
  /** The rule's name, e.g. `vat-number`. */
  rule: string;
  status: 'pass' | 'warn';
  /** The file to edit, relative to the working folder. */
  file: string;
  /** What was found, or what to change, as a message of the catalogue. */
  message: Text;
}

/** What the rules look at: the model for settings, the pages for what visitors actually get. */
export interface ComplianceInput {
  model: SiteModel;
  pages: readonly Page[];
}

/** The e-mail service ids the sample content ships with: a form using them can never send. */
export const SAMPLE_EMAIL_IDS = ['sample-public-key', 'service_sample', 'template_sample'];

/** The Garante's guidelines (10 June 2021) allow asking again after six months. */
const SUGGESTED_MAX_AGE_DAYS = 180;

const pass = (rule: string, file: string, message: Text): Finding => ({ rule, status: 'pass', file, message });
const warn = (rule: string, file: string, message: Text): Finding => ({ rule, status: 'warn', file, message });

/** Each professional shows a partita IVA (DPR 633/1972 art. 35 requires it on a business website). */
export function vatNumbers({ model }: ComplianceInput): Finding[] {
  return model.professionals.map((professional) =>
    professional.vat
      ? pass('vat-number', professional.source, say('complianceVat', { vat: professional.vat }))
      : warn('vat-number', professional.source, say('complianceNoVat')),
  );
}

/** Each professional names the order they are registered with and the registration number. */
export function registrations({ model }: ComplianceInput): Finding[] {
  return model.professionals.map((professional) =>
    /\d/.test(professional.registration)
      ? pass('registration', professional.source, say('asIs', { text: professional.registration }))
      : warn('registration', professional.source, say('complianceNoRegistrationNumber')),
  );
}

/** The privacy notice has text, and every cookie banner and every form links to it (GDPR art. 13). */
export function privacyNotice({ model, pages }: ComplianceInput): Finding[] {
  // Loading requires privacy.md, so the route is always there; its body may still be empty.
  const source = model.routes.find((route) => route.kind === 'privacy')?.source ?? model.siteFile;
  if (model.privacy.bodyHtml.trim() === '') return [warn('privacy-notice', source, say('compliancePrivacyEmpty'))];
  const unlinked: Text[] = [];
  let forms = 0;
  for (const page of pages) {
    const facts = pageFacts(page.html);
    if (!facts.bannerLinksPrivacy) unlinked.push(say('complianceBannerOf', { page: label(page) }));
    for (const linked of facts.formsLinkPrivacy) {
      forms += 1;
      if (!linked) unlinked.push(say('complianceFormOn', { page: label(page) }));
    }
  }
  // The banner and the forms come from the templates, not from content.
  if (unlinked.length > 0)
    return [
      warn(
        'privacy-notice',
        'templates/',
        say('compliancePrivacyUnlinked', { path: PRIVACY_PATH, places: { list: unlinked } }),
      ),
    ];
  const formCount = say(forms === 1 ? 'formCount' : 'formsCount', { count: forms });
  return [
    pass(
      'privacy-notice',
      source,
      say('compliancePrivacyLinked', { path: PRIVACY_PATH, pages: pages.length, forms: formCount }),
    ),
  ];
}

/** The map and the reviews widget wait for marketing consent instead of loading with the page. */
export function thirdPartyConsent({ model }: ComplianceInput): Finding[] {
  return model.site.privacy.thirdPartyNeedsConsent
    ? [pass('third-party-consent', model.siteFile, say('complianceThirdPartyWaits'))]
    : [warn('third-party-consent', model.siteFile, say('complianceThirdPartyLoads'))];
}

/** A stored consent choice expires, so the banner asks again after a while. */
export function consentExpiry({ model }: ComplianceInput): Finding[] {
  const days = model.site.consent.maxAgeDays;
  return days === undefined
    ? [warn('consent-expiry', model.siteFile, say('complianceConsentNeverExpires', { days: SUGGESTED_MAX_AGE_DAYS }))]
    : [pass('consent-expiry', model.siteFile, say('complianceConsentExpires', { days }))];
}

/** The e-mail service ids are the practice's own, not the sample's placeholders. */
export function emailServiceIds({ model }: ComplianceInput): Finding[] {
  const { userId, serviceId, templateId } = model.site.emailjs;
  const placeholders = Object.entries({ userId, serviceId, templateId }).filter(([, id]) =>
    SAMPLE_EMAIL_IDS.includes(id),
  );
  return placeholders.length > 0
    ? [
        warn(
          'email-service',
          model.siteFile,
          say('complianceEmailSample', { keys: placeholders.map(([key]) => key).join(', ') }),
        ),
      ]
    : [pass('email-service', model.siteFile, say('complianceEmailSet'))];
}

/** Every page, as rendered, has a title and a description: one warning per page without, else one pass. */
export function pageMetadata({ model, pages }: ComplianceInput): Finding[] {
  const warnings = pages.flatMap((page) => {
    const { title, description } = pageFacts(page.html);
    const code = title
      ? description
        ? undefined
        : 'complianceNoDescription'
      : description
        ? 'complianceNoTitle'
        : 'complianceNoTitleNoDescription';
    return code ? [warn('page-metadata', page.route.source, say(code, { page: label(page) }))] : [];
  });
  const folder = model.siteFile.replace(/[^/]*$/, '');
  return warnings.length > 0
    ? warnings
    : [pass('page-metadata', folder, say('complianceMetadataAll', { count: pages.length }))];
}

/** Every rule, in report order. */
const RULES = [
  vatNumbers,
  registrations,
  privacyNotice,
  thirdPartyConsent,
  consentExpiry,
  emailServiceIds,
  pageMetadata,
];

/** Runs every rule. */
export function checkCompliance(input: ComplianceInput): Finding[] {
  return RULES.flatMap((rule) => rule(input));
}

function label(page: Page): Param {
  return page.route.path ?? say('pageOfFile', { file: page.route.file });
}
