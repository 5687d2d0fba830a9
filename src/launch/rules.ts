// Launch readiness rules: plain functions over the site model that catch what would embarrass a practice on day one.
import { SAMPLE_EMAIL_IDS } from '../compliance/rules.ts';
import type { SiteModel } from '../model/site-model.ts';
import { placeFingerprints, SAMPLE_IMAGES, SAMPLE_PLACES, SAMPLE_TEXTS, textFingerprint } from './fingerprints.ts';
import { say, type Param, type Text } from '../messages/text.ts';

/** What a rule concluded about one thing: PASS, WARN, or FAIL (the site must not go live so), with what to change. */
export interface LaunchFinding {
  /** The rule's name, e.g. `email-service`. */
  rule: string;
  status: 'pass' | 'warn' | 'fail';
  /** The file to edit, relative to the working folder. */
  file: string;
  /** What was found and what to do, rendered in the reader's language where it is printed. */
  message: Text;
}

/** What the rules look at: the model, and a fingerprint of each image the content refers to. */
export interface LaunchInput {
  model: SiteModel;
  /** `images/…` path -> `imageFingerprint` of its bytes (src/launch/input.ts reads them). */
  images: ReadonlyMap<string, string>;
}

const finding =
  (status: LaunchFinding['status']) =>
  (rule: string, file: string, message: Text): LaunchFinding => ({ rule, status, file, message });

/** `a, b, c` (or `; ` between them), each item rendered in the message's language. */
function listed(items: readonly Param[], separator: 'comma' | 'semicolon' = 'comma'): Param {
  return items
    .slice(1)
    .reduce<Param>(
      (list, next) => say(separator === 'comma' ? 'launchListComma' : 'launchListSemicolon', { list, next }),
      items[0] ?? '',
    );
}
const pass = finding('pass');
const warn = finding('warn');
const fail = finding('fail');

/** Host names reserved for examples and tests (RFC 2606, RFC 6761): nobody can be reached there. */
const EXAMPLE_HOST = /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;

/** Words that mark a value as a stand-in rather than the practice's own. */
const PLACEHOLDER_WORD = /example|esempio|sample|placeholder|changeme|your[-_]|xxx/i;

/** The EmailJS ids are the practice's own: with the sample's every send fails ("The user ID is invalid"). */
export function emailService({ model }: LaunchInput): LaunchFinding[] {
  const { userId, serviceId, templateId } = model.site.emailjs;
  const placeholders = Object.entries({ userId, serviceId, templateId }).filter(
    ([, id]) => SAMPLE_EMAIL_IDS.includes(id) || PLACEHOLDER_WORD.test(id),
  );
  const forms = say(model.site.forms.contactsPage === 'send' ? 'launchFormsBothFail' : 'launchFormHomeFails');
  const keys = `emailjs.${placeholders.map(([key]) => key).join(', ')}`;
  return placeholders.length > 0
    ? [
        fail(
          'email-service',
          model.siteFile,
          say(placeholders.length === 1 ? 'launchEmailSampleOne' : 'launchEmailSample', { keys, forms }),
        ),
      ]
    : [pass('email-service', model.siteFile, say('launchEmailOwn'))];
}

/** The reviews widget id is a real one: a placeholder leaves 'Recensioni' a heading over an empty band. */
export function reviewsWidget({ model }: LaunchInput): LaunchFinding[] {
  const { widgetClass, scriptUrl } = model.site.reviews;
  const placeholders = [
    /0{8}-0{4}-0{4}-0{4}-0{12}/.test(widgetClass) || PLACEHOLDER_WORD.test(widgetClass)
      ? `reviews.widgetClass "${widgetClass}"`
      : '',
    EXAMPLE_HOST.test(new URL(scriptUrl).hostname) ? `reviews.scriptUrl ${scriptUrl}` : '',
  ].filter(Boolean);
  return placeholders.length > 0
    ? [
        fail(
          'reviews-widget',
          model.siteFile,
          placeholders.length === 1
            ? say('launchReviewsPlaceholder', { what: placeholders[0]! })
            : say('launchReviewsPlaceholders', { first: placeholders[0]!, second: placeholders[1]! }),
        ),
      ]
    : [pass('reviews-widget', model.siteFile, say('launchReviewsOwn', { widget: widgetClass }))];
}

/** The public URL is where the site will live: canonical links, the sitemap and robots.txt carry it. */
export function publicUrl({ model }: LaunchInput): LaunchFinding[] {
  const url = new URL(model.site.url);
  if (EXAMPLE_HOST.test(url.hostname) || PLACEHOLDER_WORD.test(url.hostname)) {
    return [fail('public-url', model.siteFile, say('launchUrlExample', { url: model.site.url }))];
  }
  if (url.protocol !== 'https:')
    return [warn('public-url', model.siteFile, say('launchUrlNotHttps', { url: model.site.url }))];
  return [pass('public-url', model.siteFile, say('launchValue', { value: model.site.url }))];
}

/** Phone numbers, e-mail addresses, links and the address a visitor would use are real, not made up. */
export function contacts({ model }: LaunchInput): LaunchFinding[] {
  const findings: LaunchFinding[] = [];
  for (const professional of model.professionals) {
    const made = [
      fictionalPhone(professional.phone) ? `phone ${professional.phone}` : '',
      fictionalEmail(professional.email) ? `email ${professional.email}` : '',
      fictionalLink(professional.linkedin) ? `linkedin ${professional.linkedin}` : '',
    ].filter(Boolean);
    if (made.length > 0)
      findings.push(
        fail(
          'contacts',
          professional.source,
          say(made.length === 1 ? 'launchMadeUpOne' : 'launchMadeUp', {
            made: made.join(', '),
            name: professional.name,
          }),
        ),
      );
  }
  const site: Param[] = [
    ...(fictionalLink(model.site.social.url) ? [`social.url ${model.site.social.url}`] : []),
    ...(PLACEHOLDER_WORD.test(model.site.address.street) || SAMPLE_PLACES.has(placeFingerprints(model.site).address)
      ? [say('launchSampleAddress', { street: model.site.address.street })]
      : []),
    ...(SAMPLE_PLACES.has(placeFingerprints(model.site).map) ? [say('launchSampleMap')] : []),
  ];
  if (site.length > 0) findings.push(fail('contacts', model.siteFile, say('launchReplaceOwn', { list: listed(site) })));
  for (const { file, html } of bodies(model)) {
    const addresses = [...new Set(html.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [])].filter(fictionalEmail);
    if (addresses.length > 0)
      findings.push(
        fail(
          'contacts',
          file,
          say(addresses.length === 1 ? 'launchTextAddressOne' : 'launchTextAddress', {
            addresses: addresses.join(', '),
          }),
        ),
      );
  }
  return findings.length > 0 ? findings : [pass('contacts', model.siteFile, say('launchNoMadeUp'))];
}

/** The images are the practice's own: the sample's portraits are placeholder avatars. */
export function sampleImages({ model, images }: LaunchInput): LaunchFinding[] {
  const route = (kind: string) => model.routes.find((candidate) => candidate.kind === kind)?.source ?? model.siteFile;
  const uses = [
    ...model.professionals.map((professional) => ({
      file: professional.source,
      field: 'photo.image',
      image: professional.photo.image,
      portrait: true,
    })),
    { file: route('home'), field: 'hero.image', image: model.home.hero.image, portrait: false },
    { file: model.siteFile, field: 'logo', image: model.site.logo, portrait: false },
    { file: route('services'), field: 'badge.image', image: model.servicesPage.badge.image, portrait: false },
  ];
  const samples = uses.filter(({ image }) => SAMPLE_IMAGES.has(images.get(image) ?? ''));
  const findings = samples
    .filter(({ portrait }) => portrait)
    .map(({ file, field, image }) =>
      fail('sample-images', file, say('launchSamplePortrait', { what: `${field} ${image}` })),
    );
  // The decorative ones may be kept on purpose: one warning for all of them.
  const others = samples.filter(({ portrait }) => !portrait);
  if (others.length > 0) {
    const folder = contentFolder(model);
    const list = others.map(({ file, field, image }) => `${field} ${image} (${file.slice(folder.length)})`).join(', ');
    findings.push(
      warn('sample-images', folder, say(others.length === 1 ? 'launchSampleImageOne' : 'launchSampleImages', { list })),
    );
  }
  return findings.length > 0
    ? findings
    : [pass('sample-images', `${contentFolder(model)}images/`, say('launchNoSampleImage', { count: uses.length }))];
}

/** The pages' text is the practice's: sample biographies and notices describe people who do not exist. */
export function sampleText({ model }: LaunchInput): LaunchFinding[] {
  const folder = contentFolder(model);
  const samples = bodies(model).filter(({ html }) => SAMPLE_TEXTS.has(textFingerprint(html)));
  const findings = samples
    .filter(({ kind }) => kind === 'privacy' || kind === 'professional')
    .map(({ file, kind }) =>
      fail('sample-text', file, say(kind === 'privacy' ? 'launchSamplePrivacy' : 'launchSampleBiography')),
    );
  // Page intros and service descriptions may fit the practice as they are: one warning for all of them.
  const others = samples
    .filter(({ kind }) => kind === 'page' || kind === 'service')
    .map(({ file }) => file.slice(folder.length));
  if (others.length > 0)
    findings.push(
      warn(
        'sample-text',
        folder,
        say(others.length === 1 ? 'launchSamplePageOne' : 'launchSamplePages', { files: others.join(', ') }),
      ),
    );
  return findings.length > 0 ? findings : [pass('sample-text', folder, say('launchNoSampleText'))];
}

/** What the privacy notice must cover for what this site does (GDPR art. 13, Garante cookie guidelines). */
export function privacySections({ model }: LaunchInput): LaunchFinding[] {
  const file = model.routes.find((route) => route.kind === 'privacy')?.source ?? model.siteFile;
  const text = model.privacy.bodyHtml.replace(/<[^>]*>/g, ' ').toLowerCase();
  const needed: [Text, RegExp][] = [
    [say('topicController'), /titolar/],
    [say('topicPurposes'), /finalit[àa][\s\S]*bas[ei] giuridic|bas[ei] giuridic[\s\S]*finalit[àa]/],
    [say('topicRetention'), /conserv/],
    [say('topicRecipients'), /destinatar|responsabil|comunichiamo/],
    [say('topicRights'), /diritt/],
    [say('topicComplaint'), /reclamo/],
    [say('topicCookies'), /cookie/],
    [say('topicEmailjs'), /emailjs/],
    [
      say('topicMap', { provider: providerName(model.site.map.embedUrl) }),
      new RegExp(providerName(model.site.map.embedUrl), 'i'),
    ],
    [
      say('topicReviews', { provider: providerName(model.site.reviews.scriptUrl) }),
      new RegExp(providerName(model.site.reviews.scriptUrl), 'i'),
    ],
  ];
  if (model.site.metrics) {
    // Often the practice's own domain, so the notice must name the host itself.
    const host = new URL(model.site.metrics.endpoint).hostname;
    needed.push([say('topicMetrics', { host }), new RegExp(host.replace(/\./g, '\\.'), 'i')]);
  }
  const missing = needed.filter(([, pattern]) => !pattern.test(text)).map(([topic]) => topic);
  return missing.length > 0
    ? [
        fail(
          'privacy-sections',
          file,
          say(missing.length === 1 ? 'launchPrivacyMissingOne' : 'launchPrivacyMissing', {
            topics: listed(missing, 'semicolon'),
          }),
        ),
      ]
    : [pass('privacy-sections', file, say('launchPrivacyCovered', { count: needed.length }))];
}

/** The contacts form tells visitors what happens: in the spec's mode a submit sends nothing and shows nothing. */
export function contactsForm({ model }: LaunchInput): LaunchFinding[] {
  const mode = model.site.forms.contactsPage;
  return mode === 'log'
    ? [warn('contacts-form', model.siteFile, say('launchContactsFormLog'))]
    : [
        pass(
          'contacts-form',
          model.siteFile,
          say(mode === 'send' ? 'launchContactsFormSend' : 'launchContactsFormNotice'),
        ),
      ];
}

/** A failed send tells the visitor how to reach the practice now, not only the service's own (English) text. */
export function formFailure({ model }: LaunchInput): LaunchFinding[] {
  return model.site.forms.contactsOnFailure
    ? [pass('form-failure', model.siteFile, say('launchFailureContacts'))]
    : [warn('form-failure', model.siteFile, say('launchFailureBare'))];
}

/** Every rule, in report order. */
const RULES = [
  emailService,
  reviewsWidget,
  publicUrl,
  contacts,
  sampleImages,
  sampleText,
  privacySections,
  contactsForm,
  formFailure,
];

/** Runs every rule. */
export function checkLaunch(input: LaunchInput): LaunchFinding[] {
  return RULES.flatMap((rule) => rule(input));
}

/** Every Markdown body of the site with the file it comes from. */
function bodies(
  model: SiteModel,
): { file: string; html: string; kind: 'page' | 'privacy' | 'professional' | 'service' }[] {
  const source = (kind: string) => model.routes.find((route) => route.kind === kind)?.source ?? model.siteFile;
  return [
    { file: source('home'), html: model.home.introHtml, kind: 'page' as const },
    { file: source('contacts'), html: model.contacts.bodyHtml, kind: 'page' as const },
    { file: source('services'), html: model.servicesPage.introHtml, kind: 'page' as const },
    { file: source('privacy'), html: model.privacy.bodyHtml, kind: 'privacy' as const },
    ...model.professionals.map((professional) => ({
      file: professional.source,
      html: professional.biographyHtml,
      kind: 'professional' as const,
    })),
    ...model.services.map((service) => ({
      file: service.source,
      html: service.descriptionHtml,
      kind: 'service' as const,
    })),
  ];
}

/** `content/`: the folder the content files are in, as messages show it. */
function contentFolder(model: SiteModel): string {
  return model.siteFile.replace(/[^/]*$/, '');
}

/** A phone number nobody answers: the same digit four times in a row (333 000 0001) or a 555 exchange. */
export function fictionalPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  return /(\d)\1{3}/.test(digits) || /555\d{4}$/.test(digits);
}

/** An address at a domain reserved for examples, or that says it is one. */
export function fictionalEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return EXAMPLE_HOST.test(domain) || PLACEHOLDER_WORD.test(domain);
}

function fictionalLink(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  return EXAMPLE_HOST.test(hostname) || PLACEHOLDER_WORD.test(hostname) || PLACEHOLDER_WORD.test(pathname);
}

/** `https://static.elfsight.com/x.js` -> `elfsight`: the name a notice would give the provider. */
function providerName(url: string): string {
  return new URL(url).hostname.split('.').slice(-2)[0] ?? '';
}
