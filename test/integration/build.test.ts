// buildSite on the committed fixtures: every content rule's exact report, and the output contract of a good site.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, type BuildSuccess } from '../../src/build.ts';
import { checkContent } from '../../src/content/check.ts';
import { formatProblem, formatReport } from '../../src/errors.ts';
import { resolveOptions, type ResolvedOptions } from '../../src/options.ts';
import { writeSite } from '../../src/output/write-site.ts';
import { siblingsOf } from '../../src/host/precompress.ts';
import { WatchCache } from '../../src/watch/build-cache.ts';
import { runCli } from '../helpers/cli.ts';
import { hashTree, tempDir } from '../helpers/files.ts';
import { expectedEveryErrorReport, fixture } from '../helpers/fixtures.ts';
import { parseHtml } from '../helpers/html.ts';

/** Options for the project `test/fixtures/<name>`, as if brochure ran inside it (paths shown as content/…). */
const optionsFor = (name: string): ResolvedOptions => resolveOptions({}, fixture(name));

/** Builds a fixture that must build, failing with the report if it does not. */
async function build(name: string, options = optionsFor(name)): Promise<BuildSuccess> {
  const result = await buildSite(options);
  if (!result.ok) throw new Error(`${name} did not build:\n${formatReport(result.problems)}`);
  return result;
}

const text = (result: BuildSuccess, file: string) => Buffer.from(result.files.get(file)!).toString('utf8');

// One fixture per rule: a copy of `minimal` with one file changed. Read the fixture beside its line.
const RULES: [fixture: string, expected: string][] = [
  ['malformed-yaml', 'content/contatti.md:3: YAML: Nested mappings are not allowed in compact mappings'],
  ['missing-field', 'content/home.md:2: heading: required field is missing'],
  ['wrong-type', 'content/professionals/rossi.md:8: order: expected a number, got "primo"'],
  [
    'invalid-date',
    'content/professionals/rossi.md:20: timeline[1].date: expected a real calendar date (check the month and the day), got "2012-02-30"',
  ],
  [
    'unknown-timeline-type',
    'content/professionals/rossi.md:22: timeline[1].type: expected "study" or "work", got "job"',
  ],
  [
    'duplicate-slug',
    'content/professionals/rossi.md: slug: "rossi" is already used by content/professionals/rossi.markdown; two professionals cannot share a URL, rename one of the files',
  ],
  [
    'reserved-slug',
    'content/professionals/contatti.md: slug: "contatti" is a built-in route of the site (index, contatti, percorsi, privacy, 404, static, admin); rename the file',
  ],
  [
    'missing-image',
    'content/professionals/rossi.md:6: photo.image: image "images/rosi.jpg" not found; add it to content/images/ or fix the name',
  ],
  [
    'empty-services',
    'content/services: services: no service files found; the Percorsi page needs at least one, such as services/01-colloquio.md',
  ],
  [
    'no-front-matter',
    'content/privacy.md:1: front matter: is missing; start the file with a block between two "---" lines holding its fields (see README, "Content layout")',
  ],
];

describe('content rules, one fixture each', () => {
  it.each(RULES)('%s: check reports exactly one located error', async (name, expected) => {
    const { entries, problems } = await checkContent(optionsFor(name));
    expect(problems.map(formatProblem)).toEqual([expected]);
    expect(entries).toBeUndefined();
  });

  it.each(RULES)('%s: build stops with the same report and renders nothing', async (name, expected) => {
    const result = await buildSite(optionsFor(name));
    expect(result.ok).toBe(false);
    expect(result.problems.map(formatProblem)).toEqual([expected]);
    expect('files' in result).toBe(false);
  });

  it('unknown-key: a warning that suggests the closest known key; the build still succeeds', async () => {
    const warning = 'content/professionals/rossi.md:9: warning: lsited: unknown field, ignored; did you mean "listed"?';
    const { entries, problems } = await checkContent(optionsFor('unknown-key'));
    expect(problems.map(formatProblem)).toEqual([warning]);
    expect(entries).toBeDefined();
    const result = await build('unknown-key');
    expect(result.problems.map(formatProblem)).toEqual([warning]);
    expect(result.files.has('rossi.html')).toBe(true);
  });

  it('every-error: each rule broken once, reported together, sorted by file and line, with the totals', async () => {
    const { problems } = await checkContent(optionsFor('every-error'));
    expect(formatReport(problems).split('\n')).toEqual(await expectedEveryErrorReport());
  });

  it('broken-link: a Markdown link to a missing page fails the build, naming the page and the service file it came from', async () => {
    const result = await buildSite(optionsFor('broken-link'));
    expect(result.ok).toBe(false);
    expect(result.problems.map(formatProblem)).toEqual([
      'content/services/01-colloquio.md:7: link: /percorsi links to /non-esiste, which is not a page or file of the site',
    ]);
  });
});

describe('output of the minimal site (contract §4)', () => {
  let result: BuildSuccess;
  const paths = () => [...result.files.keys()];

  it('builds', async () => {
    result = await build('minimal');
    expect(result.problems).toEqual([]);
  });

  it('has one HTML file per route, plus 404.html, sitemap.xml, robots.txt, the host files, the icons and hashed assets', () => {
    expect(paths().filter((file) => file.endsWith('.html'))).toEqual([
      '404.html',
      'contatti.html',
      'index.html',
      'percorsi.html',
      'privacy.html',
      'rossi.html',
    ]);
    expect(paths()).toContain('sitemap.xml');
    expect(paths()).toContain('robots.txt');
    expect(paths()).toContain('_headers');
    expect(paths()).toContain('_redirects');
    expect(paths()).toEqual(expect.arrayContaining(['favicon.ico', 'apple-touch-icon.png']));
    // Operator files stay out of the served folder: `brochure host-config nginx` prints the nginx one.
    expect(paths()).not.toContain('nginx.conf.example');
    const assets = paths().filter((file) => file.startsWith('static/'));
    expect(assets.length).toBe(paths().length - 12);
    // Hex content hashes, except the lazy chunks, which keep esbuild's own base32 hash (the entry imports them by it).
    for (const asset of assets)
      expect(asset).toMatch(
        /^static\/(?:(?:css|js|media)\/[\w-]+\.[0-9a-f]{8,}\.(?:css|js|svg|jpg|png|webp|avif)|js\/chunk\.[A-Z2-7]{8}\.js)$/,
      );
    for (const folder of ['css', 'js', 'media'])
      expect(assets.some((asset) => asset.startsWith(`static/${folder}/`))).toBe(true);
  });

  it('lists the output paths it always has (tripwire: hashes masked)', () => {
    const masked = paths()
      .map((file) => file.replace(/\.(?:[0-9a-f]{8,}|[A-Z2-7]{8})\./, '.<hash>.'))
      .sort();
    expect(masked).toMatchInlineSnapshot(`
      [
        "404.html",
        "_headers",
        "_redirects",
        "apple-touch-icon.png",
        "contatti.html",
        "favicon.ico",
        "index.html",
        "percorsi.html",
        "privacy.html",
        "robots.txt",
        "rossi.html",
        "sitemap.xml",
        "static/css/site.<hash>.css",
        "static/js/chunk.<hash>.js",
        "static/js/islands.<hash>.js",
        "static/media/flag.<hash>.svg",
        "static/media/hero-160.<hash>.avif",
        "static/media/hero-160.<hash>.jpg",
        "static/media/hero-160.<hash>.webp",
        "static/media/logo.<hash>.svg",
        "static/media/rossi-60.<hash>.avif",
        "static/media/rossi-60.<hash>.jpg",
        "static/media/rossi-60.<hash>.webp",
      ]
    `);
  });

  it("writes sitemap.xml with absolute URLs from site.yaml's url, and robots.txt pointing at it", () => {
    const locations = [...text(result, 'sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://prova.example.com/',
      'https://prova.example.com/contatti',
      'https://prova.example.com/percorsi',
      'https://prova.example.com/privacy',
      'https://prova.example.com/rossi',
    ]);
    expect(text(result, 'robots.txt')).toContain('Sitemap: https://prova.example.com/sitemap.xml');
  });

  it.each([
    ['index.html', 'Benvenuti'],
    ['contatti.html', 'Contattaci'],
    ['percorsi.html', 'I percorsi'],
    ['privacy.html', 'Informativa sulla privacy'],
    ['rossi.html', 'Maria Rossi'],
  ])('%s is an Italian HTML document with one h1: %s', (file, heading) => {
    const html = text(result, file);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const document = parseHtml(html);
    expect(document.querySelector('html')!.getAttributeValue('lang')).toBe('it');
    expect(document.querySelectorAll('h1').map((h1) => h1.textContent.trim())).toEqual([heading]);
    expect(document.querySelector('title')!.textContent).toContain('Studio Prova');
    expect(document.querySelector('main#main')).not.toBeNull();
  });

  it('renders the Markdown bodies and front matter into their pages', () => {
    expect(parseHtml(text(result, 'index.html')).querySelector('main')!.textContent).toContain('Testo della home.');
    const percorsi = parseHtml(text(result, 'percorsi.html'));
    const accordion = percorsi.querySelector('main button[aria-controls]')!;
    expect(accordion.textContent).toBe('Colloquio psicologico');
    expect(accordion.hasAttribute('aria-expanded')).toBe(true);
    expect(percorsi.querySelector('main')!.textContent).toContain('Un primo colloquio per conoscersi.');
    // Sent once: the description is in the panel's HTML, not again in the island's props.
    expect(text(result, 'percorsi.html').split('Un primo colloquio per conoscersi.')).toHaveLength(2);
    const props = /data-island="ServicesAccordion" data-props="([^"]*)"/
      .exec(text(result, 'percorsi.html'))![1]!
      .replaceAll('&quot;', '"');
    expect(JSON.parse(props)).toEqual({
      services: [{ id: 'colloquio', title: 'Colloquio psicologico', duration: expect.any(String) }],
    });
    const rossi = parseHtml(text(result, 'rossi.html'));
    expect(rossi.querySelector('main a[href="/contatti"]')!.textContent).toBe('appuntamento');
  });

  it('links every listed professional from the navigation of every page', () => {
    for (const file of ['index.html', '404.html', 'rossi.html']) {
      const links = parseHtml(text(result, file))
        .querySelectorAll('header nav a')
        .map((a) => a.getAttributeValue('href'));
      expect(links).toEqual(expect.arrayContaining(['/', '/percorsi', '/contatti', '/rossi']));
    }
  });

  it('gives the 404 page the header and footer but an empty main area', () => {
    const document = parseHtml(text(result, '404.html'));
    expect(document.querySelector('header')).not.toBeNull();
    expect(document.querySelector('footer')).not.toBeNull();
    expect(document.querySelector('main')!.childElements).toEqual([]);
    expect(document.querySelector('main')!.textContent.trim()).toBe('');
  });

  it('refers only to files of the output, through clean URLs', () => {
    const files = new Set(paths());
    for (const file of paths().filter((name) => name.endsWith('.html'))) {
      const document = parseHtml(text(result, file));
      const urls = [
        ...document.querySelectorAll('a[href], link[href]').map((element) => element.getAttributeValue('href')!),
        ...document.querySelectorAll('img[src], script[src]').map((element) => element.getAttributeValue('src')!),
        ...document.querySelectorAll('[srcset]').flatMap((element) =>
          element
            .getAttributeValue('srcset')!
            .split(',')
            .map((part) => part.trim().split(' ')[0]!),
        ),
      ].filter((url) => url.startsWith('/') && !url.startsWith('//'));
      for (const url of urls) {
        const target = url === '/' ? 'index.html' : url.slice(1).replace(/#.*$/, '');
        expect(files.has(target) || files.has(`${target}.html`), `${file} refers to ${url}`).toBe(true);
        expect(url, `${file} links to ${url} with .html`).not.toMatch(/\.html$/);
      }
    }
  });

  it('writes to disk exactly the files built in memory', async () => {
    const out = path.join(await tempDir(), 'dist');
    await writeSite(out, result.files);
    expect(Object.keys(await hashTree(out))).toEqual(paths());
  });
});

describe('raw HTML in Markdown', () => {
  it('never reaches a built page: no pasted <script>, no on…= handler, no javascript: URL', async () => {
    const result = await build('raw-html');
    for (const [file, bytes] of result.files) {
      if (!/\.(?:html|js)$/.test(file) || file.startsWith('static/js/')) continue;
      const html = Buffer.from(bytes).toString('utf8');
      expect(html, file).not.toContain('rubato');
      expect(html, file).not.toContain('steal()');
      expect(html, file).not.toMatch(/javascript:/i);
    }
    const rossi = parseHtml(text(result, 'rossi.html'));
    const handlers = rossi
      .querySelectorAll('*')
      .flatMap((element) =>
        element.attributes.filter((attribute) => /^on/i.test(attribute.key)).map((attribute) => attribute.key),
      );
    expect(handlers).toEqual([]);
    // The harmless part of the pasted markup is kept.
    expect(rossi.querySelector('main a[href="/contatti"]')!.textContent).toBe('appuntamento');
    expect(rossi.querySelector('main img[src="https://example.com/x.jpg"]')).not.toBeNull();
  });
});

describe('reproducible output', () => {
  it('gives identical bytes for every file when built twice, from a cold cache and a warm one', async () => {
    const options = optionsFor('minimal');
    const [first, second] = [path.join(await tempDir(), 'dist'), path.join(await tempDir(), 'dist')];
    await writeSite(
      first,
      (await build('minimal', { ...options, cacheDir: await tempDir('brochure-cold-cache-') })).files,
    );
    await writeSite(second, (await build('minimal', options)).files);
    const hashes = await hashTree(first);
    expect(Object.keys(hashes).length).toBeGreaterThan(10);
    expect(await hashTree(second)).toEqual(hashes);
  });
});

describe('build and watch --out', () => {
  it('write the same files, byte for byte, compressed siblings included', async () => {
    const project = await tempDir('brochure-build-vs-watch-');
    await cp(fixture('minimal'), project, { recursive: true });
    const { code, stderr } = await runCli(['build', '--quiet', '--out', 'dist'], project, { timeout: 120_000 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // What watch --out does after each build (src/watch/watch.ts).
    const options = resolveOptions({}, project);
    const watched = await buildSite(options, { cache: new WatchCache(options) });
    if (!watched.ok) throw new Error(formatReport(watched.problems));
    const out = path.join(await tempDir(), 'dist');
    await writeSite(out, watched.files, undefined, (file, bytes) =>
      siblingsOf(file, bytes, watched.pages.length, options.cacheDir),
    );
    const built = await hashTree(path.join(project, 'dist'));
    expect(Object.keys(built).filter((file) => file.endsWith('.br')).length).toBeGreaterThan(5);
    expect(await hashTree(out)).toEqual(built);
  }, 150_000);
});
