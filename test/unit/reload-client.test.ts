// The reload client as served to pages in watch mode: when it reloads the page, and what its overlay shows after a failed build.
// src/browser/reload-client.ts is browser code with no exports, so the bundle watch serves runs here in a
// `vm` context, against a fake EventSource and just enough of a DOM (elements, a shadow root, a
// constructed stylesheet) to read the overlay back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import vm from 'node:vm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleReloadClient } from '../../src/bundle/reload-client.ts';
import { LiveReload } from '../../src/watch/live-reload.ts';
import { resolveOptions } from '../../src/options.ts';
import { tempDir } from '../helpers/files.ts';

let served: string;

beforeAll(async () => {
  served = Buffer.from(await bundleReloadClient({ ...resolveOptions(), cacheDir: await tempDir() })).toString('utf8');
});

class FakeElement {
  readonly attributes: Record<string, string> = {};
  readonly children: (FakeElement | string)[] = [];
  parent: FakeElement | undefined;
  shadow: FakeElement | undefined;
  adoptedStyleSheets: FakeStyleSheet[] = [];
  readonly listeners: Record<string, (() => void)[]> = {};

  constructor(
    readonly tag: string,
    private readonly document: FakeDocument,
  ) {}

  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }

  append(...nodes: (FakeElement | string)[]): void {
    for (const node of nodes) {
      if (node instanceof FakeElement) node.parent = this;
      this.children.push(node);
    }
  }

  remove(): void {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = undefined;
  }

  attachShadow({ mode }: { mode: string }): FakeElement {
    expect(mode).toBe('open');
    return (this.shadow = new FakeElement('#shadow-root', this.document));
  }

  addEventListener(type: string, listener: () => void): void {
    (this.listeners[type] ??= []).push(listener);
  }

  focus(): void {
    this.document.activeElement = this;
  }

  click(): void {
    for (const listener of this.listeners.click ?? []) listener();
  }

  get textContent(): string {
    return this.children.map((child) => (typeof child === 'string' ? child : child.textContent)).join('');
  }

  /** Every element below this one (shadow roots included) with tag `tag`, in document order. */
  findAll(tag: string): FakeElement[] {
    const below = [
      ...(this.shadow ? [this.shadow] : []),
      ...this.children.filter((child): child is FakeElement => child instanceof FakeElement),
    ];
    return below.flatMap((child) => [...(child.tag === tag ? [child] : []), ...child.findAll(tag)]);
  }
}

class FakeDocument {
  readonly body = new FakeElement('body', this);
  activeElement: FakeElement | undefined;

  constructor(readonly currentScript: { dataset: Record<string, string> } | null) {}

  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }
}

class FakeStyleSheet {
  text = '';

  replaceSync(text: string): void {
    this.text = text;
  }
}

/** A page running the served client: its EventSource, its reload spy, its document. */
function page(dataset: Record<string, string> = { events: '/__brochure/events', session: 'abc123', revision: '4' }) {
  const sources: { url: string; listeners: Record<string, ((event: { data: string }) => void)[]> }[] = [];
  class FakeEventSource {
    readonly listeners: Record<string, ((event: { data: string }) => void)[]> = {};
    constructor(readonly url: string) {
      sources.push(this);
    }
    addEventListener(type: string, listener: (event: { data: string }) => void): void {
      (this.listeners[type] ??= []).push(listener);
    }
  }
  const document = new FakeDocument({ dataset });
  const reload = vi.fn();
  vm.runInNewContext(served, {
    document,
    EventSource: FakeEventSource,
    CSSStyleSheet: FakeStyleSheet,
    location: { reload },
  });
  expect(sources).toHaveLength(1);
  const source = sources[0]!;
  return {
    url: source.url,
    reload,
    document,
    /** Delivers a server event to the page. */
    send(event: string, data: unknown): void {
      for (const listener of source.listeners[event] ?? []) listener({ data: JSON.stringify(data) });
    },
    overlays: () => document.body.findAll('brochure-overlay'),
  };
}

const PROBLEMS = [
  { file: 'content/home.md', line: 3, field: 'title', message: 'must not be empty', severity: 'error' },
  { file: 'content/services', line: 0, field: 'services', message: 'the folder is empty', severity: 'error' },
  { file: 'content/site.yaml', line: 7, field: 'colour', message: 'unknown field, ignored', severity: 'warning' },
];

describe('the reload client: connecting and reloading', () => {
  it('listens on the events URL its script tag names, /__brochure/events in the tag LiveReload writes, which it answers', () => {
    expect(page({ events: '/custom/events', session: 's', revision: '0' }).url).toBe('/custom/events');
    const live = new LiveReload();
    try {
      // The dataset of the script tag every watch page carries (the client has no URL of its own).
      const dataset = Object.fromEntries(
        [...live.scriptTag().matchAll(/ data-([a-z]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]),
      );
      const url = page(dataset).url;
      expect(url).toBe('/__brochure/events');
      const response = { writeHead: () => response, write: () => true, on: () => response, end: () => response };
      expect(live.handle({ url } as IncomingMessage, response as unknown as ServerResponse)).toBe(true);
    } finally {
      live.close();
    }
  });

  it('stays on a hello from the same session and revision the page was served with', () => {
    const client = page();
    client.send('hello', { session: 'abc123', revision: 4 });
    expect(client.reload).not.toHaveBeenCalled();
    expect(client.overlays()).toEqual([]);
  });

  it('reloads on a hello from a newer build (a rebuild between serving and connecting)', () => {
    const client = page();
    client.send('hello', { session: 'abc123', revision: 5 });
    expect(client.reload).toHaveBeenCalledOnce();
  });

  it('reloads on a hello from another session (the server was restarted), whatever the revision', () => {
    const client = page();
    client.send('hello', { session: 'def456', revision: 4 });
    expect(client.reload).toHaveBeenCalledOnce();
  });

  it('reloads on a reload event for another revision, not for the one it shows', () => {
    const client = page();
    client.send('reload', { revision: 4 });
    expect(client.reload).not.toHaveBeenCalled();
    client.send('reload', { revision: 5 });
    expect(client.reload).toHaveBeenCalledOnce();
  });
});

describe('the reload client: the overlay', () => {
  it('lists each problem at file:line (file alone for line 0), marking warnings, and focuses Close', () => {
    const client = page();
    client.send('failure', { problems: PROBLEMS });
    const [overlay] = client.overlays();
    expect(overlay).toBeDefined();
    const panel = overlay!.findAll('section')[0]!;
    expect(panel.attributes).toEqual({ role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'title' });
    expect(panel.findAll('h2').map((heading) => [heading.attributes.id, heading.textContent])).toEqual([
      ['title', 'The build failed'],
    ]);
    expect(panel.findAll('li').map((item) => item.textContent)).toEqual([
      'content/home.md:3 title: must not be empty',
      'content/services services: the folder is empty',
      'content/site.yaml:7 warning: colour: unknown field, ignored',
    ]);
    expect(panel.findAll('code').map((code) => code.textContent)).toEqual([
      'content/home.md:3',
      'content/services',
      'content/site.yaml:7',
    ]);
    expect(panel.findAll('pre')).toEqual([]);
    expect(client.document.activeElement?.textContent).toBe('Close');
  });

  it('shows a crash with its stack, under its own heading', () => {
    const client = page();
    client.send('failure', {
      problems: [],
      error: { message: 'boom', stack: 'Error: boom\n    at HomePage (templates/pages/HomePage.tsx:12:3)' },
    });
    const overlay = client.overlays()[0]!;
    expect(overlay.findAll('h2')[0]?.textContent).toBe('The build crashed');
    expect(overlay.findAll('ul')).toEqual([]);
    expect(overlay.findAll('pre').map((pre) => pre.textContent)).toEqual([
      'Error: boom\n    at HomePage (templates/pages/HomePage.tsx:12:3)',
    ]);
  });

  it('falls back to the message when a crash has no stack', () => {
    const client = page();
    client.send('failure', { problems: [], error: { message: 'boom', stack: '' } });
    expect(client.overlays()[0]!.findAll('pre')[0]?.textContent).toBe('boom');
  });

  it('shows the failure a hello carries when the page is current', () => {
    const client = page();
    client.send('hello', { session: 'abc123', revision: 4, failure: { problems: PROBLEMS.slice(0, 1) } });
    expect(client.reload).not.toHaveBeenCalled();
    expect(
      client
        .overlays()[0]!
        .findAll('li')
        .map((item) => item.textContent),
    ).toEqual(['content/home.md:3 title: must not be empty']);
  });

  it('replaces the overlay on the next failure instead of stacking a second one', () => {
    const client = page();
    client.send('failure', { problems: PROBLEMS });
    client.send('failure', { problems: PROBLEMS.slice(0, 1) });
    expect(client.overlays()).toHaveLength(1);
    expect(client.overlays()[0]!.findAll('li')).toHaveLength(1);
  });

  it('closes with its button', () => {
    const client = page();
    client.send('failure', { problems: PROBLEMS });
    client.overlays()[0]!.findAll('button')[0]!.click();
    expect(client.overlays()).toEqual([]);
  });

  it('styles itself inside a shadow root with a constructed stylesheet, which a strict CSP allows', () => {
    const client = page();
    client.send('failure', { problems: PROBLEMS });
    const overlay = client.overlays()[0]!;
    expect(overlay.shadow?.adoptedStyleSheets).toHaveLength(1);
    expect(overlay.shadow?.adoptedStyleSheets[0]?.text).toContain(':host { position: fixed;');
    expect(overlay.findAll('style')).toEqual([]);
    expect(overlay.findAll('button')[0]?.attributes).toEqual({ type: 'button' });
  });
});

describe('bundleReloadClient', () => {
  it('bundles the client into one minified classic script (an IIFE, no imports left)', async () => {
    const options = { ...resolveOptions(), cacheDir: await tempDir() };
    const script = Buffer.from(await bundleReloadClient(options)).toString('utf8');
    expect(script.startsWith('"use strict";(()=>{')).toBe(true);
    expect(script.trimEnd().endsWith('})();')).toBe(true);
    expect(script).toContain('new EventSource(');
    expect(script).not.toMatch(/\bimport\b|\brequire\(|\bexport\b/);
    // Minified: only the overlay's stylesheet text keeps its line breaks.
    expect(script.slice(0, script.indexOf('`\n  :host'))).not.toContain('\n');
  });
});
