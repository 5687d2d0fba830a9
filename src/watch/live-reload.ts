// Live reload over Server-Sent Events: a revision counter per good build, and the failure the overlay shows.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentError } from '../errors.ts';
import type { ProblemData } from '../problem-line.ts';
import { render, say, type Language } from '../messages/text.ts';

/** Output path of the reload client; pages load it as an external script (they carry no inline ones). */
export const RELOAD_CLIENT_FILE = '__brochure/reload.js';
const EVENTS_PATH = '/__brochure/events';

/** The message and stack of something thrown; a template may throw a string. */
interface ErrorDetails {
  message: string;
  stack: string;
}

/** What open pages show after a failed build: located problems, or the crash of a template or of brochure. */
export interface FailureReport {
  problems: ProblemData[];
  error?: ErrorDetails;
  /** The overlay's own words in the report's language; the client falls back to English. */
  words?: OverlayWords;
}

/** The overlay's headings and buttons, in the language of the report. */
export interface OverlayWords {
  failed: string;
  crashed: string;
  intro: string;
  warning: string;
  warningsTitle: string;
  warningsIntro: string;
  close: string;
}

/** The data of each event on the stream, by event name; the reload client reads them with these types. */
export interface ReloadEvents {
  /** Sent once on connecting: the server's session and the current revision, and the failure if the last build failed. */
  hello: { session: string; revision: number; failure?: FailureReport; warnings?: FailureReport };
  reload: { revision: number };
  failure: FailureReport;
  /** The warnings of the last good build (an empty list clears the panel). */
  warnings: FailureReport;
}

/** Reload and failure events for every open page, plus the script tag that connects a page to them. */
export class LiveReload {
  readonly #session = randomBytes(6).toString('hex');
  #revision = 0;
  #failure: FailureReport | undefined;
  #warnings: FailureReport | undefined;
  readonly #clients = new Set<ServerResponse>();
  // Proxies and sleeping laptops drop idle connections silently; a comment every 20 s keeps them open.
  readonly #heartbeat = setInterval(
    () => this.#clients.forEach((client) => client.write(': ping\n\n')),
    20_000,
  ).unref();

  /**
   * The tag the server adds to every page it serves in watch mode (never to the build). Written when
   * the page is served, not when it is rendered: the page then names the build it came from, so a
   * page fetched just before a rebuild still reloads (← Lume `liveReload(initRevision)`). The client
   * file lives under the site's `base` path like every other file; the events path is answered anywhere.
   */
  scriptTag(base = '/'): string {
    return `<script src="${base}${RELOAD_CLIENT_FILE}" data-events="${EVENTS_PATH}" data-session="${this.#session}" data-revision="${this.#revision}" defer></script>`;
  }

  /** Reloads sent so far: one per good build that changed the output. */
  get revision(): number {
    return this.#revision;
  }

  /** Whether the last build failed (open pages show the overlay). */
  get failing(): boolean {
    return this.#failure !== undefined;
  }

  /** Records a good build and tells every open page to reload. */
  reload(): void {
    this.#revision++;
    this.#failure = undefined;
    this.#broadcast('reload', { revision: this.#revision });
  }

  /** Records a failed build: open pages keep the last good content and show the overlay. */
  fail(report: FailureReport): void {
    this.#failure = report;
    this.#broadcast('failure', report);
  }

  /** Records the warnings of a good build; open pages show them in a panel that does not block the page. */
  warn(report: FailureReport): void {
    const before = JSON.stringify(this.#warnings?.problems ?? []);
    this.#warnings = report.problems.length > 0 ? report : undefined;
    if (JSON.stringify(report.problems) !== before) this.#broadcast('warnings', report);
  }

  /** The `handle` hook of serveSite: answers the event stream, leaves every other URL to the server. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.url ?? '').split('?')[0] !== EVENTS_PATH) return false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    // A stopped and restarted server is found again within half a second.
    res.write('retry: 500\n\n');
    send(res, 'hello', {
      session: this.#session,
      revision: this.#revision,
      failure: this.#failure,
      warnings: this.#warnings,
    });
    this.#clients.add(res);
    res.on('close', () => this.#clients.delete(res));
    return true;
  };

  /** Ends every event stream, so the server can close. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }

  #broadcast<E extends keyof ReloadEvents>(event: E, data: ReloadEvents[E]): void {
    for (const client of this.#clients) send(client, event, data);
  }
}

function send<E extends keyof ReloadEvents>(res: ServerResponse, event: E, data: ReloadEvents[E]): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The overlay's view of a failed build's problems (errors and warnings alike, as the terminal prints them). */
export function problemsReport(problems: readonly ContentError[], language: Language = 'en'): FailureReport {
  return {
    problems: problems.map((problem) => problem.in(language)),
    ...(language !== 'en' && { words: overlayWords(language) }),
  };
}

function overlayWords(language: Language): OverlayWords {
  return {
    failed: render(say('buildFailed'), language),
    crashed: render(say('buildCrashed'), language),
    intro: render(say('failedIntro'), language),
    warning: render(say('warning'), language),
    warningsTitle: render(say('warningsTitle'), language),
    warningsIntro: render(say('warningsIntro'), language),
    close: render(say('close'), language),
  };
}

/** The overlay's view of a crash: a template that throws while rendering, or a bug in brochure. */
export function crashReport(error: unknown): FailureReport & { error: ErrorDetails } {
  return { problems: [], error: errorDetails(error) };
}

/** The message of anything thrown, and its stack (the message alone when it has none). */
export function errorDetails(error: unknown): ErrorDetails {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? message) : message;
  return { message, stack };
}
