// main(argv) in-process: exit codes and where help, versions and usage mistakes are printed; test/integration/cli.test.ts spawns the real binary.
// main can run inside the test process: commander is told to throw (exitOverride) instead of calling
// process.exit, and nothing here starts a server or a watcher. Two things leak, so each run undoes
// them: commander prints through process.stdout/stderr.write and the commands through console, and a
// failing command reports through process.exitCode, which main reads back (so a code left over
// from one call would become the next call's result).
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';

const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;

/** What one call of main returned and printed. */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const spies = [
    vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true)),
    vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)),
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void (stdout += `${parts.join(' ')}\n`)),
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void (stderr += `${parts.join(' ')}\n`)),
  ];
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('main: help and version', () => {
  it.each([['--help'], ['-h']])('%s prints the commands to stdout and exits 0', async (flag) => {
    const { code, stdout, stderr } = await run(flag);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: brochure /);
    for (const command of ['build', 'check', 'preview', 'watch'])
      expect(stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    expect(stderr).toBe('');
  });

  it('prints the options of a command with its --help', async () => {
    const { code, stdout } = await run('preview', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: brochure preview /);
    expect(stdout).toContain('-p, --port <number>');
  });

  it.each([['--version'], ['-v']])('%s prints the version of package.json and exits 0', async (flag) => {
    const { code, stdout, stderr } = await run(flag);
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
    expect(stderr).toBe('');
  });
});

describe('main: usage mistakes exit 2', () => {
  it('for an unknown command, suggesting the closest one and --help', async () => {
    const { code, stdout, stderr } = await run('biuld');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("error: unknown command 'biuld'");
    expect(stderr).toContain('(Did you mean build?)');
    expect(stderr).toContain('(run "brochure --help" to see the commands and options)');
  });

  it('for no command at all, showing the help on stderr', async () => {
    const { code, stdout, stderr } = await run();
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Usage: brochure /);
  });

  it.each([
    [['build', '--colour'], "error: unknown option '--colour'"],
    [['--colour'], "error: unknown option '--colour'"],
    [['check', '--complience'], "error: unknown option '--complience'\n(Did you mean --compliance?)"],
  ])('for an unknown option: %j', async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('for an option missing its value', async () => {
    const { code, stderr } = await run('build', '--content');
    expect(code).toBe(2);
    expect(stderr).toContain("error: option '-c, --content <dir>' argument missing");
  });

  it.each([['abc'], ['-1'], ['65536'], ['80.5']])('for the port %j, before anything starts', async (port) => {
    const { code, stderr } = await run('preview', '--port', port, '--out', path.join(ROOT, 'no-such-folder'));
    expect(code).toBe(2);
    expect(stderr).toContain('expected a port number between 0 and 65535.');
  });

  // Number() would read an empty or blank value as 0 (any free port): `--port "$PORT"` with PORT unset.
  it.each([[''], [' '], ['0x1f90'], ['1e3']])('for the port %j, which is not decimal digits', async (port) => {
    const { code, stderr } = await run('preview', '--port', port, '--out', path.join(ROOT, 'no-such-folder'));
    expect(code).toBe(2);
    expect(stderr).toContain('expected a port number between 0 and 65535.');
  });

  it('for a port given to watch the same way', async () => {
    const { code, stderr } = await run('watch', '--port', '99999');
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error: option '-p, --port <number>' argument '99999' is invalid. expected a port number between 0 and 65535.`,
    );
  });
});

describe('main: commands', () => {
  it('check exits 0 on valid content and says so', async () => {
    const content = path.join(fixture('minimal'), 'content');
    const { code, stdout, stderr } = await run('check', '--content', content);
    expect(code).toBe(0);
    // The fixtures sit outside the working folder (test/setup/fixtures.ts): such a path is shown whole.
    expect(stdout).toBe(`Content in ${content}/ is valid.\n`);
    expect(stderr).toBe('');
  });

  it('check --quiet prints nothing on valid content', async () => {
    expect(await run('check', '--quiet', '--content', path.join(fixture('minimal'), 'content'))).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('check exits 1 on broken content, listing the problems and reassuring that nothing was written', async () => {
    const { code, stdout, stderr } = await run('check', '--content', path.join(fixture('every-error'), 'content'));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/\d+ errors?( and \d+ warnings?)?\.\nNothing was written\.\n$/);
  });

  it('preview exits 1 with the reason, and no stack, when there is no build to serve (in the sample’s Italian)', async () => {
    const missing = path.join(await tempDir(), 'dist');
    const { code, stderr } = await run('preview', '--port', '0', '--out', missing);
    expect(code).toBe(1);
    expect(stderr).toBe(`${missing}/ non esiste. Lancia prima "npx brochure build", poi "npx brochure preview".\n`);
  });
});
