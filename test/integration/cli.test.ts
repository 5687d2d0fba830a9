// `node bin/brochure.js` as a child process: exit codes, stdout/stderr, and what it leaves on disk. What `check` and
// `build` say and write is the CLI's `main` either way: most of those tests run it in this process, a few as a process.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, linesOf, runCli } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { hashTree, listTree, tempDir } from '../helpers/files.ts';
import { expectedEveryErrorReport, fixture, fixturesRoot, ROOT } from '../helpers/fixtures.ts';

/** A temporary copy of `test/fixtures/<name>`, so that commands run with their defaults (content/, dist/). */
async function copyOf(name: string): Promise<string> {
  const dir = await tempDir(`brochure-cli-${name}-`);
  await cp(fixture(name), dir, { recursive: true });
  return dir;
}

const VERSION = (JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe.concurrent('help, version and usage mistakes', () => {
  it.each(['build', 'check', 'preview'])('%s --help prints its usage and options, exit 0', async (command) => {
    const { code, stdout, stderr } = await runCli([command, '--help'], ROOT);
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: brochure ${command} [options]`);
    expect(stdout).toContain('-h, --help');
    expect(stderr).toBe('');
  });

  it('build --help documents --content, --out and --quiet', async () => {
    const { stdout } = await runCli(['build', '--help'], ROOT);
    expect(stdout).toMatch(/--content <dir>/);
    expect(stdout).toMatch(/--out <dir>/);
    expect(stdout).toMatch(/--quiet/);
  });

  it('--help lists the commands', async () => {
    const { code, stdout } = await runCli(['--help'], ROOT);
    expect(code).toBe(0);
    for (const command of ['build', 'check', 'preview']) expect(stdout).toMatch(new RegExp(`^\\s+${command} `, 'm'));
  });

  it.each([['--version'], ['-v'], ['build', '--version']])('%s prints the package version, exit 0', async (...args) => {
    const { code, stdout } = await runCli(args, ROOT);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(VERSION);
  });

  it('an unknown command explains itself, suggests the closest, and exits 2', async () => {
    const { code, stdout, stderr } = await runCli(['biuld'], ROOT);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("error: unknown command 'biuld'");
    expect(stderr).toContain('build');
    expect(stderr).toContain('brochure --help');
  });

  it('an unknown option explains itself and exits 2', async () => {
    const { code, stderr } = await runCli(['build', '--frobnicate'], ROOT);
    expect(code).toBe(2);
    expect(stderr).toContain("error: unknown option '--frobnicate'");
    expect(stderr).toContain('brochure --help');
  });

  it('an option of another command is unknown here (check writes nothing, so it has no --out)', async () => {
    const { code, stderr } = await runCli(['check', '--out', 'x'], ROOT);
    expect(code).toBe(2);
    expect(stderr).toContain("unknown option '--out'");
  });

  it('a port that is not a number is a usage mistake, exit 2', async () => {
    const { code, stderr } = await runCli(['preview', '--port', 'abc'], ROOT);
    expect(code).toBe(2);
    expect(stderr).toContain('expected a port number between 0 and 65535');
  });
});

describe.concurrent('check', () => {
  it('accepts valid content, prints one line, exits 0 and writes nothing', async () => {
    const project = await copyOf('minimal');
    const before = await hashTree(project);
    const { code, stdout, stderr } = await runInProcess(['check'], project);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('Content in content/ is valid.');
    expect(stderr).toBe('');
    expect(await hashTree(project)).toEqual(before);
  });

  it('prints every problem as file:line: field: message, then the totals, exits 1 and writes nothing', async () => {
    const project = await copyOf('every-error');
    const before = await hashTree(project);
    const { code, stdout, stderr } = await runCli(['check'], project);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(linesOf(stderr)).toEqual([...(await expectedEveryErrorReport()), 'Nothing was written.']);
    expect(await hashTree(project)).toEqual(before);
  });

  it('takes --content relative to the working folder', async () => {
    const { code, stderr } = await runInProcess(
      ['check', '--content', 'test/fixtures/unknown-timeline-type/content'],
      fixturesRoot(),
    );
    expect(code).toBe(1);
    expect(linesOf(stderr)[0]).toBe(
      'test/fixtures/unknown-timeline-type/content/professionals/rossi.md:22: timeline[1].type: expected "study" or "work", got "job"',
    );
  });

  it('prints warnings but exits 0 when there are no errors', async () => {
    const { code, stdout, stderr } = await runInProcess(['check'], await copyOf('unknown-key'));
    expect(code).toBe(0);
    expect(linesOf(stderr)).toEqual([
      'content/professionals/rossi.md:9: warning: lsited: unknown field, ignored; did you mean "listed"?',
      '1 warning.',
    ]);
    expect(stdout.trim()).toBe('Content in content/ is valid.');
  });

  it('--quiet prints nothing for valid content', async () => {
    const { code, stdout, stderr } = await runInProcess(['check', '--quiet'], await copyOf('minimal'));
    expect(code).toBe(0);
    expect(stdout + stderr).toBe('');
  });
});

describe.concurrent('build', () => {
  it('writes the site to dist/ and prints each route with its size, the totals and the time', async () => {
    const project = await copyOf('minimal');
    const { code, stdout, stderr } = await runCli(['build'], project);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = linesOf(stdout);
    for (const route of ['/', '/contatti', '/percorsi', '/privacy', '/rossi', '(404) 404.html']) {
      expect(
        lines.some((line) => new RegExp(`^  ${escape(route)} +\\d+(?:\\.\\d)? (?:B|kB)$`).test(line)),
        route,
      ).toBe(true);
    }
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}HTML +\d+\.\d kB$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}assets +\d+\.\d kB {2}\(\d+ files/));
    expect(lines.at(-1)).toMatch(
      /^Built 6 pages, \d+\.\d kB in \d+\.\d\d s into dist\/ \(content \d+ ms, assets \d+ ms, render \d+ ms\)\.$/,
    );
    expect(await listTree(path.join(project, 'dist'))).toContain('rossi.html');
    expect(
      (await listTree(project)).filter((file) => !file.startsWith('content/') && !file.startsWith('dist/')),
    ).toEqual([]);
  });

  it('--quiet prints nothing on success', async () => {
    const project = await copyOf('minimal');
    const { code, stdout, stderr } = await runInProcess(['build', '--quiet'], project);
    expect(code).toBe(0);
    expect(stdout + stderr).toBe('');
    expect(await listTree(path.join(project, 'dist'))).toContain('index.html');
  });

  it('--content and --out point anywhere; the summary names the output folder', async () => {
    const out = path.join(await tempDir(), 'site');
    const { code, stdout } = await runInProcess(
      ['build', '--content', path.join(fixture('minimal'), 'content'), '--out', out],
      ROOT,
    );
    expect(code).toBe(0);
    expect(linesOf(stdout).at(-1)).toContain(`into ${out}/`);
    expect(await listTree(out)).toContain('sitemap.xml');
  });

  it('on content errors prints the same report as check, ends with "dist/ was left unchanged." and exits 1', async () => {
    const project = await copyOf('every-error');
    const { code, stdout, stderr } = await runInProcess(['build'], project);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(linesOf(stderr)).toEqual([...(await expectedEveryErrorReport()), 'dist/ was left unchanged.']);
    expect(await listTree(project)).toEqual(await listTree(fixture('every-error')));
  });

  it('a failing build leaves the previous dist/ byte for byte unchanged', async () => {
    const project = await copyOf('minimal');
    const out = path.join(project, 'dist');
    expect((await runCli(['build', '--quiet'], project)).code).toBe(0);
    const before = await hashTree(out);
    expect(Object.keys(before)).toContain('index.html');
    // Break one file, as an editor would, and build into the same folder.
    const rossi = path.join(project, 'content/professionals/rossi.md');
    await writeFile(rossi, (await readFile(rossi, 'utf8')).replace('type: work', 'type: job'));
    const { code, stderr } = await runCli(['build', '--out', out], project);
    expect(code).toBe(1);
    expect(linesOf(stderr)).toEqual([
      'content/professionals/rossi.md:22: timeline[1].type: expected "study" or "work", got "job"',
      '1 error.',
      'dist/ was left unchanged.',
    ]);
    expect(await hashTree(out)).toEqual(before);
    expect((await listTree(project)).filter((file) => /^dist\.(?:tmp|old)-/.test(file))).toEqual([]);
  });

  it('a broken internal link fails the build, naming the page and the content file with the link', async () => {
    const { code, stderr } = await runInProcess(['build'], await copyOf('broken-link'));
    expect(code).toBe(1);
    expect(linesOf(stderr)).toEqual([
      'content/services/01-colloquio.md:7: link: /percorsi links to /non-esiste, which is not a page or file of the site',
      '1 error.',
      'dist/ was left unchanged.',
    ]);
  });

  it('warnings are printed and the build still succeeds', async () => {
    const project = await copyOf('unknown-key');
    const { code, stdout, stderr } = await runInProcess(['build'], project);
    expect(code).toBe(0);
    expect(linesOf(stderr)).toEqual([
      'content/professionals/rossi.md:9: warning: lsited: unknown field, ignored; did you mean "listed"?',
      '1 warning.',
    ]);
    expect(stdout).toMatch(/^Built 6 pages/m);
  });

  it('two builds of the same content produce identical bytes', async () => {
    const project = await copyOf('minimal');
    expect((await runCli(['build', '--quiet', '--out', 'one'], project)).code).toBe(0);
    expect((await runCli(['build', '--quiet', '--out', 'two'], project)).code).toBe(0);
    const one = await hashTree(path.join(project, 'one'));
    expect(Object.keys(one).length).toBeGreaterThan(10);
    expect(await hashTree(path.join(project, 'two'))).toEqual(one);
  });
});

describe.concurrent('preview', () => {
  let busy: Server;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => busy.close(() => resolve()));
  });

  it('without a built dist/ says what to run and exits 1', async () => {
    const { code, stdout, stderr } = await runCli(['preview'], await copyOf('minimal'));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe('dist/ does not exist. Run "npx brochure build" first, then "npx brochure preview".');
  });

  it('on a port already taken says so and exits 1', async () => {
    const project = await tempDir();
    await mkdir(path.join(project, 'dist'));
    await writeFile(path.join(project, 'dist', 'index.html'), '<!doctype html><title>x</title>');
    const { port } = busy.address() as { port: number };
    const { code, stderr } = await runCli(['preview', '--port', String(port)], project);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Port ${port} is already in use. Stop the program using it, choose another port with --port <number>, or leave out --port to take the next free one.`,
    );
  });

  it('serves a built site with clean URLs and a 404 status, and stops on SIGTERM with exit 0', async () => {
    const project = await copyOf('minimal');
    expect((await runInProcess(['build', '--quiet'], project)).code).toBe(0);
    const child = spawn(process.execPath, [BIN, 'preview', '--port', '0'], { cwd: project });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          const match = /at (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`preview exited with ${code} before serving: ${output}`)));
      });
      expect((await fetch(`${url}/`)).status).toBe(200);
      const rossi = await fetch(`${url}/rossi`);
      expect(rossi.status).toBe(200);
      expect(await rossi.text()).toContain('Maria Rossi');
      const missing = await fetch(`${url}/non-esiste`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<main id="main"></main>');
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
