// The sample fingerprints: recomputed here from the shipped content/, so the lists the launch rules compare against stay true.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load.ts';
import { validateContent } from '../../src/content/validate.ts';
import {
  imageFingerprint,
  placeFingerprints,
  SAMPLE_IMAGES,
  SAMPLE_PLACES,
  SAMPLE_TEXTS,
  textFingerprint,
} from '../../src/launch/fingerprints.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { buildModel, markdownBodies } from '../../src/model/site-model.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';

const { entries, problems } = validateContent(await loadContent(path.join(ROOT, 'content'), ROOT));
const model = buildModel(entries!, await renderMarkdownBodies(markdownBodies(entries!), await tempDir()));
const sorted = (values: Iterable<string>) => [...values].sort();

// A failure here means the sample content changed: update src/launch/fingerprints.ts with the values received.
describe('the fingerprints of the shipped sample', () => {
  it('lists every image under content/images/, and nothing else', async () => {
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const images = await Promise.all(
      entries!.images.map(async (image) => imageFingerprint(await readFile(path.join(ROOT, 'content', image)))),
    );
    expect(sorted(SAMPLE_IMAGES)).toEqual(sorted(images));
  });

  it('lists the text of every Markdown body: pages, biographies, services', () => {
    const bodies = [
      model.home.introHtml,
      model.contacts.bodyHtml,
      model.servicesPage.introHtml,
      model.privacy.bodyHtml,
      ...model.professionals.map((professional) => professional.biographyHtml),
      ...model.services.map((service) => service.descriptionHtml),
    ];
    expect(sorted(SAMPLE_TEXTS)).toEqual(sorted(bodies.map(textFingerprint)));
  });

  it('lists the address and the map', () => {
    const { address, map } = placeFingerprints(model.site);
    expect(sorted(SAMPLE_PLACES)).toEqual(sorted([address, map]));
  });
});

describe('textFingerprint', () => {
  it('reads the text only: markup and spacing do not change it, a word does', () => {
    const base = textFingerprint('<p>Ascolto <strong>senza giudizio</strong>.</p>');
    expect(textFingerprint('<p>Ascolto\n  <em>senza giudizio</em>.</p>')).toBe(base);
    expect(textFingerprint('<p>Ascolto senza pregiudizio.</p>')).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('placeFingerprints', () => {
  it('changes with the street and with either map URL', () => {
    const site = {
      address: { street: 'Via Roma 1', postalCode: '65100', city: 'Pescara', province: 'PE', country: 'IT' },
      map: { embedUrl: 'https://a.example/e', link: 'https://a.example/l', title: 'Mappa' },
    };
    const base = placeFingerprints(site);
    expect(placeFingerprints({ ...site, address: { ...site.address, street: 'Via Roma 2' } }).address).not.toBe(
      base.address,
    );
    expect(placeFingerprints({ ...site, map: { ...site.map, link: 'https://a.example/m' } }).map).not.toBe(base.map);
  });
});
