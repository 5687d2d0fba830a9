// Launch rules, one by one, failing and passing, on the minimal fixture made launch-ready by an overlay and then spoiled one thing at a time.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchInput } from '../../src/launch/input.ts';
import * as rules from '../../src/launch/rules.ts';
import { fictionalEmail, fictionalPhone, type LaunchInput } from '../../src/launch/rules.ts';
import type { FileMap } from '../helpers/files.ts';
import { projectWith, ROOT } from '../helpers/fixtures.ts';
import { launchReady } from '../helpers/launch-ready.ts';
import { inEnglish, statuses } from '../helpers/findings.ts';
import { modelOf } from '../helpers/site-model.ts';

const SITE = 'content/site.yaml';
const ROSSI = 'content/professionals/rossi.md';
const PRIVACY = 'content/privacy.md';
const { minimalRossi, READY_SITE, READY_ROSSI, READY_PRIVACY } = await launchReady();
const READY: FileMap = { [SITE]: READY_SITE, [ROSSI]: READY_ROSSI, [PRIVACY]: READY_PRIVACY };

/** The launch input of the minimal fixture with READY, then `files`, written over it. */
async function input(files: FileMap = {}, base?: string): Promise<LaunchInput> {
  const project = base ?? (await projectWith({ ...READY, ...files }));
  return launchInput(await modelOf(project), path.join(project, 'content'));
}

const checkLaunch = inEnglish(rules.checkLaunch);
const contacts = inEnglish(rules.contacts);
const contactsForm = inEnglish(rules.contactsForm);
const emailService = inEnglish(rules.emailService);
const formFailure = inEnglish(rules.formFailure);
const privacySections = inEnglish(rules.privacySections);
const publicUrl = inEnglish(rules.publicUrl);
const reviewsWidget = inEnglish(rules.reviewsWidget);
const sampleImages = inEnglish(rules.sampleImages);
const sampleText = inEnglish(rules.sampleText);

describe('the launch-ready overlay', () => {
  it('passes every rule except the decorative images minimal shares with the sample', async () => {
    const findings = checkLaunch(await input());
    expect(findings.filter((finding) => finding.status !== 'pass')).toEqual([
      {
        rule: 'sample-images',
        status: 'warn',
        file: 'content/',
        message:
          "logo images/logo.svg (site.yaml), badge.image images/flag.svg (percorsi.md) are the sample's images; replace them unless you mean to keep them",
      },
    ]);
    expect(findings.map((finding) => finding.rule)).toEqual([
      'email-service',
      'reviews-widget',
      'public-url',
      'contacts',
      'sample-images',
      'sample-text',
      'privacy-sections',
      'contacts-form',
      'form-failure',
    ]);
  });
});

describe('emailService', () => {
  it('fails on the sample ids, naming each and what visitors get', async () => {
    const findings = emailService(
      await input({
        [SITE]: READY_SITE.replace('test-key', 'sample-public-key').replace('template_test', 'template_sample'),
      }),
    );
    expect(findings).toEqual([
      {
        rule: 'email-service',
        status: 'fail',
        file: SITE,
        message: expect.stringMatching(
          /^emailjs\.userId, templateId are sample values, so the home and contacts forms fail on every send \("The user ID is invalid"\); copy .* from the EmailJS dashboard$/,
        ),
      },
    ]);
  });

  it('fails on an id that says it is a placeholder, and names only the home form when the contacts form does not send', async () => {
    const findings = emailService(
      await input({
        [SITE]: READY_SITE.replace('test-key', 'YOUR_PUBLIC_KEY').replace('contactsPage: send', 'contactsPage: notice'),
      }),
    );
    expect(findings[0]).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^emailjs\.userId is a sample value, so the home form fails/),
    });
  });

  it('passes the practice’s own ids', async () => {
    expect(statuses(emailService(await input()))).toEqual([`pass ${SITE}`]);
  });
});

describe('reviewsWidget', () => {
  it("fails on the sample's all-zero widget id, saying what the home page shows", async () => {
    const findings = reviewsWidget(
      await input({
        [SITE]: READY_SITE.replace(/elfsight-app-[\w-]+/, 'elfsight-app-00000000-0000-0000-0000-000000000000'),
      }),
    );
    expect(findings).toEqual([
      {
        rule: 'reviews-widget',
        status: 'fail',
        file: SITE,
        message: expect.stringContaining("is a placeholder, so the home page shows 'Recensioni' over an empty band"),
      },
    ]);
  });

  it('fails on a script at an example host', async () => {
    const findings = reviewsWidget(
      await input({
        [SITE]: READY_SITE.replace(
          'https://static.elfsight.com/platform/platform.js',
          'https://reviews.example.com/widget.js',
        ),
      }),
    );
    expect(findings[0]?.message).toMatch(
      /^reviews\.scriptUrl https:\/\/reviews\.example\.com\/widget\.js is a placeholder/,
    );
  });

  it('passes a real widget id', async () => {
    expect(statuses(reviewsWidget(await input()))).toEqual([`pass ${SITE}`]);
  });
});

describe('publicUrl', () => {
  it('fails on an example address', async () => {
    const findings = publicUrl(
      await input({ [SITE]: READY_SITE.replace('https://www.studioprova.it', 'https://studio.example.com') }),
    );
    expect(findings).toEqual([
      {
        rule: 'public-url',
        status: 'fail',
        file: SITE,
        message: expect.stringContaining('is an example address, and every canonical link and the sitemap point there'),
      },
    ]);
  });

  it('warns on plain http', async () => {
    const findings = publicUrl(
      await input({ [SITE]: READY_SITE.replace('https://www.studioprova.it', 'http://www.studioprova.it') }),
    );
    expect(statuses(findings)).toEqual([`warn ${SITE}`]);
  });

  it('passes a real https address', async () => {
    expect(publicUrl(await input())).toEqual([
      { rule: 'public-url', status: 'pass', file: SITE, message: 'https://www.studioprova.it' },
    ]);
  });
});

describe('contacts', () => {
  it('fails, file by file, on made-up phones, example addresses and links, and the sample address and map', async () => {
    const sampleSite = await readFile(path.join(ROOT, SITE), 'utf8');
    const address = /address:\n(?: {2}.*\n)+/.exec(sampleSite)![0];
    const map = /map:\n(?: {2}.*\n)+/.exec(sampleSite)![0];
    const site = READY_SITE.replace(/address:\n(?: {2}.*\n)+/, address)
      .replace(/map:\n(?: {2}.*\n)+/, map)
      .replace('instagram.com/studioprova', 'instagram.com/studioprova.example');
    const findings = contacts(
      await input({
        [SITE]: site,
        [ROSSI]: minimalRossi,
        [PRIVACY]: READY_PRIVACY.replace('maria.rossi@studioprova.it', 'info@studio.test'),
      }),
    );
    expect(findings).toEqual([
      {
        rule: 'contacts',
        status: 'fail',
        file: ROSSI,
        message:
          "phone +39 333 000 0001, email maria.rossi@example.com, linkedin https://www.linkedin.com/in/maria-rossi-example are made up; write Maria Rossi's real ones",
      },
      {
        rule: 'contacts',
        status: 'fail',
        file: SITE,
        message: `social.url https://www.instagram.com/studioprova.example, address "Via dei Mandorli 14" (the sample's), map.embedUrl and map.link (they show the sample's location): replace with the practice's own`,
      },
      {
        rule: 'contacts',
        status: 'fail',
        file: PRIVACY,
        message: 'the text gives info@studio.test, which reaches nobody; write the real address',
      },
    ]);
  });

  it('passes real contacts', async () => {
    expect(statuses(contacts(await input()))).toEqual([`pass ${SITE}`]);
  });

  it('tells made-up phone numbers and addresses from real ones', () => {
    expect(['+39 333 000 0001', '+1 212 555 0123', '085 1111 222'].filter(fictionalPhone)).toHaveLength(3);
    expect(['+39 347 218 4409', '085 421 5530', '+39 02 8050 5550'].filter(fictionalPhone)).toEqual([]);
    expect(
      ['a@example.com', 'a@mail.example.org', 'a@studio.test', 'a@your-domain.it'].filter(fictionalEmail),
    ).toHaveLength(4);
    expect(['a@studioprova.it', 'a@gmail.com', 'examples@studioprova.it'].filter(fictionalEmail)).toEqual([]);
  });
});

describe('sampleImages', () => {
  it("fails on a portrait that is one of the sample's, whatever its name", async () => {
    const project = await projectWith(READY);
    const avatar = await readFile(path.join(ROOT, 'content/images/giulia-marchetti.jpg'));
    await writeFile(path.join(project, 'content/images/rossi.jpg'), avatar);
    const findings = sampleImages(await input({}, project));
    expect(findings[0]).toEqual({
      rule: 'sample-images',
      status: 'fail',
      file: ROSSI,
      message:
        "photo.image images/rossi.jpg is the sample's placeholder portrait; put the professional's photo in content/images/ and name it here",
    });
    expect(statuses(findings)).toEqual([`fail ${ROSSI}`, 'warn content/']);
  });

  it('passes when no image is one of the sample’s', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="3"/></svg>';
    const findings = sampleImages(
      await input({ 'content/images/logo.svg': svg, 'content/images/flag.svg': svg.replace('r="3"', 'r="2"') }),
    );
    expect(findings).toEqual([
      {
        rule: 'sample-images',
        status: 'pass',
        file: 'content/images/',
        message: "none of the 4 images is one of the sample's",
      },
    ]);
  });
});

describe('sampleText', () => {
  it('fails on a sample biography and warns, in one line, on sample page text', async () => {
    const sampleBio = (await readFile(path.join(ROOT, 'content/professionals/giulia-marchetti.md'), 'utf8')).split(
      /^---$/m,
    )[2]!;
    const sampleHome = await readFile(path.join(ROOT, 'content/home.md'), 'utf8');
    const findings = sampleText(
      await input({
        [ROSSI]: READY_ROSSI.replace(/---\n\n[\s\S]*$/, `---\n${sampleBio}`),
        'content/home.md': sampleHome,
      }),
    );
    expect(findings).toEqual([
      {
        rule: 'sample-text',
        status: 'fail',
        file: ROSSI,
        message:
          "the text is still the sample's, written about people who do not exist; write the professional's own biography",
      },
      {
        rule: 'sample-text',
        status: 'warn',
        file: 'content/',
        message: 'home.md still reads word for word as the sample; make sure it says what the practice offers',
      },
    ]);
  });

  it('passes text of the practice’s own', async () => {
    expect(sampleText(await input())).toEqual([
      { rule: 'sample-text', status: 'pass', file: 'content/', message: "no page text is the sample's" },
    ]);
  });
});

describe('privacySections', () => {
  it('fails naming every topic the notice lacks, the providers this site uses included', async () => {
    const notice = READY_PRIVACY.replace(/## Conservazione\n\nDodici mesi\.\n/, '').replace(
      'EmailJS, responsabile del trattamento; ',
      'Responsabili del trattamento; ',
    );
    const findings = privacySections(
      await input({
        [PRIVACY]: notice,
        [SITE]: `${READY_SITE}metrics:\n  endpoint: https://metrics.studioprova.it/v1\n`,
      }),
    );
    expect(findings).toEqual([
      {
        rule: 'privacy-sections',
        status: 'fail',
        file: PRIVACY,
        message:
          'the privacy notice does not cover how long data are kept (conservazione); EmailJS, which receives what the forms send; the metrics endpoint (metrics.studioprova.it): add them (GDPR art. 13)',
      },
    ]);
  });

  it('passes a notice that covers them all', async () => {
    expect(privacySections(await input())).toEqual([
      {
        rule: 'privacy-sections',
        status: 'pass',
        file: PRIVACY,
        message: 'the privacy notice covers all 10 topics this site needs',
      },
    ]);
  });
});

describe('contactsForm', () => {
  it('warns in the spec’s silent mode, saying what visitors experience and which option changes it', async () => {
    const findings = contactsForm(
      await input({ [SITE]: READY_SITE.replace('contactsPage: send', 'contactsPage: log') }),
    );
    expect(findings).toEqual([
      {
        rule: 'contacts-form',
        status: 'warn',
        file: SITE,
        message: expect.stringContaining(
          "'Invia' sends nothing and shows nothing, so visitors believe their message reached you; set forms.contactsPage: send",
        ),
      },
    ]);
    // No forms block at all is the same default.
    expect(statuses(contactsForm(await input({ [SITE]: READY_SITE.replace(/forms:[\s\S]*$/, '') })))).toEqual([
      `warn ${SITE}`,
    ]);
  });

  it('passes in notice and send mode', async () => {
    expect(statuses(contactsForm(await input()))).toEqual([`pass ${SITE}`]);
    expect(
      contactsForm(await input({ [SITE]: READY_SITE.replace('contactsPage: send', 'contactsPage: notice') }))[0]
        ?.message,
    ).toContain('tells visitors it sends nothing');
  });
});

describe('formFailure', () => {
  it('warns while a failure shows only the service’s reply', async () => {
    const findings = formFailure(
      await input({ [SITE]: READY_SITE.replace('contactsOnFailure: true', 'contactsOnFailure: false') }),
    );
    expect(findings).toEqual([
      {
        rule: 'form-failure',
        status: 'warn',
        file: SITE,
        message: expect.stringContaining('set forms.contactsOnFailure: true'),
      },
    ]);
  });

  it('passes once it lists the contacts', async () => {
    expect(statuses(formFailure(await input()))).toEqual([`pass ${SITE}`]);
  });
});
