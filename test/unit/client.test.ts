// bundleClient and bundleStyles: the islands script (React swapped for Preact, minified, content-hashed) with its lazy metrics chunk, and the one stylesheet with its @imports inlined.
// These run on brochure's own sources with the real cache folder (node_modules/.cache/brochure), as build does.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, bundleStyles, clientAliases, type ClientBundle } from '../../src/bundle/client.ts';
import type { BuiltFile } from '../../src/bundle/esbuild-cache.ts';
import { hash } from '../../src/cache-file.ts';
import { resolveOptions } from '../../src/options.ts';

const options = resolveOptions();
const text = (file: BuiltFile) => Buffer.from(file.contents).toString('utf8');

// A cold bundle takes a few seconds on a slow machine.
const COLD = 60_000;

describe('bundleClient', () => {
  let bundle: ClientBundle;
  let client: BuiltFile;
  let chunks: BuiltFile[];

  beforeAll(async () => {
    bundle = await bundleClient(options);
    client = bundle.entry;
    chunks = bundle.files.filter((file) => file !== client);
  }, COLD);

  it('writes to static/js/islands.<first 10 hex of the content hash>.js', () => {
    expect(client.path).toMatch(/^static\/js\/islands\.[0-9a-f]{10}\.js$/);
    expect(client.path).toBe(`static/js/islands.${hash(client.contents).slice(0, 10)}.js`);
  });

  it('returns the entry first, then its one lazy chunk (metrics) as static/js/chunk.<hash>.js', () => {
    expect(bundle.files[0]).toBe(client);
    expect(chunks.map((chunk) => chunk.path)).toEqual([expect.stringMatching(/^static\/js\/chunk\.[0-9A-Z]{8}\.js$/)]);
  });

  it('is minified: a line or two, no indentation, no comments', () => {
    for (const file of bundle.files) {
      const script = text(file);
      expect(script.split('\n').length, file.path).toBeLessThanOrEqual(2);
      expect(script, file.path).not.toMatch(/\n\s|\/\*|^\s*\/\//m);
    }
  });

  it('leaves no process.env behind: the browser has none', () => {
    for (const file of bundle.files) {
      expect(text(file), file.path).not.toContain('process.env');
      expect(text(file), file.path).not.toContain('NODE_ENV');
    }
  });

  it('holds Preact and no React code', () => {
    const script = text(client);
    // React's element symbol and its internals object are in every React build.
    for (const react of [
      'react.element',
      'react.transitional.element',
      '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED',
      'ReactCurrentDispatcher',
    ]) {
      expect(script, react).not.toContain(react);
    }
    // Preact's mangled internals: the hooks state (__H) and a vnode's children (__k).
    expect(script).toContain('__H');
    expect(script).toContain('__k');
  });

  it('leaves out the static markup islands read back from the page (kept)', () => {
    const script = text(client);
    // The cookie banner and dialog wording, the forms' privacy wording, the hamburger icon.
    for (const wording of [
      'Usiamo cookie tecnici',
      'Scegli quali cookie',
      'Categorie di cookie',
      'Accetta tutti',
      'Regolamento UE 2016/679',
      'Messaggio *',
      'viewBox',
    ]) {
      expect(script, wording).not.toContain(wording);
    }
    // The flag is folded where it is tested, not looked up in the browser.
    expect(script).not.toContain('BROCHURE_CLIENT');
  });

  it('hydrates the island markers the server renders', () => {
    expect(text(client)).toContain('[data-island]');
  });

  it('bundles every import in: nothing is left for the browser to fetch', () => {
    // No static import anywhere: a shared chunk would be one more request before the page is interactive.
    for (const file of bundle.files) expect(text(file), file.path).not.toMatch(/\bimport\s*[{*"'\w]|\brequire\(/);
  });

  it('imports each chunk lazily, relative to itself, and only chunks it ships with', () => {
    const imported = [...text(client).matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]);
    expect(imported).toEqual(chunks.map((chunk) => `./${path.posix.basename(chunk.path)}`));
  });

  it('keeps the metrics code in the chunk, out of the script every page loads', () => {
    const [metrics] = chunks.map(text);
    for (const api of ['PerformanceObserver', 'sendBeacon', 'largest-contentful-paint', 'layout-shift']) {
      expect(metrics, api).toContain(api);
      expect(text(client), api).not.toContain(api);
    }
    expect(text(client)).toContain('Loading chunk failed');
  });

  it('comes from the cache the second time: the same bytes, and the cache record is not rewritten', async () => {
    const record = path.join(options.cacheDir, 'client.json');
    const before = (await stat(record)).mtimeMs;
    const again = await bundleClient(options);
    expect(again.entry.path).toBe(client.path);
    expect(Buffer.from(again.entry.contents).equals(Buffer.from(client.contents))).toBe(true);
    expect(again.files.map((file) => file.path)).toEqual(bundle.files.map((file) => file.path));
    again.files.forEach((file, index) =>
      expect(Buffer.from(file.contents).equals(Buffer.from(bundle.files[index]!.contents)), file.path).toBe(true),
    );
    expect((await stat(record)).mtimeMs).toBe(before);
  });
});

describe('clientAliases', () => {
  it('points react and react-dom at the thin Preact re-export, and the JSX runtime at Preact', () => {
    const aliases = clientAliases('/brochure');
    expect(aliases).toEqual({
      react: path.join('/brochure', 'src', 'browser', 'preact-react.ts'),
      'react-dom': path.join('/brochure', 'src', 'browser', 'preact-react.ts'),
      'react/jsx-runtime': 'preact/jsx-runtime',
    });
  });

  it('names a file that exists in the package', async () => {
    const file = clientAliases(options.packageRoot).react!;
    expect(await readFile(file, 'utf8')).toMatch(/from 'preact'/);
  });
});

describe('bundleStyles', () => {
  let styles: BuiltFile;

  beforeAll(async () => {
    styles = await bundleStyles(options);
  }, COLD);

  it('writes to static/css/site.<first 10 hex of the content hash>.css', () => {
    expect(styles.path).toMatch(/^static\/css\/site\.[0-9a-f]{10}\.css$/);
    expect(styles.path).toBe(`static/css/site.${hash(styles.contents).slice(0, 10)}.css`);
  });

  it('inlines every @import, in order, so the page loads one stylesheet', async () => {
    const css = text(styles);
    expect(css).not.toContain('@import');
    const site = await readFile(path.join(options.templatesDir, 'styles', 'site.css'), 'utf8');
    const imported = [...site.matchAll(/@import (["'])\.\/([\w-]+\.css)\1;/g)].map((match) => match[2]!);
    expect(imported).toEqual(['base.css', 'layout.css', 'components.css', 'pages.css', 'islands.css']);
    // base.css comes first and opens with the custom properties; islands.css comes last.
    expect(css.startsWith(':root{')).toBe(true);
    expect(css).toContain('.consent-banner');
    expect(css.indexOf('--color-bg')).toBeLessThan(css.indexOf('.consent-banner'));
  });

  it('is minified and carries no comments', () => {
    const css = text(styles);
    expect(css.split('\n').length).toBeLessThanOrEqual(2);
    expect(css).not.toContain('/*');
  });
});
