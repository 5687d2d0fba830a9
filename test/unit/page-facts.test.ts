// pageFacts: what the compliance rules read in a page's HTML.
import { describe, expect, it } from 'vitest';
import { pageFacts } from '../../src/compliance/page-facts.ts';

const BANNER = (href: string) =>
  `<section class="consent-banner" aria-label="Consenso ai cookie" hidden=""><p>Cookie <a href="${href}">Informativa</a></p></section>`;
const FORM = (href: string) => `<form class="contact-form"><label><a href="${href}">informativa</a></label></form>`;

describe('pageFacts', () => {
  it('finds the title, the description, the banner link and each form link', () => {
    const html = `<!doctype html><html><head><title> Titolo </title><meta name="description" content="Testo"/></head><body>${FORM('/privacy')}${FORM('/altro')}${BANNER('/privacy')}</body></html>`;
    expect(pageFacts(html)).toEqual({
      title: true,
      description: true,
      bannerLinksPrivacy: true,
      formsLinkPrivacy: [true, false],
    });
  });

  it('counts a blank title or description as missing, and a page without a banner or forms as such', () => {
    expect(pageFacts('<title> </title><meta name="description" content=""/>')).toEqual({
      title: false,
      description: false,
      bannerLinksPrivacy: false,
      formsLinkPrivacy: [],
    });
    expect(pageFacts(`<head></head>${BANNER('/cookie')}`).bannerLinksPrivacy).toBe(false);
  });
});
