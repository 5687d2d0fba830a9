// What preview and watch add around their server, as Vite and Astro do: the next free port unless one was asked for, --open, colour on a terminal.
import { painterFor } from '../cli/colour.ts';
import { render, say, type Language, type Param } from '../messages/text.ts';
import { openBrowser } from './open-browser.ts';

/** `--port` and `--open` as commander hands them over: `port` is unset when not given. */
export interface ServingFlags {
  port?: number;
  open?: boolean;
}

/** The line saying the asked port was busy, or undefined when the server got the port it asked for (or asked for any, 0). */
export function portNote(asked: number, got: number, language: Language): string | undefined {
  return asked === 0 || asked === got
    ? undefined
    : painterFor(process.stdout)('yellow', render(say('portTaken', { port: asked, chosen: got }), language));
}

/**
 * The URLs of a `Serving …` line, coloured on a terminal: the local one (`local` and the site's base
 * path), then the addresses other devices on the network use (`network`, base path included).
 */
export function shownUrls(local: string, network: readonly string[], base: string): Param {
  const paint = painterFor(process.stdout);
  return { allOf: [`${local}${base}`, ...network].map((url) => paint(['cyan', 'bold'], url)) };
}

/** With `--open`, opens `url` in the default browser; a missing opener is said on stderr, the server keeps running. */
export async function openIfAsked(flags: ServingFlags, url: string, language: Language): Promise<void> {
  if (!flags.open) return;
  const reason = await openBrowser(url);
  if (reason) console.error(render(say('browserNotOpened', { reason, url }), language));
}
