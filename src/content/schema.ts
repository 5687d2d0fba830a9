// Zod schemas for every content file; the site model's types are inferred from these.
import { z } from 'zod';
import { HTTP_IN_CSP } from '../refusals.ts';
import { imagePathProblem } from './image-path.ts';
import { isValidVatNumber } from './vat.ts';

// zod compiles object parsers with `new Function` for speed on hot paths; a build parses each file
// once, so compiling costs more than it saves.
z.config({ jitless: true });

/** A path inside `content/`, e.g. `images/hero.jpg`. Existence is checked after validation. */
const imagePath = z.string().superRefine((value, context) => {
  const problem = imagePathProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const nonEmpty = z.string().trim().min(1, { message: 'must not be empty' });

const httpsUrl = z.url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL' });
/** A third party the pages load from: its origin goes into the Content-Security-Policy, which must name https origins only. */
const thirdPartyUrl = httpsUrl.refine((url) => !/^http:/i.test(url), { message: HTTP_IN_CSP });

/** `2019`, `2019-10` or `2019-10-01`: YAML reads a bare year as a number, so accept both. */
const timelineDate = z
  .union([z.number(), z.string()])
  .transform((value) => String(value))
  .refine((value) => DATE_SHAPE.test(value), { message: 'expected a date written as YYYY, YYYY-MM or YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, { message: 'expected a real calendar date (check the month and the day)' });

const DATE_SHAPE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function isCalendarDate(value: string): boolean {
  const [, year, month, day] = DATE_SHAPE.exec(value) ?? [];
  if (month === undefined) return true;
  const m = Number(month);
  if (m < 1 || m > 12) return false;
  if (day === undefined) return true;
  const d = Number(day);
  const daysInMonth = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  return d >= 1 && d <= daysInMonth;
}

/**
 * A partita IVA. Unquoted in YAML it is read as a number and a leading zero is lost, so the shape
 * message asks for quotes; the check digit catches a mistyped digit.
 */
const vatNumber = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{11}$/.test(value), { message: 'expected the 11 digits of a partita IVA, in quotes, such as "01234567897"', abort: true })
  .refine(isValidVatNumber, { message: 'the check digit (the last one) does not match the other ten, so a digit is probably mistyped; copy the partita IVA again from its VAT registration' });

export const timelineEntrySchema = z.object({
  date: timelineDate,
  /** Optional end of a period; `in corso` for one still going on. */
  end: z.union([timelineDate, z.literal('in corso')]).optional(),
  title: nonEmpty,
  place: nonEmpty.optional(),
  type: z.enum(['study', 'work']),
});

/**
 * The contact forms' options (README, "Contact forms"); the defaults keep the spec. Their wording
 * lives in the pages' front matter: `formNotice` in contatti.md, `formFailureContacts` in home.md.
 */
const formsOptions = z
  .object({
    /** Contacts page: `log` only logs, with consent (spec §2); `notice` tells the visitor how to reach each professional instead; `send` sends like the home form. */
    contactsPage: z.enum(['log', 'notice', 'send']).default('log'),
    /** True: a failed send adds each listed professional's phone and e-mail as the way to reach the practice now. */
    contactsOnFailure: z.boolean().default(false),
  })
  .default({ contactsPage: 'log', contactsOnFailure: false });

export const siteSchema = z.object({
  name: nonEmpty,
  subtitle: nonEmpty,
  /** Public URL of the deployed site, for canonical URLs and the sitemap; a path in it (`https://x.github.io/studio/`) is the base path of every link. */
  url: httpsUrl,
  description: nonEmpty,
  logo: imagePath,
  /** Square image for the browser tab and the home-screen icon; the logo when left out. */
  favicon: imagePath.optional(),
  address: z.object({
    street: nonEmpty,
    postalCode: nonEmpty,
    city: nonEmpty,
    province: nonEmpty,
    country: z.string().length(2).default('IT'),
  }),
  social: z.object({ label: nonEmpty, url: httpsUrl }),
  map: z.object({ embedUrl: thirdPartyUrl, link: httpsUrl, title: nonEmpty }),
  reviews: z.object({ scriptUrl: thirdPartyUrl, widgetClass: nonEmpty }),
  emailjs: z.object({
    endpoint: thirdPartyUrl.default('https://api.emailjs.com/api/v1.0/email/send'),
    libVersion: nonEmpty,
    userId: nonEmpty,
    serviceId: nonEmpty,
    templateId: nonEmpty,
  }),
  privacy: z
    .object({
      /** True: the map and the reviews widget wait for marketing consent (Garante, 10 June 2021); false keeps spec §2. */
      thirdPartyNeedsConsent: z.boolean().default(false),
    })
    .default({ thirdPartyNeedsConsent: false }),
  consent: z
    .object({
      /** Days after which a stored choice counts as none and the banner asks again; unset means never. */
      maxAgeDays: z.number().int().positive().optional(),
    })
    .default({}),
  /** Performance-metrics reporting (spec §7); unset means no metrics code is ever requested. */
  metrics: z.object({ endpoint: thirdPartyUrl }).optional(),
  forms: formsOptions,
  copyrightYear: z.number().int().min(2000).max(2100),
});

const pageFields = {
  title: nonEmpty,
  description: nonEmpty,
};

export const homeSchema = z.object({
  ...pageFields,
  heading: nonEmpty,
  hero: z.object({ image: imagePath, alt: z.string() }),
  reviews: z.object({ title: nonEmpty, subtitle: nonEmpty }),
  form: z.object({ title: nonEmpty, noscript: nonEmpty }),
  /** Before the professionals' phone and e-mail links when a send fails (site.yaml `forms.contactsOnFailure`). */
  formFailureContacts: nonEmpty.default('Se preferisci, puoi contattarci subito per telefono o per e-mail:'),
});

export const contactsSchema = z.object({
  ...pageFields,
  heading: nonEmpty,
  subtitle: nonEmpty,
  socialCard: z.object({ title: nonEmpty, text: nonEmpty }),
  addressCard: z.object({ title: nonEmpty, linkText: nonEmpty }),
  /** What a submit shows, before the professionals' phone and e-mail links, when site.yaml has `forms.contactsPage: notice`. */
  formNotice: nonEmpty.default('Questo modulo non invia messaggi: quello che hai scritto non ci è arrivato. Per contattarci, telefona o scrivi direttamente:'),
});

export const servicesPageSchema = z.object({
  ...pageFields,
  heading: nonEmpty,
  callout: nonEmpty,
  badge: z.object({ text: nonEmpty, image: imagePath, alt: z.string() }),
});

export const privacySchema = z.object({
  ...pageFields,
  heading: nonEmpty,
  updated: timelineDate,
});

export const professionalSchema = z.object({
  name: nonEmpty,
  role: nonEmpty,
  description: nonEmpty,
  photo: z.object({ image: imagePath, alt: z.string() }),
  order: z.number().int(),
  phone: z.string().regex(/^\+?[\d ]{6,20}$/, { message: 'expected a phone number such as "+39 333 000 0000"' }),
  email: z.email({ message: 'expected an e-mail address' }),
  linkedin: httpsUrl,
  /** Partita IVA (DPR 633/1972 art. 35), shown in the footer; optional, `check --compliance` warns when missing. */
  vat: vatNumber.optional(),
  registration: nonEmpty,
  specialisation: z.array(nonEmpty).min(1, { message: 'list at least one specialisation' }),
  listed: z.boolean().default(true),
  timeline: z.array(timelineEntrySchema).default([]),
});

export const serviceSchema = z.object({
  title: nonEmpty,
  /**
   * Minutes per session, or `caso per caso` when duration and frequency are agreed individually.
   * Left out, the page says nothing about duration (the spec has one such service).
   */
  duration: z.union([z.number().int().positive(), z.literal('caso per caso')]).optional(),
});

export type SiteConfig = z.infer<typeof siteSchema>;
export type HomeData = z.infer<typeof homeSchema>;
export type ContactsData = z.infer<typeof contactsSchema>;
export type ServicesPageData = z.infer<typeof servicesPageSchema>;
export type PrivacyData = z.infer<typeof privacySchema>;
export type ProfessionalData = z.infer<typeof professionalSchema>;
export type ServiceData = z.infer<typeof serviceSchema>;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
