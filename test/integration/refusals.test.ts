// The catalogue of user mistakes: each bad input, run through the CLI's `main` (and one through the real process), is one located line, never a stack, and loses nothing.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { fixture } from '../helpers/fixtures.ts';
import { hashTree, tempDir } from '../helpers/files.ts';

/**
 * Runs brochure with HOME set to a throw-away folder, in this process: what is refused is decided
 * and said by `main`, the same in a spawned CLI (the last test here checks that once).
 */
function run(args: string[], cwd: string, home: string): Promise<CliResult> {
  return runInProcess(args, cwd, { env: { HOME: home } });
}

const STACK = /^\s+at .+:\d+:\d+\)?$/m;

/** A JPEG of `width`×`height`, optionally with an EXIF orientation. */
function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#c84' } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

/** A PNG whose header claims `width`×`height` (the pixel data is a stub: only the size is read before refusing). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** What a case changes in a copy of the minimal project (content paths relative to the project). */
type Setup = (project: string) => Promise<void>;

const write =
  (file: string, contents: string | Buffer): Setup =>
  async (project) => {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), contents);
  };
const edit =
  (file: string, change: (text: string) => string): Setup =>
  async (project) => {
    const absolute = path.join(project, file);
    await writeFile(absolute, change(await readFile(absolute, 'utf8')));
  };
const body = (text: string): Setup =>
  edit('content/services/01-colloquio.md', (source) => source.replace('Un primo colloquio per conoscersi.', text));
const nested = (open: string, close: string, depth: number) => `${open.repeat(depth)}profondo${close.repeat(depth)}\n`;
/** The line refusing the service's body for `what` nested `depth` deep, said at `line`. */
const tooDeep = (what: string, depth: number, line = 6) =>
  `content/services/01-colloquio.md:${line}: body: ${what} nested ${depth} levels deep; at most 100 are allowed, and a page never needs more than a few`;

/** [name, setup, exit code, first line of stderr (a string must match exactly, a RegExp the start)] */
type Case = [string, Setup, number, string | RegExp];

const CASES: Case[] = [
  [
    'truncated JPEG',
    async (project) => write('content/images/hero.jpg', (await jpeg(600, 400)).subarray(0, 700))(project),
    1,
    /^content\/home\.md:6: hero\.image: "images\/hero\.jpg" is damaged or incomplete \(.+\); open it in an image editor/,
  ],
  [
    'corrupt JPEG',
    async (project) => {
      const good = await jpeg(600, 400);
      await write(
        'content/images/hero.jpg',
        Buffer.concat([good.subarray(0, 150), Buffer.alloc(400, 0x55), good.subarray(550)]),
      )(project);
    },
    1,
    /^content\/home\.md:6: hero\.image: "images\/hero\.jpg" is (?:damaged or incomplete|not an image brochure can read)/,
  ],
  [
    'random bytes named .jpg',
    write('content/images/rossi.jpg', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251))),
    1,
    'content/professionals/rossi.md:6: photo.image: "images/rossi.jpg" is not an image brochure can read (not a JPEG, PNG, WebP or AVIF, or its header is damaged); open it in an image editor and export it again as JPEG or PNG, or copy it again if the copy was cut short',
  ],
  [
    '1-byte image',
    write('content/images/hero.jpg', Buffer.from([0xff])),
    1,
    /^content\/home\.md:6: hero\.image: "images\/hero\.jpg" is not an image brochure can read/,
  ],
  [
    'empty image',
    write('content/images/hero.jpg', Buffer.alloc(0)),
    1,
    /^content\/home\.md:6: hero\.image: "images\/hero\.jpg" is empty \(0 bytes\)/,
  ],
  [
    '30000×30000 PNG',
    async (project) => {
      await write('content/images/big.png', pngHeader(30000, 30000))(project);
      await edit('content/home.md', (text) => text.replace('images/hero.jpg', 'images/big.png'))(project);
    },
    1,
    'content/home.md:6: hero.image: "images/big.png" is 30000×30000 pixels (900 megapixels), more than the 100 megapixels brochure decodes; the site shows images at most 2400 pixels wide, so resize it to that width',
  ],
  [
    'SVG without a size',
    write('content/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'),
    1,
    'content/site.yaml:5: logo: "images/logo.svg" has no size: its <svg> element needs width and height attributes or a viewBox, such as viewBox="0 0 64 64"',
  ],
  [
    'SVG with a script',
    write(
      'content/images/logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">\n<script>alert(document.cookie)</script></svg>',
    ),
    1,
    /^content\/site\.yaml:5: logo: "images\/logo\.svg" contains a <script> element on line 2, which could run script/,
  ],
  [
    'SVG with an event handler',
    write(
      'content/images/logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"></svg>',
    ),
    1,
    /^content\/site\.yaml:5: logo: "images\/logo\.svg" contains an event handler attribute/,
  ],
  [
    'SVG with an external reference',
    write(
      'content/images/logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 8"><image xlink:href="https://tracker.example/p.png"/></svg>',
    ),
    1,
    /^content\/site\.yaml:5: logo: "images\/logo\.svg" contains a link or reference to another file or site/,
  ],
  [
    'symlink to a non-image',
    async (project) => {
      await rm(path.join(project, 'content/images/rossi.jpg'));
      await symlink('../home.md', path.join(project, 'content/images/rossi.jpg'));
    },
    1,
    /^content\/professionals\/rossi\.md:6: photo\.image: "images\/rossi\.jpg" is not an image brochure can read/,
  ],
  [
    'dangling symlink image',
    async (project) => {
      await rm(path.join(project, 'content/images/rossi.jpg'));
      await symlink('/nonexistent/rossi.jpg', path.join(project, 'content/images/rossi.jpg'));
    },
    1,
    'content/professionals/rossi.md:6: photo.image: "images/rossi.jpg" is a symbolic link to a file that does not exist; replace it with the image itself',
  ],
  [
    'image that is a folder',
    async (project) => {
      await rm(path.join(project, 'content/images/rossi.jpg'));
      await mkdir(path.join(project, 'content/images/rossi.jpg'));
      await writeFile(path.join(project, 'content/images/rossi.jpg/x.jpg'), await jpeg(10, 10));
    },
    1,
    /^content\/professionals\/rossi\.md:6: photo\.image: image "images\/rossi\.jpg" not found/,
  ],
  [
    'HEIC photo',
    edit('content/professionals/rossi.md', (text) => text.replace('images/rossi.jpg', 'images/IMG_0042.HEIC')),
    1,
    /^content\/professionals\/rossi\.md:6: photo\.image: "images\/IMG_0042\.HEIC" is a HEIC photo \(what iPhones save\), which browsers cannot show; convert it to JPEG .* write "images\/IMG_0042\.jpg"$/,
  ],
  [
    'image name with spaces',
    edit('content/professionals/rossi.md', (text) => text.replace('images/rossi.jpg', 'images/foto studio.jpg')),
    1,
    'content/professionals/rossi.md:6: photo.image: "images/foto studio.jpg" has a space in its name, which would break the image\'s address; rename the file in content/images/ to "foto-studio.jpg" and write "images/foto-studio.jpg"',
  ],
  ['Markdown blockquotes 10,000 deep', body(`${'>'.repeat(10_000)} profondo`), 1, tooDeep('blockquotes (">")', 10_000)],
  ['raw HTML 10,000 deep', body(nested('<div>', '</div>', 10_000)), 1, tooDeep('HTML elements', 10_000)],
  [
    'a list 150 deep',
    body(Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- voce`).join('\n')),
    1,
    tooDeep('list items', 150, 155),
  ],
  // However Markdown nests, the limit holds (issue 22: lists on one line crashed `build` from 1,000 deep).
  ...[500, 1_000, 10_000].map((depth): Case => [
    `a list nested ${depth} deep on one line`,
    body(`${'- '.repeat(depth)}profondo`),
    1,
    tooDeep('list items', depth),
  ]),
  [
    'numbered lists nested 1,000 deep on one line',
    body(`${'1. '.repeat(1000)}profondo`),
    1,
    tooDeep('list items', 1_000),
  ],
  ['blockquotes "> > >" 1,000 deep', body(`${'> '.repeat(1000)}profondo`), 1, tooDeep('blockquotes (">")', 1_000)],
  [
    'quotes and lists mixed 1,002 deep on one line',
    body(`${'- > 1. '.repeat(334)}profondo`),
    1,
    tooDeep('blockquotes (">") and list items', 1_002),
  ],
  // Under the nesting limit, but the parser slows for the whole page with each such item: 8,000 took about a minute.
  [
    '8,000 list items that start another list on their line',
    body(Array.from({ length: 8000 }, () => '- - voce').join('\n')),
    1,
    'content/services/01-colloquio.md:206: body: has more than 200 list items that start another list or a quote on their own line (such as "- - text"), and each slows reading the whole page; write the inner item on a line of its own, indented under its item',
  ],
  ['emphasis nested 3,000 deep', body(nested('*a _b ', ' c_ d*', 1500)), 1, tooDeep('emphasis (* or _)', 3_000)],
  [
    'a 300 kB body',
    body('Una frase di prova per un testo molto lungo.\n\n'.repeat(7000)),
    1,
    /^content\/services\/01-colloquio\.md:5: body: is \d+ kB; a page body may be at most 256 kB/,
  ],
  [
    'a 2 MB file',
    body('x'.repeat(2 * 1024 * 1024)),
    1,
    'content/services/01-colloquio.md: file: is 2.0 MB; content files may be at most 1.0 MB (a page that long would not be read anyway); split it or shorten it',
  ],
  [
    'YAML alias bomb',
    edit('content/home.md', (text) =>
      text.replace(
        'heading: Benvenuti',
        [
          'heading: Benvenuti',
          'a: &a [x, x, x, x, x, x, x, x, x]',
          'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
          'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
          'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
          'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
        ].join('\n'),
      ),
    ),
    1,
    /^content\/home\.md:6: YAML: the aliases \(\*name\) expand to too much data/,
  ],
  [
    'a Latin-1 file',
    async (project) => {
      const text = (await readFile(path.join(project, 'content/privacy.md'), 'utf8')).replace(
        /\n$/,
        '\nGenitorialità e città.\n',
      );
      await writeFile(path.join(project, 'content/privacy.md'), Buffer.from(text, 'latin1'));
    },
    1,
    /^content\/privacy\.md:\d+: file: the file is not UTF-8 text; it looks like Latin-1 \(ISO-8859-1\) \(byte 0xE0 cannot start a UTF-8 character\)\. Open it in your editor and save it with the encoding "UTF-8"/,
  ],
  [
    'a Windows-1252 file',
    async (project) => {
      const text = await readFile(path.join(project, 'content/contatti.md'));
      await writeFile(
        path.join(project, 'content/contatti.md'),
        Buffer.concat([text, Buffer.from([0x93, 0x63, 0x69, 0x61, 0x6f, 0x94, 0x0a])]),
      );
    },
    1,
    /^content\/contatti\.md:\d+: file: the file is not UTF-8 text; it looks like Windows-1252/,
  ],
  [
    'a UTF-16 file',
    async (project) => {
      const text = await readFile(path.join(project, 'content/home.md'), 'utf8');
      await writeFile(
        path.join(project, 'content/home.md'),
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      );
    },
    1,
    /^content\/home\.md:1: file: the file is not UTF-8 text; it looks like UTF-16 \(little-endian\)\. /,
  ],
  [
    'a named pipe called .md',
    async (project) => {
      execFileSync('mkfifo', [path.join(project, 'content/services/02-pipe.md')]);
    },
    1,
    'content/services/02-pipe.md: file: is a named pipe, not a file; remove it or replace it with a regular file',
  ],
  [
    'a symlink loop as a content file',
    async (project) => {
      await symlink('02-loop.md', path.join(project, 'content/services/02-loop.md'));
    },
    1,
    'content/services/02-loop.md: file: is a symbolic link that leads back to itself (a loop); replace it with the file it should point to',
  ],
  [
    'an http:// reviews widget',
    edit('content/site.yaml', (text) => text.replace('https://reviews.example.com', 'http://reviews.example.com')),
    1,
    'content/site.yaml:19: reviews.scriptUrl: expected an https:// URL; this origin goes into the Content-Security-Policy, and over http:// anyone on the network could change what it loads, got "http://reviews.example.com/widget.js"',
  ],
  [
    'an http:// map',
    edit('content/site.yaml', (text) => text.replace('embedUrl: https://', 'embedUrl: http://')),
    1,
    /^content\/site\.yaml:15: map\.embedUrl: expected an https:\/\/ URL/,
  ],
];

/**
 * One good build of `minimal` and a throw-away HOME, made before the describe's tests: each case
 * copies the build, so it starts with a real previous dist/ to keep intact.
 */
function goodBuild(): { built: string; home: string } {
  const made = { built: '', home: '' };
  beforeAll(async () => {
    made.home = await tempDir('brochure-home-');
    made.built = await tempDir('brochure-built-');
    await cp(fixture('minimal'), made.built, { recursive: true });
    expect((await run(['build', '--quiet'], made.built, made.home)).code).toBe(0);
  }, 60_000);
  return made;
}

describe('the refusal catalogue: build and check on each bad input', () => {
  const good = goodBuild();

  // Each case in its own copy: copying and hashing run side by side, the commands one at a time.
  it.concurrent.each(CASES)(
    '%s',
    async (_name, setup, code, first) => {
      const project = await tempDir('brochure-refusal-');
      await cp(good.built, project, { recursive: true, verbatimSymlinks: true });
      await setup(project);
      const dist = await hashTree(path.join(project, 'dist'));
      const content = await hashTree(path.join(project, 'content')).catch(() => undefined);
      for (const command of ['build', 'check']) {
        const result = await run([command], project, good.home);
        expect(result.code, `${command}: ${result.stderr}`).toBe(code);
        const firstLine = result.stderr.split('\n')[0]!;
        if (typeof first === 'string') expect(firstLine, command).toBe(first);
        else expect(firstLine, command).toMatch(first);
        expect(result.stderr, command).not.toMatch(STACK);
        expect(result.stderr.length, `${command} prints a short report`).toBeLessThan(2000);
      }
      expect(await hashTree(path.join(project, 'dist'))).toEqual(dist);
      if (content) expect(await hashTree(path.join(project, 'content'))).toEqual(content);
    },
    60_000,
  );

  it.each(
    CASES.filter(
      ([name]) =>
        name === 'truncated JPEG' ||
        /nested (?:1,000|10,000) deep on one line|blockquotes "> > >"|start another list on their line/.test(name),
    ),
  )(
    'the real CLI process exits and prints as main says, and keeps dist/ (%s)',
    async (name, setup) => {
      const project = await tempDir('brochure-refusal-process-');
      await cp(good.built, project, { recursive: true, verbatimSymlinks: true });
      await setup(project);
      const dist = await hashTree(path.join(project, 'dist'));
      for (const command of ['build', 'check']) {
        const spawned = await runCli([command], project, { env: { HOME: good.home } });
        expect(spawned, `${name}: ${command}`).toEqual(await run([command], project, good.home));
        expect(spawned.code).toBe(1);
        expect(spawned.stderr).not.toMatch(STACK);
      }
      expect(await hashTree(path.join(project, 'dist'))).toEqual(dist);
    },
    60_000,
  );
});

// A content/public/ file that would replace or hide a page or a file brochure writes: `build` refuses it
// at the public file and keeps dist/, so neither preview nor the nginx config ever serves it (`check`
// reads the content only, and knows the generated names only once the site is built).
const SHADOWING: [string, string][] = [
  [
    'contatti',
    'content/public/contatti: public: would be served at /contatti in place of contatti.html, which brochure generates; remove or rename content/public/contatti',
  ],
  [
    'contatti.html',
    'content/public/contatti.html: public: clashes with contatti.html, which brochure generates; remove or rename content/public/contatti.html',
  ],
  [
    '404.html',
    'content/public/404.html: public: clashes with 404.html, which brochure generates; remove or rename content/public/404.html',
  ],
  [
    '_headers',
    'content/public/_headers: public: clashes with _headers, which brochure generates; remove or rename content/public/_headers',
  ],
  [
    '_redirects',
    'content/public/_redirects: public: clashes with _redirects, which brochure generates; remove or rename content/public/_redirects',
  ],
  [
    'sitemap.xml',
    'content/public/sitemap.xml: public: clashes with sitemap.xml, which brochure generates; remove or rename content/public/sitemap.xml',
  ],
  [
    'admin/index.html',
    'content/public/admin/index.html: public: is inside admin/, a folder brochure writes itself; move content/public/admin/index.html out of it or remove it',
  ],
  [
    'rossi',
    'content/public/rossi: public: would be served at /rossi in place of rossi.html, which brochure generates; remove or rename content/public/rossi',
  ],
];

describe('content/public/ files that would replace or hide what brochure writes', () => {
  const good = goodBuild();

  it.concurrent.each(SHADOWING)(
    'content/public/%s',
    async (file, line) => {
      const project = await tempDir('brochure-public-');
      await cp(good.built, project, { recursive: true });
      await write(`content/public/${file}`, 'not the page\n')(project);
      const dist = await hashTree(path.join(project, 'dist'));
      const result = await run(['build'], project, good.home);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(line);
      expect(result.stderr).not.toMatch(STACK);
      expect(await hashTree(path.join(project, 'dist'))).toEqual(dist);
    },
    60_000,
  );

  it('says it in Italian on an Italian site, through the real CLI', async () => {
    const project = await tempDir('brochure-public-it-');
    await cp(good.built, project, { recursive: true });
    await write('content/public/contatti', 'not the page\n')(project);
    const result = await runCli(['build', '--lang', 'it'], project, { env: { HOME: good.home } });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(
      'content/public/contatti: public: verrebbe mostrato all’indirizzo /contatti al posto di contatti.html, che brochure genera da sé: togli o rinomina content/public/contatti',
    );
  }, 60_000);
});

describe.concurrent('inputs that are skipped or built, never followed forever', () => {
  let home: string;
  beforeAll(async () => {
    home = await tempDir('brochure-home-');
  });

  it('two symlink loops in content/images: check and build finish and the site is built', async () => {
    const project = await tempDir('brochure-loops-');
    await cp(fixture('minimal'), project, { recursive: true });
    await symlink('..', path.join(project, 'content/images/up'));
    await symlink('b', path.join(project, 'content/images/a'));
    await symlink('a', path.join(project, 'content/images/b'));
    for (const command of ['check', 'build']) {
      const result = await run([command, '--quiet'], project, home);
      expect(result.code, result.stderr).toBe(0);
    }
    expect(await hashTree(path.join(project, 'dist'))).toHaveProperty(['index.html']);
  });

  it('two services whose file names differ only in the number get distinct accordion ids', async () => {
    const project = await tempDir('brochure-ids-');
    await cp(fixture('minimal'), project, { recursive: true });
    await writeFile(
      path.join(project, 'content/services/10-colloquio.md'),
      '---\ntitle: Colloquio di coppia\n---\n\nIn due.\n',
    );
    await writeFile(
      path.join(project, 'content/services/11-colloquio.md'),
      '---\ntitle: Colloquio familiare\n---\n\nIn famiglia.\n',
    );
    expect((await run(['build', '--quiet'], project, home)).code).toBe(0);
    const html = await readFile(path.join(project, 'dist/percorsi.html'), 'utf8');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.filter((id) => id!.startsWith('servizio-'))).toHaveLength(6);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a photo with an EXIF orientation is published upright', async () => {
    const project = await tempDir('brochure-exif-');
    await cp(fixture('minimal'), project, { recursive: true });
    // Stored 600×400 and marked "rotate 90°": the camera held it upright, 400×600.
    await writeFile(path.join(project, 'content/images/rossi.jpg'), await jpeg(600, 400, 6));
    expect((await run(['build', '--quiet'], project, home)).code).toBe(0);
    const html = await readFile(path.join(project, 'dist/rossi.html'), 'utf8');
    expect(html).toMatch(
      /<img[^>]*src="\/static\/media\/rossi-400\.[0-9a-f]{8}\.jpg"[^>]*width="400" height="600"|<img[^>]*width="400" height="600"[^>]*src="\/static\/media\/rossi-400/,
    );
  });
});
