// LiveReload: the Server-Sent Events channel open pages listen on (revision counter, reload and failure events, disconnects), the page stamp and the overlay reports.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crashReport, LiveReload, problemsReport, RELOAD_CLIENT_FILE } from '../../src/watch/live-reload.ts';
import { ContentError } from '../../src/errors.ts';
import { say } from '../../src/messages/text.ts';

const EVENTS = '/__brochure/events';

/** One message of the stream: a named event with JSON data, a `retry:` line or a `:` comment. */
interface Message {
  event?: string;
  data?: unknown;
  retry?: number;
  comment?: string;
}

/** Splits an event stream into its messages (blank-line separated blocks). */
function messagesOf(stream: string): Message[] {
  return stream
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const message: Message = {};
      for (const line of block.split('\n')) {
        const [, field = '', value = ''] = /^([^:]*):\s?(.*)$/.exec(line) ?? [];
        if (field === '') message.comment = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') message.data = JSON.parse(value);
        else if (field === 'retry') message.retry = Number(value);
      }
      return message;
    });
}

/** Just enough of a ServerResponse for the channel: what was written, and a `close` to emit. */
class FakeResponse extends EventEmitter {
  status: number | undefined;
  headers: Record<string, string> = {};
  written = '';
  ended = false;

  writeHead(status: number, headers: Record<string, string>): this {
    this.status = status;
    this.headers = headers;
    return this;
  }

  write(chunk: string): boolean {
    this.written += chunk;
    return true;
  }

  end(): this {
    this.ended = true;
    return this;
  }

  get messages(): Message[] {
    return messagesOf(this.written);
  }
}

/** Opens the event stream of `live` as a page would, on a fake response. */
function connect(live: LiveReload, url = EVENTS): { handled: boolean; res: FakeResponse } {
  const res = new FakeResponse();
  const handled = live.handle({ url } as IncomingMessage, res as unknown as ServerResponse);
  return { handled, res };
}

const open: LiveReload[] = [];

/** A LiveReload closed after the test (its heartbeat timer is unref'd, but tidy anyway). */
function liveReload(): LiveReload {
  const live = new LiveReload();
  open.push(live);
  return live;
}

afterEach(() => {
  for (const live of open.splice(0)) live.close();
  vi.useRealTimers();
});

describe('LiveReload.scriptTag', () => {
  it('loads the reload client from its own file, with the events URL, the session and the current revision', () => {
    const live = liveReload();
    expect(live.scriptTag()).toMatch(
      new RegExp(
        `^<script src="/${RELOAD_CLIENT_FILE}" data-events="${EVENTS}" data-session="[0-9a-f]{12}" data-revision="0" defer></script>$`,
      ),
    );
    expect(RELOAD_CLIENT_FILE).toBe('__brochure/reload.js');
  });

  it('names the revision current when the page is served, not when it was rendered', () => {
    const live = liveReload();
    live.reload();
    live.reload();
    expect(live.scriptTag()).toContain('data-revision="2" defer></script>');
  });

  it('names a different session in each server run, so pages of an earlier run reload', () => {
    const session = (live: LiveReload) => /data-session="([^"]+)"/.exec(live.scriptTag())?.[1];
    expect(session(liveReload())).not.toBe(session(liveReload()));
  });
});

describe('LiveReload.handle', () => {
  it('leaves every other URL to the server, writing nothing', () => {
    const live = liveReload();
    for (const url of ['/', '/__brochure/reload.js', '/__brochure/events/x', '/static/__brochure/events']) {
      const { handled, res } = connect(live, url);
      expect(handled, url).toBe(false);
      expect(res.status).toBeUndefined();
      expect(res.written).toBe('');
    }
  });

  it('answers the events URL, query string or not, with an uncached event stream that starts with a retry delay and a hello', () => {
    const live = liveReload();
    const { handled, res } = connect(live, `${EVENTS}?t=1`);
    expect(handled).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    const session = /data-session="([^"]+)"/.exec(live.scriptTag())?.[1];
    expect(res.messages).toEqual([{ retry: 500 }, { event: 'hello', data: { session, revision: 0 } }]);
  });

  it('tells a page that connects during a failure what failed', () => {
    const live = liveReload();
    live.reload();
    live.fail(crashReport(new Error('boom')));
    const hello = connect(live).res.messages[1];
    expect(hello).toMatchObject({
      event: 'hello',
      data: { revision: 1, failure: { problems: [], error: { message: 'boom' } } },
    });
  });
});

describe('LiveReload.reload and fail', () => {
  it('counts good builds and sends each open page a reload with the new revision', () => {
    const live = liveReload();
    const pages = [connect(live).res, connect(live).res];
    expect(live.revision).toBe(0);
    live.reload();
    live.reload();
    expect(live.revision).toBe(2);
    for (const res of pages) {
      expect(res.messages.slice(2)).toEqual([
        { event: 'reload', data: { revision: 1 } },
        { event: 'reload', data: { revision: 2 } },
      ]);
    }
  });

  it('sends a failure without counting a revision, and the next good build clears it', () => {
    const live = liveReload();
    const { res } = connect(live);
    const report = problemsReport([new ContentError('content/home.md', 3, 'title', say('mustNotBeEmpty'))]);
    live.fail(report);
    expect(live.failing).toBe(true);
    expect(live.revision).toBe(0);
    expect(res.messages.at(-1)).toEqual({ event: 'failure', data: report });

    live.reload();
    expect(live.failing).toBe(false);
    expect(connect(live).res.messages[1]).toMatchObject({ event: 'hello', data: { revision: 1 } });
    expect(connect(live).res.messages[1]?.data).not.toHaveProperty('failure');
  });

  it('stops writing to a page once it disconnects', () => {
    const live = liveReload();
    const gone = connect(live).res;
    const staying = connect(live).res;
    gone.emit('close');
    const before = gone.written;
    live.reload();
    live.fail(problemsReport([]));
    expect(gone.written).toBe(before);
    expect(staying.messages.map((message) => message.event).slice(2)).toEqual(['reload', 'failure']);
  });
});

describe('LiveReload heartbeat and close', () => {
  it('writes a comment every 20 s so idle connections stay open, and stops on close', () => {
    vi.useFakeTimers();
    const live = liveReload();
    const { res } = connect(live);
    vi.advanceTimersByTime(19_999);
    expect(res.messages.filter((message) => message.comment !== undefined)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(res.messages.filter((message) => message.comment !== undefined)).toEqual([{ comment: 'ping' }]);

    live.close();
    expect(res.ended).toBe(true);
    const written = res.written;
    vi.advanceTimersByTime(60_000);
    live.reload();
    expect(res.written).toBe(written);
  });
});

describe('LiveReload over HTTP', () => {
  it('streams events to a real client and ends the stream on close', async () => {
    const live = liveReload();
    const server = createServer((req, res) => {
      if (!live.handle(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${EVENTS}`);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let stream = '';
      const readUntil = async (done: () => boolean) => {
        while (!done()) {
          const chunk = await reader.read();
          if (chunk.done) return true;
          stream += chunk.value;
        }
        return false;
      };
      await readUntil(() => messagesOf(stream).some((message) => message.event === 'hello'));
      live.reload();
      await readUntil(() => messagesOf(stream).some((message) => message.event === 'reload'));
      expect(messagesOf(stream).map((message) => message.event ?? message.retry)).toEqual([500, 'hello', 'reload']);

      live.close();
      expect(await readUntil(() => false)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('problemsReport and crashReport', () => {
  it('turns problems into plain data that survives JSON, warnings included', () => {
    const report = problemsReport([
      new ContentError('content/home.md', 3, 'title', say('mustNotBeEmpty')),
      new ContentError('content/site.yaml', 0, 'colour', say('unknownFieldList', { known: 'name' }), 'warning'),
    ]);
    expect(JSON.parse(JSON.stringify(report))).toEqual({
      problems: [
        { file: 'content/home.md', line: 3, field: 'title', message: 'must not be empty', severity: 'error' },
        {
          file: 'content/site.yaml',
          line: 0,
          field: 'colour',
          message: 'unknown field, ignored; known fields: name',
          severity: 'warning',
        },
      ],
    });
  });

  it('keeps the message and the stack of a crash, and copes with a thrown non-error', () => {
    const error = new TypeError('cannot read properties of undefined');
    expect(crashReport(error)).toEqual({ problems: [], error: { message: error.message, stack: error.stack } });
    expect(crashReport('just a string')).toEqual({
      problems: [],
      error: { message: 'just a string', stack: 'just a string' },
    });
  });
});
