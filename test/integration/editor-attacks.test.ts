// The attack catalogue of `watch --edit` (issue 22): each attack on the old editor API, against the real CLI, answered and leaving every file of the project as it was.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/files.ts';
import { copySampleContent, startWatch, type WatchProcess } from '../helpers/watch-process.ts';

/** Every file and link under `dir` (`.git` included) -> a hash of its bytes or its target. */
async function snapshot(dir: string, base = dir): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const name = path.relative(base, file);
    if (entry.isSymbolicLink()) found[name] = `-> ${await readlink(file)}`;
    else if (entry.isDirectory()) Object.assign(found, await snapshot(file, base));
    else
      found[name] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
  }
  return found;
}

interface Answer {
  status?: number;
  body: string;
  /** The server closed the connection before answering (it refused to read a large body). */
  reset?: boolean;
}

/** One raw HTTP request (Node's fetch would normalise the path and forbid some headers). */
function send(
  port: number,
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: target, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', () => resolve({ body: '', reset: true }));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** The TCP ports a process listens on, from /proc (Linux): its socket inodes matched against the kernel's tables. */
async function listeningPorts(pid: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local address is field 1 (hex ip:port), state field 3 (0A = LISTEN), inode field 9.
      if (fields[3] === '0A' && inodes.has(fields[9] ?? '')) ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** The resident memory of a process, in bytes (Linux). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The old editor API's calls (decap-server's actions) that named files outside content/. */
const API_CALLS = {
  getEntry: { action: 'getEntry', params: { branch: 'main', path: 'package.json' } },
  traversal: { action: 'getEntry', params: { branch: 'main', path: 'content/../.git/config' } },
  newPath: {
    action: 'persistEntry',
    params: {
      branch: 'main',
      entry: {
        dataFiles: [
          {
            path: 'content/home.md',
            newPath: 'templates/pages/PrivacyPage.tsx',
            raw: 'export default 1',
            slug: 'home',
          },
        ],
        assets: [],
      },
      options: {},
    },
  },
  persistMedia: {
    action: 'persistMedia',
    params: { branch: 'main', asset: { path: 'content/tpl/new.txt', content: 'eA==', encoding: 'base64' } },
  },
  gitConfig: {
    action: 'persistEntry',
    params: {
      branch: 'main',
      entry: {
        dataFiles: [{ path: '.git/config', raw: '[core]\n\tfsmonitor = touch /tmp/pwned\n', slug: 'x' }],
        assets: [],
      },
      options: {},
    },
  },
  deleteFiles: { action: 'deleteFiles', params: { branch: 'main', paths: ['content/home.md', '../outside.md'] } },
};

/** A JSON body nested `depth` arrays deep (6 kB at 3,000). */
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('watch --edit under attack', () => {
  let project: string;
  let watch: WatchProcess | undefined;
  let port: number;
  let output: WatchProcess['output'];
  let before: Record<string, string>;

  beforeAll(async () => {
    project = await tempDir('brochure-editor-attacks-');
    await copySampleContent(project);
    // What an attacker wants to write: the project's code, its package.json, its Git settings.
    await mkdir(path.join(project, 'templates', 'pages'), { recursive: true });
    await writeFile(
      path.join(project, 'templates', 'pages', 'PrivacyPage.tsx'),
      'export default function PrivacyPage() { return null; }\n',
    );
    await writeFile(path.join(project, 'package.json'), '{ "name": "studio" }\n');
    await mkdir(path.join(project, '.git'));
    await writeFile(path.join(project, '.git', 'config'), '[core]\n\tbare = false\n');
    watch = await startWatch(['--edit', '--port', '0', '--lang', 'it'], project);
    ({ port, output } = watch);
    // A link inside content/ to the code, as in the attack on the old proxy (made once watch runs:
    // the build reads it as it likes; what matters is that nothing writes through it).
    await symlink('../templates', path.join(project, 'content', 'tpl'));
    before = await snapshot(project);
  });

  afterAll(() => watch?.stop());

  it('says the browser saves and this server writes nothing, and serves the editor', async () => {
    expect(output.stdout).toMatch(
      /Editor: http:\/\/localhost:\d+\/admin \(in Chrome o Edge su questo computer: "Lavora con Repository Locale"/,
    );
    expect(output.stdout).toContain('questo server non scrive nulla');
    // The rest of what watch prints is in the site's language too.
    expect(output.stdout).toMatch(/^Sito pronto: \d+ pagine in \d+\.\d\d s\.$/m);
    expect(output.stdout).toMatch(
      /^Anteprima su http:\/\/localhost:\d+, aggiornata a ogni modifica in content\/, .+ \(Ctrl-C per fermare\)$/m,
    );
    expect((await send(port, 'GET', '/admin')).status).toBe(200);
    expect((await send(port, 'GET', '/admin/config.yml')).body).toContain('name: github');
  });

  const json = { 'content-type': 'application/json' };
  type Row = [string, string, string, { headers?: Record<string, string>; body?: string }];
  /** A call of the old editor API (decap-server's), posted as the editor page posted it. */
  const oldApi = (name: string, call: object, headers: Record<string, string> = json): Row => [
    `the old API${name}`,
    'POST',
    '/admin/api/v1',
    { headers, body: JSON.stringify(call) },
  ];
  const rows: Row[] = [
    oldApi(': read package.json', API_CALLS.getEntry),
    oldApi(': ../ out of content/', API_CALLS.traversal),
    oldApi(': newPath onto a template', API_CALLS.newPath),
    oldApi(': media through a symlink in content/', API_CALLS.persistMedia),
    oldApi(': .git/config', API_CALLS.gitConfig),
    oldApi(': delete outside content/', API_CALLS.deleteFiles),
    oldApi(' from another origin', API_CALLS.newPath, { ...json, origin: 'http://localhost:9999' }),
    oldApi(' without a JSON type (a form post)', API_CALLS.getEntry, { 'content-type': 'text/plain' }),
    ['PUT over a content file', 'PUT', '/content/home.md', { body: 'x' }],
    ['PUT traversal', 'PUT', '/content/../package.json', { body: '{}' }],
    ['PUT encoded traversal', 'PUT', '/content/%2e%2e/package.json', { body: '{}' }],
    ['PUT encoded slash', 'PUT', '/content/..%2fpackage.json', { body: '{}' }],
    ['PUT double-encoded traversal', 'PUT', '/content/%252e%252e/package.json', { body: '{}' }],
    ['PUT backslash traversal', 'PUT', '/content/..%5cpackage.json', { body: '{}' }],
    ['PUT through the symlink', 'PUT', '/tpl/pages/PrivacyPage.tsx', { body: 'export default 1' }],
    ['PATCH', 'PATCH', '/admin/config.yml', { body: 'backend: {}' }],
    ['DELETE a page', 'DELETE', '/contatti', {}],
    ['DELETE .git', 'DELETE', '/.git/config', {}],
    ['POST a deep JSON body (3,000 levels)', 'POST', '/admin/api/v1', { headers: json, body: deep(3000) }],
    ['POST to the page', 'POST', '/admin', { headers: json, body: '{}' }],
  ];

  it.each(rows)('%s: refused (%s %s)', async (_name, method, target, init) => {
    const answer = await send(port, method, target, init);
    expect(answer.status).toBe(405);
    expect(answer.body).toBe('Metodo non consentito');
    expect(await snapshot(project)).toEqual(before);
  });

  it.each([
    ['another Host (DNS rebinding)', { host: 'evil.example' }, 421],
    ['another Origin', { origin: 'http://evil.example' }, 403],
  ])('%s: refused before anything else', async (_name, headers, status) => {
    for (const method of ['GET', 'POST']) {
      const answer = await send(port, method, '/admin/api/v1', {
        headers: { ...json, ...headers },
        body: method === 'POST' ? JSON.stringify(API_CALLS.newPath) : undefined,
      });
      expect(answer.status, method).toBe(status);
    }
    expect(await snapshot(project)).toEqual(before);
  });

  it.each([
    ['../', '/../package.json'],
    ['encoded ../', '/%2e%2e/package.json'],
    ['encoded slash', '/..%2fpackage.json'],
    ['backslash', '/..%5cpackage.json'],
    ['the content folder', '/content/home.md'],
    ['.git', '/.git/config'],
    ['the symlink', '/tpl/pages/PrivacyPage.tsx'],
  ])('reading by %s gives no project file', async (_name, target) => {
    const answer = await send(port, 'GET', target);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain('"name": "studio"');
    expect(answer.body).not.toContain('bare = false');
    expect(answer.body).not.toContain('PrivacyPage()');
  });

  it('listens on one port, its own, and no process it started listens at all: there is no editor server to find', async () => {
    expect(await listeningPorts(watch!.child.pid!)).toEqual([port]);
    // Its helpers (esbuild's service) talk over pipes; none has a port a page could find.
    const children = async (pid: number): Promise<number[]> => {
      const listed = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).trim();
      const direct = listed === '' ? [] : listed.split(/\s+/).map(Number);
      return [...direct, ...(await Promise.all(direct.map(children))).flat()];
    };
    for (const child of await children(watch!.child.pid!)) {
      const command = (await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '')).replace(/\0/g, ' ');
      expect(await listeningPorts(child), command).toEqual([]);
      expect(command).not.toMatch(/decap/);
    }
  });

  it('refuses huge bodies without reading them: 8 concurrent 55 MB uploads leave memory where it was', async () => {
    const rss = await residentBytes(watch!.child.pid!);
    const body = Buffer.alloc(55 * 1024 * 1024, 0x61);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send(port, 'POST', '/admin/api/v1', { headers: json, body })),
    );
    for (const answer of answers)
      expect(answer.reset === true || answer.status === 405, JSON.stringify(answer)).toBe(true);
    // A byte budget, not a clock: the 440 MB sent did not land in the server's memory.
    expect(await residentBytes(watch!.child.pid!)).toBeLessThan(rss + 64 * 1024 * 1024);
    expect((await send(port, 'GET', '/')).status).toBe(200);
    expect(await snapshot(project)).toEqual(before);
  });

  it('is still serving after all of it, without a stack trace', async () => {
    expect((await send(port, 'GET', '/percorsi')).status).toBe(200);
    expect(watch!.child.exitCode).toBeNull();
    expect(output.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('watch --edit --host 0.0.0.0', () => {
  it('serves every device but says the editor saves only from this computer, and still accepts no write', async () => {
    const project = await tempDir('brochure-editor-network-');
    await copySampleContent(project);
    // In the sample's language, Italian.
    const watch = await startWatch(['--edit', '--port', '0', '--host', '0.0.0.0'], project);
    try {
      const { port } = watch;
      expect(watch.output.stdout).toContain(
        `Gli altri dispositivi della rete possono aprire /admin ma non salvare nulla su questo computer: si modifica solo da http://localhost:${port}/admin, nel browser di questo computer.`,
      );
      const before = await snapshot(project);
      expect((await send(port, 'PUT', '/content/home.md', { body: 'x' })).status).toBe(405);
      expect(await snapshot(project)).toEqual(before);
    } finally {
      await watch.stop();
    }
  });
});
