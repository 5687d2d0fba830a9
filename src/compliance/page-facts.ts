// What the compliance rules read in a page's HTML: its title, its description, and whether its banner and forms link the privacy notice.
import { PRIVACY_PATH } from '../routes.ts';

/** The parts of one page the rules judge (src/compliance/rules.ts). */
export interface PageFacts {
  /** The page has a `<title>` with text. */
  title: boolean;
  /** The page has a `<meta name="description">` with text. */
  description: boolean;
  /** A cookie banner of the page links to the privacy notice. */
  bannerLinksPrivacy: boolean;
  /** Each form of the page, in order: whether it links to the privacy notice. */
  formsLinkPrivacy: boolean[];
}

/** The facts of a page's HTML. */
export function pageFacts(html: string): PageFacts {
  const links = (part: string) => part.includes(`href="${PRIVACY_PATH}"`);
  return {
    title: Boolean(/<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim()),
    description: Boolean(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.trim()),
    bannerLinksPrivacy: partsOf(html, /<section[^>]*class="consent-banner"[^>]*>[\s\S]*?<\/section>/g).some(links),
    formsLinkPrivacy: partsOf(html, /<form[\s\S]*?<\/form>/g).map(links),
  };
}

/** Every part of a page's HTML that `pattern` (global) matches. */
function partsOf(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[0]);
}
