// pageFacts: what the compliance rules read in a page, found once per page; the rules give the same findings from it as from the HTML.
import { describe, expect, it } from 'vitest';
import { pageFacts } from '../../src/compliance/page-facts.ts';
import { checkCompliance } from '../../src/compliance/rules.ts';
import { loadContent } from '../../src/content/load.ts';
import { validateContent } from '../../src/content/validate.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { buildModel, markdownBodies } from '../../src/model/site-model.ts';
import { tempDir } from '../helpers/files.ts';
import { projectWith } from '../helpers/fixtures.ts';
import path from 'node:path';

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

  it('lets the rules give the same findings from the facts as from the HTML', async () => {
    const project = await projectWith({});
    const { entries } = validateContent(await loadContent(path.join(project, 'content'), project));
    const model = buildModel(entries!, await renderMarkdownBodies(markdownBodies(entries!), await tempDir()));
    const variants = ['/privacy', '/cookie'];
    const htmlOf = (index: number) =>
      `<title>${index % 3 ? 'T' : ''}</title><meta name="description" content="${index % 2 ? 'D' : ''}"/>${FORM(variants[index % 2]!)}${BANNER(variants[(index >> 1) % 2]!)}`;
    const pages = model.routes.map((route, index) => ({ route, html: htmlOf(index) }));
    const unread = model.routes.map((route) => ({
      route,
      get html(): string {
        throw new Error('the rules read the HTML');
      },
    }));
    const facts = new Map(model.routes.map((route, index) => [route, pageFacts(htmlOf(index))]));
    expect(checkCompliance({ model, pages: unread, facts })).toEqual(checkCompliance({ model, pages }));
    expect(
      checkCompliance({ model, pages })
        .filter((finding) => finding.status === 'warn')
        .map((finding) => finding.rule),
    ).toEqual(expect.arrayContaining(['privacy-notice', 'page-metadata']));
  });
});
