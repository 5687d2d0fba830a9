// The zod schemas of every content file: what each accepts and rejects at its edges, and the defaults it fills in.
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load.ts';
import {
  contactsSchema,
  homeSchema,
  privacySchema,
  professionalSchema,
  serviceSchema,
  servicesPageSchema,
  siteSchema,
  timelineEntrySchema,
} from '../../src/content/schema.ts';
import { checkMessage, validateContent } from '../../src/content/validate.ts';
import { render } from '../../src/messages/text.ts';
import { formatProblem } from '../../src/errors.ts';
import { fixture, projectWith } from '../helpers/fixtures.ts';

const minimalRossi = await readFile(path.join(fixture('minimal'), 'content/professionals/rossi.md'), 'utf8');

/** `path: message` for each issue (the check's message in English, without the value found), or [] when `value` is accepted. */
function issues(schema: ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${render(checkMessage(issue), 'en')}`);
}

/** The paths of the issues only, for zod's own wording of type mismatches. */
function paths(schema: ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const SITE = {
  name: 'Studio Prova',
  subtitle: 'Studio di prova',
  url: 'https://prova.example.com',
  description: 'Un sito di prova.',
  logo: 'images/logo.svg',
  address: { street: 'Via Roma 1', postalCode: '65100', city: 'Pescara', province: 'PE' },
  social: { label: 'Instagram', url: 'https://www.instagram.com/prova.example' },
  map: {
    embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1',
    link: 'https://www.openstreetmap.org/',
    title: 'Mappa',
  },
  reviews: { scriptUrl: 'https://reviews.example.com/widget.js', widgetClass: 'reviews-widget' },
  emailjs: { libVersion: '4.4.1', userId: 'test-key', serviceId: 'service_test', templateId: 'template_test' },
  copyrightYear: 2025,
};

const PROFESSIONAL = {
  name: 'Maria Rossi',
  role: 'Psicologa',
  description: 'Maria Rossi, psicologa a Pescara.',
  photo: { image: 'images/rossi.jpg', alt: 'Ritratto di Maria Rossi' },
  order: 1,
  phone: '+39 333 000 0001',
  email: 'maria.rossi@example.com',
  linkedin: 'https://www.linkedin.com/in/maria-rossi-example',
  registration: "Iscritta all'Albo, n. 1234",
  specialisation: ['Psicologia clinica'],
};

const ENTRY = { date: '2010', title: 'Laurea in Psicologia', type: 'study' };

const URL_MESSAGE = 'expected an absolute http(s) URL';
const SHAPE_MESSAGE = 'expected a date written as YYYY, YYYY-MM or YYYY-MM-DD';
const CALENDAR_MESSAGE = 'expected a real calendar date (check the month and the day)';
const IMAGE_MESSAGE = 'expected a path like "images/photo.jpg" (jpg, png, webp, avif or svg inside content/images/)';

describe('siteSchema', () => {
  it('fills the defaults: country IT, the EmailJS endpoint, third-party embeds without consent, no consent expiry, no metrics', () => {
    const site = siteSchema.parse(SITE);
    expect(site.address.country).toBe('IT');
    expect(site.emailjs.endpoint).toBe('https://api.emailjs.com/api/v1.0/email/send');
    expect(site.privacy).toEqual({ thirdPartyNeedsConsent: false });
    expect(site.consent).toEqual({});
    expect(site.consent.maxAgeDays).toBeUndefined();
    expect(site.metrics).toBeUndefined();
  });

  it('fills thirdPartyNeedsConsent inside a privacy block that leaves it out, and keeps it when set', () => {
    expect(siteSchema.parse({ ...SITE, privacy: {} }).privacy).toEqual({ thirdPartyNeedsConsent: false });
    expect(siteSchema.parse({ ...SITE, privacy: { thirdPartyNeedsConsent: true } }).privacy).toEqual({
      thirdPartyNeedsConsent: true,
    });
    expect(paths(siteSchema, { ...SITE, privacy: { thirdPartyNeedsConsent: 'yes' } })).toEqual([
      'privacy.thirdPartyNeedsConsent',
    ]);
  });

  it.each([[1], [180], [365]])('accepts consent.maxAgeDays %i', (days) => {
    expect(siteSchema.parse({ ...SITE, consent: { maxAgeDays: days } }).consent.maxAgeDays).toBe(days);
  });

  it.each([[0], [-30], [1.5], ['180']])('rejects consent.maxAgeDays %j', (days) => {
    expect(paths(siteSchema, { ...SITE, consent: { maxAgeDays: days } })).toEqual(['consent.maxAgeDays']);
  });

  it.each(['https://prova.example.com', 'http://localhost:8080/', 'https://prova.example.com/percorso?x=1#a'])(
    'accepts the URL %s',
    (url) => {
      expect(issues(siteSchema, { ...SITE, url })).toEqual([]);
    },
  );

  it.each([
    'ftp://prova.example.com',
    'javascript:alert(1)',
    'mailto:info@example.com',
    'file:///etc/passwd',
    '/percorsi',
    'prova.example.com',
    '',
  ])('rejects the URL %j', (url) => {
    expect(issues(siteSchema, { ...SITE, url })).toEqual([`url: ${URL_MESSAGE}`]);
  });

  it('checks every URL of the file the same way, the optional metrics endpoint and the defaulted EmailJS one included', () => {
    const bad = 'javascript:alert(1)';
    expect(
      issues(siteSchema, {
        ...SITE,
        social: { ...SITE.social, url: bad },
        map: { ...SITE.map, embedUrl: bad, link: bad },
        reviews: { ...SITE.reviews, scriptUrl: bad },
        emailjs: { ...SITE.emailjs, endpoint: bad },
        metrics: { endpoint: bad },
      }),
    ).toEqual(
      ['social.url', 'map.embedUrl', 'map.link', 'reviews.scriptUrl', 'emailjs.endpoint', 'metrics.endpoint'].map(
        (path) => `${path}: ${URL_MESSAGE}`,
      ),
    );
  });

  it('accepts only https:// for the origins that go into the Content-Security-Policy (the site URL and links may be http://)', () => {
    const http = 'http://widget.example.com/x.js';
    expect(
      paths(siteSchema, {
        ...SITE,
        map: { ...SITE.map, embedUrl: http, link: http },
        reviews: { ...SITE.reviews, scriptUrl: http },
        emailjs: { ...SITE.emailjs, endpoint: http },
        metrics: { endpoint: http },
      }),
    ).toEqual(['map.embedUrl', 'reviews.scriptUrl', 'emailjs.endpoint', 'metrics.endpoint']);
    expect(issues(siteSchema, { ...SITE, reviews: { ...SITE.reviews, scriptUrl: http } })[0]).toMatch(
      /^reviews\.scriptUrl: expected an https:\/\/ URL; this origin goes into the Content-Security-Policy/,
    );
  });

  it('takes a two-letter country', () => {
    expect(siteSchema.parse({ ...SITE, address: { ...SITE.address, country: 'SM' } }).address.country).toBe('SM');
    expect(paths(siteSchema, { ...SITE, address: { ...SITE.address, country: 'ITA' } })).toEqual(['address.country']);
  });

  it.each([[2000], [2025], [2100]])('accepts copyrightYear %i', (year) => {
    expect(issues(siteSchema, { ...SITE, copyrightYear: year })).toEqual([]);
  });

  it.each([[1999], [2101], [2025.5], ['2025']])('rejects copyrightYear %j', (year) => {
    expect(paths(siteSchema, { ...SITE, copyrightYear: year })).toEqual(['copyrightYear']);
  });

  it('trims text and rejects text that is only spaces', () => {
    expect(siteSchema.parse({ ...SITE, name: '  Studio Prova  ' }).name).toBe('Studio Prova');
    expect(issues(siteSchema, { ...SITE, name: '   ' })).toEqual(['name: must not be empty']);
  });

  it('reports every missing field at once, by path', () => {
    expect(paths(siteSchema, {})).toEqual([
      'name',
      'subtitle',
      'url',
      'description',
      'logo',
      'address',
      'social',
      'map',
      'reviews',
      'emailjs',
      'copyrightYear',
    ]);
  });

  it('drops keys it does not know (validate reports them as warnings)', () => {
    expect(siteSchema.parse({ ...SITE, colour: 'red' })).not.toHaveProperty('colour');
  });
});

describe('image paths', () => {
  it.each([
    'images/hero.jpg',
    'images/hero.jpeg',
    'images/ROSSI.JPEG',
    'images/a_b-c.1.webp',
    'images/logo.svg',
    'images/x.avif',
    'images/x.PNG',
  ])('accepts %s', (image) => {
    expect(issues(homeSchema.shape.hero, { image, alt: '' })).toEqual([]);
  });

  it.each([
    '/images/hero.jpg',
    'hero.jpg',
    'content/images/hero.jpg',
    'images/hero.gif',
    'images/hero',
    'images/hero.jpg?v=2',
    'https://cdn.example.com/images/hero.jpg',
  ])('rejects %s', (image) => {
    expect(issues(homeSchema.shape.hero, { image, alt: '' })).toEqual([`image: ${IMAGE_MESSAGE}`]);
  });

  it('says how to rename a file with spaces in its name, and how to convert a HEIC photo', () => {
    expect(issues(homeSchema.shape.hero, { image: 'images/my photo.jpg', alt: '' })).toEqual([
      'image: "images/my photo.jpg" has a space in its name, which would break the image\'s address; rename the file in content/images/ to "my-photo.jpg" and write "images/my-photo.jpg"',
    ]);
    expect(issues(homeSchema.shape.hero, { image: 'images/IMG_0042.HEIC', alt: '' })[0]).toMatch(
      /^image: "images\/IMG_0042.HEIC" is a HEIC photo .*convert it to JPEG.* write "images\/IMG_0042.jpg"$/,
    );
  });

  // The pattern accepts a subfolder, so the loader must list subfolders of content/images/ too.
  it('agrees with the loader about images in a subfolder of content/images/', async () => {
    const project = await projectWith({
      'content/professionals/rossi.md': minimalRossi.replace('images/rossi.jpg', 'images/team/rossi.jpg'),
    });
    await mkdir(path.join(project, 'content/images/team'));
    await rename(path.join(project, 'content/images/rossi.jpg'), path.join(project, 'content/images/team/rossi.jpg'));
    const { problems } = validateContent(await loadContent(path.join(project, 'content'), project));
    expect(problems.map(formatProblem).filter((line) => line.includes('not found'))).toEqual([]);
  });

  it('lets alt text be empty (a decorative image) but not missing', () => {
    expect(issues(homeSchema.shape.hero, { image: 'images/hero.jpg', alt: '' })).toEqual([]);
    expect(paths(homeSchema.shape.hero, { image: 'images/hero.jpg' })).toEqual(['alt']);
  });
});

describe('timelineEntrySchema dates', () => {
  it.each([
    [2019, '2019'],
    ['2019', '2019'],
    ['2019-10', '2019-10'],
    ['2019-10-01', '2019-10-01'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['2019-04-30', '2019-04-30'],
    ['2019-12-31', '2019-12-31'],
  ])('accepts %j as %s', (date, shown) => {
    expect(timelineEntrySchema.parse({ ...ENTRY, date }).date).toBe(shown);
  });

  it.each(['2023-02-29', '1900-02-29', '2019-04-31', '2019-13', '2019-00', '2019-10-00', '2019-10-32'])(
    'rejects %s as no calendar date',
    (date) => {
      expect(issues(timelineEntrySchema, { ...ENTRY, date })).toEqual([`date: ${CALENDAR_MESSAGE}`]);
    },
  );

  it.each([['19-10'], ['2019-1-5'], ['2019/10/01'], ['ottobre 2019'], [''], [2019.5], ['2019-10-01T10:00']])(
    'rejects %j by its shape, with one message',
    (date) => {
      expect(issues(timelineEntrySchema, { ...ENTRY, date })).toEqual([`date: ${SHAPE_MESSAGE}`]);
    },
  );

  it('takes "in corso" or a date as the end of a period, and nothing else', () => {
    expect(timelineEntrySchema.parse({ ...ENTRY, end: 'in corso' }).end).toBe('in corso');
    expect(timelineEntrySchema.parse({ ...ENTRY, end: 2015 }).end).toBe('2015');
    expect(timelineEntrySchema.parse(ENTRY).end).toBeUndefined();
    expect(paths(timelineEntrySchema, { ...ENTRY, end: 'In corso' })).toEqual(['end']);
    expect(paths(timelineEntrySchema, { ...ENTRY, end: '2023-02-29' })).toEqual(['end']);
  });

  it('needs a title and a type of study or work; the place is optional', () => {
    expect(timelineEntrySchema.parse(ENTRY).place).toBeUndefined();
    expect(paths(timelineEntrySchema, { ...ENTRY, type: 'job' })).toEqual(['type']);
    expect(paths(timelineEntrySchema, { date: '2010' })).toEqual(['title', 'type']);
    expect(issues(timelineEntrySchema, { ...ENTRY, place: ' ' })).toEqual(['place: must not be empty']);
  });
});

describe('professionalSchema', () => {
  it('lists a professional and gives them an empty timeline unless told otherwise; vat is optional', () => {
    const professional = professionalSchema.parse(PROFESSIONAL);
    expect(professional.listed).toBe(true);
    expect(professional.timeline).toEqual([]);
    expect(professional.vat).toBeUndefined();
    expect(professionalSchema.parse({ ...PROFESSIONAL, listed: false, timeline: [ENTRY] })).toMatchObject({
      listed: false,
      timeline: [{ ...ENTRY }],
    });
  });

  it('locates a mistake inside the timeline by index', () => {
    expect(
      issues(professionalSchema, { ...PROFESSIONAL, timeline: [ENTRY, { ...ENTRY, date: '2023-02-29' }] }),
    ).toEqual([`timeline.1.date: ${CALENDAR_MESSAGE}`]);
  });

  it.each(['maria.rossi@example.com', 'a+b@studio.example.it', 'MARIA@EXAMPLE.COM'])(
    'accepts the e-mail %s',
    (email) => {
      expect(issues(professionalSchema, { ...PROFESSIONAL, email })).toEqual([]);
    },
  );

  it.each(['maria.rossi', 'maria@', '@example.com', 'maria rossi@example.com', 'maria@example', ''])(
    'rejects the e-mail %j',
    (email) => {
      expect(issues(professionalSchema, { ...PROFESSIONAL, email })).toEqual(['email: expected an e-mail address']);
    },
  );

  it.each(['+39 333 000 0001', '085 123456', '3330000001'])('accepts the phone number %s', (phone) => {
    expect(issues(professionalSchema, { ...PROFESSIONAL, phone })).toEqual([]);
  });

  it.each(['12345', '333-000-0001', '+39 (085) 123456', '+39 333 000 0001 interno 2'])(
    'rejects the phone number %s',
    (phone) => {
      expect(issues(professionalSchema, { ...PROFESSIONAL, phone })).toEqual([
        'phone: expected a phone number such as "+39 333 000 0000"',
      ]);
    },
  );

  it('needs at least one specialisation, none of them blank', () => {
    expect(issues(professionalSchema, { ...PROFESSIONAL, specialisation: [] })).toEqual([
      'specialisation: list at least one specialisation',
    ]);
    expect(issues(professionalSchema, { ...PROFESSIONAL, specialisation: ['Clinica', ' '] })).toEqual([
      'specialisation.1: must not be empty',
    ]);
  });

  it('takes a whole number as the order, negative included', () => {
    expect(professionalSchema.parse({ ...PROFESSIONAL, order: -1 }).order).toBe(-1);
    expect(paths(professionalSchema, { ...PROFESSIONAL, order: 1.5 })).toEqual(['order']);
  });

  it('checks the LinkedIn address like every URL', () => {
    expect(issues(professionalSchema, { ...PROFESSIONAL, linkedin: 'linkedin.com/in/maria' })).toEqual([
      `linkedin: ${URL_MESSAGE}`,
    ]);
  });

  it('keeps a quoted partita IVA as text, and asks for quotes when YAML read it as a number', () => {
    expect(professionalSchema.parse({ ...PROFESSIONAL, vat: ' 01234560686 ' }).vat).toBe('01234560686');
    expect(issues(professionalSchema, { ...PROFESSIONAL, vat: 1234560686 })).toEqual([
      'vat: expected the 11 digits of a partita IVA, in quotes, such as "01234567897"',
    ]);
    expect(issues(professionalSchema, { ...PROFESSIONAL, vat: '01234560687' })[0]).toMatch(
      /^vat: the check digit \(the last one\) does not match/,
    );
  });
});

describe('serviceSchema', () => {
  it.each([[50], [1], [90], ['caso per caso'], [undefined]])('accepts the duration %j', (duration) => {
    expect(serviceSchema.parse({ title: 'Colloquio', duration }).duration).toBe(duration);
  });

  it.each([[0], [-50], [50.5], ['50'], ['Caso per caso'], ['da concordare'], [null]])(
    'rejects the duration %j',
    (duration) => {
      expect(paths(serviceSchema, { title: 'Colloquio', duration })).toEqual(['duration']);
    },
  );

  it('needs a title', () => {
    expect(issues(serviceSchema, { title: '', duration: 50 })).toEqual(['title: must not be empty']);
  });
});

describe('the page schemas', () => {
  it('accept the pages of the minimal fixture', () => {
    expect(
      issues(homeSchema, {
        title: 'Home',
        description: 'La home.',
        heading: 'Benvenuti',
        hero: { image: 'images/hero.jpg', alt: '' },
        reviews: { title: 'Recensioni', subtitle: 'Cosa dicono di noi' },
        form: { title: 'Scrivici', noscript: 'Serve JavaScript.' },
      }),
    ).toEqual([]);
    expect(
      issues(contactsSchema, {
        title: 'Contatti',
        description: 'Come contattarci.',
        heading: 'Contattaci',
        subtitle: 'Scrivici',
        socialCard: { title: 'Seguici', text: 'Notizie.' },
        addressCard: { title: 'Dove siamo', linkText: 'Apri la mappa' },
      }),
    ).toEqual([]);
    expect(
      issues(servicesPageSchema, {
        title: 'Percorsi',
        description: 'I percorsi.',
        heading: 'I percorsi',
        callout: 'Su misura.',
        badge: { text: 'Uno spazio sicuro.', image: 'images/flag.svg', alt: 'Bandiera' },
      }),
    ).toEqual([]);
  });

  it('need a title and a description on every page', () => {
    for (const schema of [homeSchema, contactsSchema, servicesPageSchema, privacySchema])
      expect(paths(schema, {}).slice(0, 2)).toEqual(['title', 'description']);
  });

  it('date the privacy notice like a timeline entry', () => {
    const privacy = { title: 'Privacy', description: 'Informativa.', heading: 'Privacy' };
    expect(privacySchema.parse({ ...privacy, updated: '2024-02-29' }).updated).toBe('2024-02-29');
    expect(issues(privacySchema, { ...privacy, updated: '2025-02-29' })).toEqual([`updated: ${CALENDAR_MESSAGE}`]);
    expect(issues(privacySchema, { ...privacy, updated: '29/02/2024' })).toEqual([`updated: ${SHAPE_MESSAGE}`]);
  });
});

describe('the contact forms options (site.yaml forms, with their wording in home.md and contatti.md)', () => {
  const HOME = {
    title: 'Home',
    description: 'La home.',
    heading: 'Benvenuti',
    hero: { image: 'images/hero.jpg', alt: '' },
    reviews: { title: 'R', subtitle: 'S' },
    form: { title: 'Scrivici', noscript: 'Serve JavaScript.' },
  };
  const CONTACTS = {
    title: 'Contatti',
    description: 'Come contattarci.',
    heading: 'Contattaci',
    subtitle: 'Scrivici',
    socialCard: { title: 'Seguici', text: 'Notizie.' },
    addressCard: { title: 'Dove siamo', linkText: 'Apri' },
  };

  it('default to the spec: the contacts form only logs, a failure adds no contacts; the wording defaults are Italian', () => {
    expect(siteSchema.parse(SITE).forms).toEqual({ contactsPage: 'log', contactsOnFailure: false });
    expect(siteSchema.parse({ ...SITE, forms: { contactsPage: 'send' } }).forms).toEqual({
      contactsPage: 'send',
      contactsOnFailure: false,
    });
    expect(homeSchema.parse(HOME).formFailureContacts).toBe(
      'Se preferisci, puoi contattarci subito per telefono o per e-mail:',
    );
    expect(contactsSchema.parse(CONTACTS).formNotice).toMatch(/^Questo modulo non invia messaggi/);
    expect(contactsSchema.parse({ ...CONTACTS, formNotice: 'Il modulo è in manutenzione:' }).formNotice).toBe(
      'Il modulo è in manutenzione:',
    );
  });

  it('reject an unknown mode, a non-boolean switch and empty wording', () => {
    expect(paths(siteSchema, { ...SITE, forms: { contactsPage: 'email', contactsOnFailure: 'yes' } })).toEqual([
      'forms.contactsPage',
      'forms.contactsOnFailure',
    ]);
    expect(issues(contactsSchema, { ...CONTACTS, formNotice: ' ' })).toEqual(['formNotice: must not be empty']);
    expect(issues(homeSchema, { ...HOME, formFailureContacts: '' })).toEqual([
      'formFailureContacts: must not be empty',
    ]);
  });
});
