// bundleClient and bundleStyles: the islands script (React swapped for Preact, minified, content-hashed) and the one stylesheet with its @imports inlined.
// These run on brochure's own sources with the real cache folder (node_modules/.cache/brochure), as build does.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, bundleStyles, clientAliases } from '../../src/bundle/client.ts';
import { hash, type BuiltFile } from '../../src/bundle/esbuild-cache.ts';
import { resolveOptions } from '../../src/options.ts';

const options = resolveOptions();
const text = (file: BuiltFile) => Buffer.from(file.contents).toString('utf8');

// A cold bundle takes a few seconds on a slow machine.
const COLD = 60_000;

describe('bundleClient', () => {
  let client: BuiltFile;

  beforeAll(async () => {
    client = await bundleClient(options);
  }, COLD);

  it('writes to static/js/islands.<first 10 hex of the content hash>.js', () => {
    expect(client.path).toMatch(/^static\/js\/islands\.[0-9a-f]{10}\.js$/);
    expect(client.path).toBe(`static/js/islands.${hash(client.contents).slice(0, 10)}.js`);
  });

  it('is minified: a line or two, no indentation, no comments', () => {
    const script = text(client);
    expect(script.split('\n').length).toBeLessThanOrEqual(2);
    expect(script).not.toMatch(/\n\s|\/\*|^\s*\/\//m);
  });

  it('leaves no process.env behind: the browser has none', () => {
    expect(text(client)).not.toContain('process.env');
    expect(text(client)).not.toContain('NODE_ENV');
  });

  it('holds Preact and no React code', () => {
    const script = text(client);
    // React's element symbol and its internals object are in every React build.
    for (const react of ['react.element', 'react.transitional.element', '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED', 'ReactCurrentDispatcher']) {
      expect(script, react).not.toContain(react);
    }
    // Preact's mangled internals: the hooks state (__H) and a vnode's children (__k).
    expect(script).toContain('__H');
    expect(script).toContain('__k');
  });

  it('hydrates the island markers the server renders', () => {
    expect(text(client)).toContain('[data-island]');
  });

  it('bundles every import in: nothing is left for the browser to fetch', () => {
    expect(text(client)).not.toMatch(/\bimport\s*[{*"'\w]|\brequire\(/);
  });

  it('comes from the cache the second time: the same bytes, and the cache record is not rewritten', async () => {
    const record = path.join(options.cacheDir, 'client.json');
    const before = (await stat(record)).mtimeMs;
    const again = await bundleClient(options);
    expect(again.path).toBe(client.path);
    expect(Buffer.from(again.contents).equals(Buffer.from(client.contents))).toBe(true);
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
    const imported = [...site.matchAll(/@import "\.\/([\w-]+\.css)";/g)].map((match) => match[1]!);
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
