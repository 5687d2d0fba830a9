// imageWidthLimits: the widest variant each image needs, from the fields that name it; the images stage's key.
import { describe, expect, it } from 'vitest';
import { FULL_WIDTH, imagesKey, imageWidthLimits } from '../../src/bundle/image-uses.ts';
import { checkContent } from '../../src/content/check.ts';
import { resolveOptions } from '../../src/options.ts';
import { ROOT } from '../helpers/fixtures.ts';

async function sampleEntries() {
  const { entries } = await checkContent(resolveOptions({}, ROOT));
  if (!entries) throw new Error('the sample content does not validate');
  return entries;
}

describe('imageWidthLimits', () => {
  it('gives the hero the full width, portraits 1200 px and the small images three times their CSS size', async () => {
    const entries = await sampleEntries();
    expect(Object.fromEntries(imageWidthLimits(entries))).toEqual({
      'images/hero.jpg': FULL_WIDTH,
      'images/giulia-marchetti.jpg': 1200,
      'images/chiara-de-santis.jpg': 1200,
      'images/flag.svg': 240,
      'images/logo.svg': 144,
    });
    // Every image the build encodes has a limit: none falls back to the full width unnoticed.
    expect([...imageWidthLimits(entries).keys()].sort()).toEqual(entries.images);
  });

  it('takes the widest of an image’s uses', async () => {
    const entries = await sampleEntries();
    const portrait = entries.professionals[0]!.data.photo.image;
    const reused = {
      ...entries,
      site: { ...entries.site, data: { ...entries.site.data, logo: portrait } },
      home: { ...entries.home, data: { ...entries.home.data, hero: { ...entries.home.data.hero, image: portrait } } },
    };
    expect(imageWidthLimits(reused).get(portrait)).toBe(FULL_WIDTH);
    const logoOnly = { ...entries, site: { ...entries.site, data: { ...entries.site.data, logo: 'images/mark.png' } } };
    expect(imageWidthLimits(logoOnly).get('images/mark.png')).toBe(144);
  });
});

describe('imagesKey', () => {
  it('names each source with its widest variant', () => {
    const sources = ['images/hero.jpg', 'images/studio nuovo.png'];
    const key = imagesKey(sources, new Map([['images/hero.jpg', 2400]]));
    expect(key).toBe(`images/hero.jpg 2400\nimages/studio nuovo.png ${FULL_WIDTH}`);
    expect(imagesKey([], new Map())).toBe('');
  });
});
