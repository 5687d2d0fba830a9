// `brochure watch` end to end: a spawned CLI on a copy of the sample content, driven through its reload channel.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { WatchCache } from '../../src/watch/build-cache.ts';
import { formatReport } from '../../src/errors.ts';
import { watchSite, type WatchSession } from '../../src/watch/watch.ts';
import { resolveOptions, type ResolvedOptions } from '../../src/options.ts';
import { BIN, runCli } from '../helpers/cli.ts';
import { listTree, tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { waiting } from '../helpers/eventually.ts';

// Generous: a loaded CI machine may take seconds where a laptop takes milliseconds.
const LIMIT_MS = 15_000;

/** Polls `check` until it returns a value, failing after `LIMIT_MS` with `what` in the message. */
const eventually = waiting({ within: LIMIT_MS, every: 10 });

interface ServerEvent {
  event: string;
  data: {
    revision?: number;
    problems?: { file: string; line: number; field: string; message: string }[];
    error?: { message: string; stack: string };
  };
}

/** The reload channel as a page sees it: every event received, in order. */
async function openEvents(url: string): Promise<{ received: ServerEvent[]; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${url}/__brochure/events`, { signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const received: ServerEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) received.push({ event, data: JSON.parse(data) as ServerEvent['data'] });
      }
    }
  })();
  return { received, close: () => controller.abort() };
}

/** A spawned `brochure` whose output is collected as it comes. */
function spawnCli(
  args: string[],
  cwd: string,
): { child: ChildProcessWithoutNullStreams; output: { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  return { child, output };
}

async function text(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

function service(title: string, body: string): string {
  return `---\ntitle: ${title}\nduration: 50\n---\n\n${body}\n`;
}

describe('brochure watch, spawned on a copy of the sample content', () => {
  let project: string;
  let content: string;
  let cli: ReturnType<typeof spawnCli>;
  let url: string;
  let events: Awaited<ReturnType<typeof openEvents>>;
  let professionalTemplate: string;

  const servicePath = () => path.join(content, 'services', '02-sessuologia.md');
  const reloadsSince = (mark: number) => events.received.slice(mark).filter((event) => event.event === 'reload');
  /** Waits until a page served at `route` contains `needle`. */
  const served = (route: string, needle: string) =>
    eventually(`${route} to contain ${needle}`, async () => {
      const page = await text(url + route);
      return page.body.includes(needle) ? page : undefined;
    });

  beforeAll(async () => {
    project = await tempDir('brochure-watch-');
    content = path.join(project, 'content');
    await cp(path.join(ROOT, 'content'), content, { recursive: true });
    const source = await readFile(path.join(content, 'professionals', 'giulia-marchetti.md'), 'utf8');
    professionalTemplate = source
      .split('\n')
      .filter((line) => !/^(?:vat|email|order):/.test(line))
      .join('\n')
      .replace(/^name: .*$/m, 'name: Mario Prova\norder: 99\nemail: mario.prova@example.com');
    cli = spawnCli(['watch', '--port', '0', '--content', 'content', '--out', 'dist', '--lang', 'en'], project);
    url = await eventually('the URL', () => /Serving (http:\/\/localhost:\d+)/.exec(cli.output.stdout)?.[1]);
    events = await openEvents(url);
    await eventually('the hello event', () => events.received.find((event) => event.event === 'hello'));
  });

  afterAll(async () => {
    events?.close();
    if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  it('prints the real port when asked for port 0, and serves pages that load the reload script', async () => {
    expect(url).not.toMatch(/:0$/);
    const home = await text(url + '/');
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/<script src="\/__brochure\/reload\.js"[^>]* data-revision="1" defer><\/script>/);
    const client = await fetch(`${url}/__brochure/reload.js`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/javascript/);
    expect(await client.text()).toContain('EventSource');
  });

  // bin/brochure.js: glibc keeps what sharp's threads free in one arena per thread unless told otherwise at start.
  it.runIf(process.platform === 'linux' && 'execve' in process)(
    'runs with one malloc arena, in the same process it was started as',
    async () => {
      const environment = (await readFile(`/proc/${cli.child.pid}/environ`, 'utf8')).split('\0');
      expect(environment).toContain('MALLOC_ARENA_MAX=1');
    },
  );

  it('reloads after a save and serves the new text', async () => {
    const mark = events.received.length;
    await writeFile(servicePath(), service('Sessuologia modificata', 'Primo salvataggio.'));
    await eventually('a reload', () => reloadsSince(mark)[0]);
    await served('/percorsi', 'Sessuologia modificata');
  });

  it('follows an atomic save (temporary file renamed over the original)', async () => {
    const temporary = path.join(content, 'services', '.02-sessuologia.md.tmp-4242');
    await writeFile(temporary, service('Salvataggio atomico', 'Scritto altrove e rinominato.'));
    await rename(temporary, servicePath());
    await served('/percorsi', 'Salvataggio atomico');
  });

  it('turns a burst of saves into one rebuild', async () => {
    const mark = events.received.length;
    for (let n = 1; n <= 5; n++) writeFileSync(servicePath(), service(`Raffica ${n}`, 'Salvataggi ravvicinati.'));
    await served('/percorsi', 'Raffica 5');
    // A later, separate save proves nothing else was queued: its reload is the second one.
    await writeFile(
      path.join(content, 'services', '01-sostegno-psicologico.md'),
      service('Sostegno dopo la raffica', 'Testo.'),
    );
    await served('/percorsi', 'Sostegno dopo la raffica');
    const reloads = await eventually('two reloads', () =>
      reloadsSince(mark).length >= 2 ? reloadsSince(mark) : undefined,
    );
    expect(reloads).toHaveLength(2);
    expect(reloads[1]!.data.revision).toBe(reloads[0]!.data.revision! + 1);
  });

  it('gives a new professional a page and links, follows a rename, and drops a deleted one', async () => {
    const added = path.join(content, 'professionals', 'mario-prova.md');
    await writeFile(added, professionalTemplate);
    await served('/mario-prova', 'Mario Prova');
    await served('/', 'href="/mario-prova"');

    const renamed = path.join(content, 'professionals', 'mario-rossi-prova.md');
    await rename(added, renamed);
    await served('/', 'href="/mario-rossi-prova"');
    await eventually('the old page to be gone', async () =>
      (await text(`${url}/mario-prova`)).status === 404 ? true : undefined,
    );
    expect((await text(`${url}/mario-rossi-prova`)).status).toBe(200);
    expect((await text(`${url}/`)).body).not.toContain('href="/mario-prova"');

    await unlink(renamed);
    await eventually('the page to be gone', async () =>
      (await text(`${url}/mario-rossi-prova`)).status === 404 ? true : undefined,
    );
    expect((await text(`${url}/`)).body).not.toContain('mario-rossi-prova');
    expect((await text(`${url}/contatti`)).body).not.toContain('Mario Prova');
  });

  it('shows a broken file in the overlay and the terminal, keeps the last good page, then recovers', async () => {
    await writeFile(servicePath(), service('Ultima versione buona', 'Testo.'));
    await served('/percorsi', 'Ultima versione buona');
    const mark = events.received.length;
    await writeFile(servicePath(), service('Versione rotta', 'Testo.').replace('duration: 50', 'duration: cinquanta'));

    // The failure the broken duration causes. On a busy machine the watcher may first catch the file
    // between writeFile's truncation and its write (an empty file: "front matter is missing"), and then
    // the whole file: the same as an editor's save seen half-way, which the next event puts right.
    const isDuration = (problem: { field?: string }) => problem.field === 'duration';
    const failure = await eventually('a failure event naming the duration', () =>
      events.received.slice(mark).find((event) => event.event === 'failure' && event.data.problems?.some(isDuration)),
    );
    expect(failure.data.problems).toContainEqual(
      expect.objectContaining({
        file: 'content/services/02-sessuologia.md',
        line: 3,
        field: 'duration',
        message: expect.stringContaining('cinquanta'),
      }),
    );
    await eventually('the terminal report', () =>
      cli.output.stderr.includes('content/services/02-sessuologia.md:3: duration:') ? true : undefined,
    );
    expect(cli.output.stderr).toContain('Still serving the last good build');
    const kept = await text(`${url}/percorsi`);
    expect(kept.status).toBe(200);
    expect(kept.body).toContain('Ultima versione buona');
    // A page opened now learns of the failure as soon as it connects.
    const late = await openEvents(url);
    const hello = await eventually('hello', () => late.received.find((event) => event.event === 'hello'));
    late.close();
    expect(hello.data).toMatchObject({ failure: { problems: [expect.objectContaining({ line: 3 })] } });

    await writeFile(servicePath(), service('Versione corretta', 'Testo.'));
    await eventually('a reload after the fix', () => reloadsSince(mark)[0]);
    await served('/percorsi', 'Versione corretta');
  });

  it('refuses a list nested 10,000 deep on one line at once, and keeps answering meanwhile', async () => {
    await writeFile(servicePath(), service('Prima del file profondo', 'Testo.'));
    await served('/percorsi', 'Prima del file profondo');
    const mark = events.received.length;
    // Rendering this used to take past a minute with the server unanswered (issue 22); the limit refuses it before parsing.
    await writeFile(servicePath(), service('Profondo', `${'- '.repeat(10_000)}profondo`));
    const isBody = (problem: { field?: string }) => problem.field === 'body';
    const failure = await eventually('a failure event naming the body', () =>
      events.received.slice(mark).find((event) => event.event === 'failure' && event.data.problems?.some(isBody)),
    );
    expect(failure.data.problems).toContainEqual(
      expect.objectContaining({
        file: 'content/services/02-sessuologia.md',
        line: 6,
        field: 'body',
        message: expect.stringContaining('list items nested 10000 levels deep; at most 100'),
      }),
    );
    // While the file is there, pages and the reload client are served: the last good build, the failure said to new pages.
    const kept = await text(`${url}/percorsi`);
    expect(kept.status).toBe(200);
    expect(kept.body).toContain('Prima del file profondo');
    const late = await openEvents(url);
    const hello = await eventually('hello', () => late.received.find((event) => event.event === 'hello'));
    late.close();
    expect(hello.data).toMatchObject({ failure: { problems: [expect.objectContaining({ field: 'body', line: 6 })] } });
    await eventually('the terminal report', () =>
      cli.output.stderr.includes('content/services/02-sessuologia.md:6: body: list items nested 10000 levels deep')
        ? true
        : undefined,
    );

    await writeFile(servicePath(), service('Dopo il file profondo', 'Testo.'));
    await served('/percorsi', 'Dopo il file profondo');
  });

  it('ignores editor leftovers: swap, backup, lock, probe and Finder files', async () => {
    const mark = events.received.length;
    const logged = cli.output.stdout.length;
    const services = path.join(content, 'services');
    const leftovers = [
      '.02-sessuologia.md.swp',
      '02-sessuologia.md~',
      '.#02-sessuologia.md',
      '4913',
      '#02-sessuologia.md#',
      '.DS_Store',
    ];
    for (const name of leftovers) await writeFile(path.join(services, name), 'not content');
    await writeFile(path.join(content, '.DS_Store'), 'finder');
    // A real save after the leftovers: the only rebuild must name it alone.
    await writeFile(servicePath(), service('Dopo i file da ignorare', 'Testo.'));
    await served('/percorsi', 'Dopo i file da ignorare');
    const rebuilds = cli.output.stdout
      .slice(logged)
      .split('\n')
      .filter((line) => line.includes('pages rendered'));
    expect(rebuilds).toEqual([
      expect.stringMatching(/^content\/services\/02-sessuologia\.md: \d+ of \d+ pages rendered/),
    ]);
    expect(reloadsSince(mark)).toHaveLength(1);
  });

  it('writes each good build to --out, deployable as `build` writes it, and Ctrl-C stops it leaving no temporary folders', async () => {
    const written = await eventually('dist/ to hold the last save', async () => {
      const page = await readFile(path.join(project, 'dist', 'percorsi.html'), 'utf8').catch(() => '');
      return page.includes('Dopo i file da ignorare') ? page : undefined;
    });
    // The server adds the reload script to what it sends; the pages on disk never carry it.
    expect(written).not.toMatch(/__brochure|data-revision|EventSource/);
    expect((await readdir(path.join(project, 'dist'))).filter((name) => name.startsWith('__brochure'))).toEqual([]);
    events.close();
    const exited = new Promise<number | null>((resolve) => cli.child.once('exit', resolve));
    cli.child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect((await readdir(project)).sort()).toEqual(['content', 'dist']);
  });
});

describe('brochure watch on a busy port', () => {
  it('says the port is taken and suggests --port, in the language of the site (the sample is Italian)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const result = await runCli(['watch', '--port', String(port), '--content', path.join(ROOT, 'content')], ROOT);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`La porta ${port} è già occupata.`);
      expect(result.stderr).toContain('--port');
    } finally {
      blocker.close();
    }
  });
});

describe('the reload snippet', () => {
  it('never reaches the output of a plain build', async () => {
    const out = path.join(await tempDir('brochure-build-'), 'dist');
    const result = await runCli(['build', '--quiet', '--out', out], ROOT);
    expect(result.code).toBe(0);
    const files = await listTree(out);
    expect(files.filter((file) => file.includes('__brochure'))).toEqual([]);
    for (const file of files.filter((name) => /\.(?:html|js)$/.test(name))) {
      expect(await readFile(path.join(out, file), 'utf8'), file).not.toMatch(/__brochure|data-revision|EventSource/);
    }
  });
});

describe('watch through the API, with templates and client sources copied to a temporary folder', () => {
  // Editing the real templates/ or src/browser/ would race the other test files that build the site
  // meanwhile. The copies sit beside links to the rest of src/ and to node_modules/, so their
  // relative imports (`../../src/render/...`, `../../templates/islands/...`) resolve.
  let project: string;
  let options: ResolvedOptions;
  let session: WatchSession;
  let events: Awaited<ReturnType<typeof openEvents>>;
  const errors: string[] = [];

  beforeAll(async () => {
    project = await tempDir('brochure-watch-templates-');
    await cp(path.join(ROOT, 'content'), path.join(project, 'content'), { recursive: true });
    await cp(path.join(ROOT, 'templates'), path.join(project, 'templates'), { recursive: true });
    await cp(path.join(ROOT, 'src', 'browser'), path.join(project, 'src', 'browser'), { recursive: true });
    for (const entry of await readdir(path.join(ROOT, 'src'))) {
      if (entry !== 'browser') await symlink(path.join(ROOT, 'src', entry), path.join(project, 'src', entry));
    }
    await symlink(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
    options = {
      ...resolveOptions({ content: 'content', port: 0 }, project),
      templatesDir: path.join(project, 'templates'),
      clientEntry: path.join(project, 'src', 'browser', 'hydrate.ts'),
    };
    session = await watchSite(options, { log: () => undefined, error: (message) => errors.push(message) });
    events = await openEvents(session.url);
  });

  afterAll(async () => {
    events?.close();
    await session?.close();
  });

  const template = (name: string) => path.join(project, 'templates', 'pages', name);

  it('applies a template edit without a restart', async () => {
    const file = template('PercorsiPage.tsx');
    const source = await readFile(file, 'utf8');
    expect(source).toContain('<h1');
    await writeFile(file, source.replace('<h1', '<h1 data-template-edit="1"'));
    await eventually('the edited template', async () =>
      (await text(`${session.url}/percorsi`)).body.includes('data-template-edit="1"') ? true : undefined,
    );
  });

  it('shows a template that throws while rendering, with its message and stack, and recovers', async () => {
    const index = template('index.ts');
    const source = await readFile(index, 'utf8');
    const mark = events.received.length;
    await writeFile(
      index,
      `${source}\npages.services = () => {\n  throw new Error('PercorsiPage exploded on purpose');\n};\n`,
    );
    const failure = await eventually('a failure event', () =>
      events.received.slice(mark).find((event) => event.event === 'failure'),
    );
    expect(failure.data.error?.message).toBe('PercorsiPage exploded on purpose');
    expect(failure.data.error?.stack).toMatch(/templates[\\/]pages[\\/]index\.ts/);
    expect(errors.join('\n')).toContain('PercorsiPage exploded on purpose');
    expect((await text(`${session.url}/percorsi`)).body).toContain('data-template-edit="1"');

    await writeFile(index, source);
    await eventually('a reload after the fix', () =>
      events.received.slice(mark).find((event) => event.event === 'reload'),
    );
  });

  it('re-renders the pages with the new stylesheet when a style changes', async () => {
    const stylesheetOf = async () =>
      /<link rel="stylesheet" href="(\/static\/css\/[^"]+\.css)"/.exec(
        (await text(`${session.url}/privacy`)).body,
      )?.[1];
    const before = await stylesheetOf();
    expect(before).toBeDefined();
    const file = path.join(project, 'templates', 'styles', 'site.css');
    const source = await readFile(file, 'utf8');
    await writeFile(file, `${source}\n.brochure-watch-test { color: rebeccapurple; }\n`);
    const after = await eventually('a new stylesheet URL', async () => {
      const stylesheet = await stylesheetOf();
      return stylesheet && stylesheet !== before ? stylesheet : undefined;
    });
    expect(await (await fetch(session.url + after)).text()).toContain('.brochure-watch-test');
    await writeFile(file, source);
    await eventually('the original stylesheet back', async () =>
      (await stylesheetOf()) === before ? true : undefined,
    );
  });

  it('rebundles the client script when a client source changes', async () => {
    const scriptOf = async () =>
      /<script type="module" src="(\/static\/js\/[^"]+\.js)"/.exec((await text(`${session.url}/`)).body)?.[1];
    const before = await scriptOf();
    expect(before).toBeDefined();
    const entry = options.clientEntry;
    const source = await readFile(entry, 'utf8');
    await writeFile(
      entry,
      `${source}\n(globalThis as { brochureWatchTest?: string }).brochureWatchTest = 'client-edit-1';\n`,
    );
    const after = await eventually('a new script URL', async () => {
      const script = await scriptOf();
      return script && script !== before ? script : undefined;
    });
    expect(await (await fetch(session.url + after)).text()).toContain('client-edit-1');
    await writeFile(entry, source);
    await eventually('the original script back', async () => ((await scriptOf()) === before ? true : undefined));
  });

  it('locates a template that does not compile', async () => {
    const file = template('PrivacyPage.tsx');
    const source = await readFile(file, 'utf8');
    const mark = events.received.length;
    await writeFile(file, `${source}\nexport const broken = ;\n`);
    const failure = await eventually('a failure event', () =>
      events.received.slice(mark).find((event) => event.event === 'failure'),
    );
    const lines = source.split('\n').length;
    expect(failure.data.problems).toContainEqual(
      expect.objectContaining({ file: expect.stringMatching(/PrivacyPage\.tsx$/), line: lines + 1 }),
    );
    await writeFile(file, source);
    await eventually('a reload after the fix', () =>
      events.received.slice(mark).find((event) => event.event === 'reload'),
    );
  });
});

describe('incremental builds', () => {
  it('equal a full build after every kind of edit, re-rendering only the pages affected', async () => {
    const project = await tempDir('brochure-incremental-');
    const content = path.join(project, 'content');
    await cp(path.join(ROOT, 'content'), content, { recursive: true });
    const options = resolveOptions({ content: 'content' }, project);
    const cache = new WatchCache(options);
    // What watch runs on each save: the one build, with the cache of the builds before it.
    const incremental = async (_changed: string[]) => ({ result: await buildSite(options, { cache }) });

    /** Builds with and without the cache and returns how many pages the cached build rendered. */
    const compare = async (changed: string[] = []): Promise<{ rendered: number; pages: number }> => {
      const { result: cached } = await incremental(changed);
      const full = await buildSite(options);
      if (!cached.ok || !full.ok)
        throw new Error(`both builds should succeed:\n${formatReport([...cached.problems, ...full.problems])}`);
      // Warnings too: a file whose schema check is kept from an earlier build still reports them, at the same lines.
      expect(formatReport(cached.problems)).toBe(formatReport(full.problems));
      expect([...cached.files.keys()]).toEqual([...full.files.keys()]);
      for (const [file, bytes] of full.files)
        expect(Buffer.from(cached.files.get(file)!).equals(bytes), file).toBe(true);
      expect(cached.pages.map((page) => page.route.file)).toEqual(full.pages.map((page) => page.route.file));
      return { rendered: cache.pagesRendered, pages: cached.pages.length };
    };
    /** Saves each of `changes` (null removes the file), then builds once, as a burst of saves does. */
    const save = async (
      changes: Record<string, (text: string) => string | null>,
    ): Promise<{ rendered: number; pages: number }> => {
      const changed: string[] = [];
      for (const [file, change] of Object.entries(changes)) {
        const absolute = path.join(content, file);
        const next = change(await readFile(absolute, 'utf8').catch(() => ''));
        if (next === null) await rm(absolute);
        else {
          await mkdir(path.dirname(absolute), { recursive: true });
          await writeFile(absolute, next);
        }
        cache.invalidate(absolute);
        changed.push(absolute);
      }
      return compare(changed);
    };
    const edit = (file: string, change: (text: string) => string | null) => save({ [file]: change });

    const first = await compare();
    expect(first.rendered).toBe(first.pages);
    const serviceEdit = await edit('services/05-elaborazione-lutto.md', (text) =>
      text.replace(/\n\n/, '\n\nUna frase nuova.\n\n'),
    );
    expect(serviceEdit).toMatchObject({ rendered: 1 });
    expect(
      await edit('services/05-elaborazione-lutto.md', (text) =>
        text.replace(/^duration: .*$/m, 'duration: caso per caso'),
      ),
    ).toMatchObject({ rendered: 1 });
    // Listing or unlisting someone changes the navigation of every page: the full build sorts the lists again.
    const unlisted = await edit('professionals/chiara-de-santis.md', (text) =>
      text.replace('listed: true', 'listed: false'),
    );
    expect(unlisted).toMatchObject({ rendered: unlisted.pages });
    // An unlisted professional's biography is on their page only.
    expect(await edit('professionals/chiara-de-santis.md', (text) => `${text}\nUn paragrafo in più.\n`)).toMatchObject({
      rendered: 1,
    });
    await edit('professionals/chiara-de-santis.md', (text) => text.replace('listed: false', 'listed: true'));
    // A listed professional's role is in every page's menu and footer.
    const role = await edit('professionals/giulia-marchetti.md', (text) =>
      text.replace(/^role: (.*)$/m, 'role: $1 e sessuologa'),
    );
    expect(role).toMatchObject({ rendered: role.pages });
    await edit('professionals/giulia-marchetti.md', (text) => text.replace(/^order: .*$/m, 'order: 7'));
    // The team (name, role, photo, contacts) is in every page's footer: a listed professional's biography too, for now.
    await edit('professionals/giulia-marchetti.md', (text) => `${text}\nUn'altra riga della biografia.\n`);
    await edit('home.md', (text) => text.replace(/^(title: .*)$/m, '$1 (modificato)'));
    // Every page reads home.hero (og:image, JSON-LD), but only the home page shows the introduction.
    expect(
      await edit('home.md', (text) =>
        text.replace('Chiedere aiuto non è sempre facile.', 'Chiedere aiuto non è mai facile.'),
      ),
    ).toMatchObject({ rendered: 1 });
    // (Swapping the hero here also changes the images encoded, hence the assets: page-cache.test.ts has the read tracking alone.)
    const hero = await edit('home.md', (text) =>
      text.replace('image: images/hero.jpg', 'image: images/giulia-marchetti.jpg'),
    );
    expect(hero).toMatchObject({ rendered: hero.pages });
    await edit('home.md', (text) => text.replace('image: images/giulia-marchetti.jpg', 'image: images/hero.jpg'));
    // A file that starts naming an image, even one another file uses (here in a field the schema
    // does not know: a warning, no page changed), takes the full build: the image stage may depend on it.
    const flagged = await edit('services/03-valutazione-psicodiagnostica.md', (text) =>
      text.replace(/^title: /m, 'image: images/flag.svg\ntitle: '),
    );
    expect(flagged).toMatchObject({ rendered: 0 });
    await edit('services/03-valutazione-psicodiagnostica.md', (text) => text.replace('image: images/flag.svg\n', ''));
    // A new image, then the first file to use it, then none: the image stage runs again each time.
    const photo = path.join(content, 'images', 'nuova.jpg');
    await cp(path.join(content, 'images', 'hero.jpg'), photo);
    cache.invalidate(photo);
    expect(await compare([photo])).toMatchObject({ rendered: 0 });
    await edit('services/03-valutazione-psicodiagnostica.md', (text) =>
      text.replace(/^title: /m, 'image: images/nuova.jpg\ntitle: '),
    );
    await edit('services/03-valutazione-psicodiagnostica.md', (text) => text.replace('image: images/nuova.jpg\n', ''));
    expect(await edit('percorsi.md', (text) => `${text}\nUn paragrafo sui percorsi.\n`)).toMatchObject({ rendered: 1 });
    await edit('percorsi.md', (text) => text.replace(/^(title: .*)$/m, '$1 e terapie'));
    await edit('contatti.md', (text) => text.replace(/^(title: .*)$/m, '$1 (sede)'));
    expect(await edit('privacy.md', (text) => `${text}\nAggiornata a novembre.\n`)).toMatchObject({ rendered: 1 });
    // Several files in one save, a single page among them.
    const burst = await save({
      'home.md': (text) => text.replace('Chiedere aiuto non è mai facile.', 'Chiedere aiuto è un passo.'),
      'services/01-sostegno-psicologico.md': (text) => `${text}\nUna riga in più.\n`,
      'privacy.md': (text) => `${text}\nUn'altra riga.\n`,
    });
    expect(burst).toMatchObject({ rendered: 3 });
    await edit('site.yaml', (text) => text.replace(/^(name: .*)$/m, '$1 Due'));
    // A site moved under a sub-folder (GitHub Pages) moves every URL, the photos' too, and back again.
    const moved = await edit('site.yaml', (text) =>
      text.replace(/^url: (.*)$/m, 'url: https://example.github.io/studio/'),
    );
    expect(moved).toMatchObject({ rendered: moved.pages });
    await edit('site.yaml', (text) => text.replace(/^url: .*$/m, 'url: https://studio-pss.example.com'));
    // A warning stays reported, at its line, while other files are saved; it goes once its file is fixed.
    await edit('services/06-genitorialita.md', (text) => text.replace('duration:', 'durata: 40\nduration:'));
    const warned = await edit('services/01-sostegno-psicologico.md', (text) => `${text}\nUn'altra riga.\n`);
    expect(warned).toMatchObject({ rendered: 1 });
    expect(formatReport((await incremental([])).result.problems)).toMatch(
      /content\/services\/06-genitorialita\.md:\d+: warning: durata: unknown field/,
    );
    await edit('services/06-genitorialita.md', (text) => text.replace('durata: 40\n', ''));
    expect((await incremental([])).result.problems).toEqual([]);
    await edit('services/05-elaborazione-lutto.md', () => null);
    await edit('services/12-nuovo.md', () => service('Un servizio nuovo', 'Descrizione.'));
    const unchanged = await compare();
    expect(unchanged.rendered).toBe(0);

    // An error fails both builds with the same located report; its fix passes both.
    const badDuration = path.join(content, 'services', '12-nuovo.md');
    await writeFile(
      badDuration,
      service('Un servizio nuovo', 'Descrizione.').replace('duration: 50', 'duration: 50 min'),
    );
    cache.invalidate(badDuration);
    const failed = await incremental([badDuration]);
    expect(failed.result.ok).toBe(false);
    expect(formatReport(failed.result.problems)).toBe(formatReport((await buildSite(options)).problems));
    await edit('services/12-nuovo.md', () => service('Un servizio nuovo', 'Descrizione.'));

    // A broken link fails both builds with the same located report, and its fix passes both.
    const broken = path.join(content, 'services', '12-nuovo.md');
    await writeFile(broken, service('Un servizio nuovo', 'Vedi [la pagina](/non-esiste).'));
    cache.invalidate(broken);
    const [cached, full] = [(await incremental([broken])).result, await buildSite(options)];
    expect(cached.ok || full.ok).toBe(false);
    expect(formatReport(cached.problems)).toBe(formatReport(full.problems));
    expect(formatReport(full.problems)).toContain('content/services/12-nuovo.md:6: link:');
    await edit('services/12-nuovo.md', () => service('Un servizio nuovo', 'Vedi [la pagina](/percorsi).'));
    expect(
      await edit('services/12-nuovo.md', () => service('Un servizio nuovo', 'Vedi [la pagina](/contatti).')),
    ).toMatchObject({ rendered: 1 });
  });
});
