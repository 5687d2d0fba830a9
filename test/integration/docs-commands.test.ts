// Every brochure command in the README's and docs' code blocks runs as pasted: no bare `brochure` (not on PATH), and the safe ones run in a copy of the project.
import { cp, readdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCommand, type CliResult } from '../helpers/cli.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';

/** One line of a code block, with where it is. */
interface Pasted {
  where: string;
  text: string;
}

/** Code blocks a reader pastes into a shell: fenced with no language or a shell's. */
const SHELL_BLOCK = /^(?:|sh|bash|shell|console)$/;

/** The lines of each shell code block of `markdown` (fences may be indented, in a list), `$ ` prompts and `# comments` taken off. */
function pastedBlocks(markdown: string, file: string): Pasted[][] {
  const blocks: Pasted[][] = [];
  let block: Pasted[] | undefined;
  let inFence = false;
  markdown.split('\n').forEach((line, index) => {
    const fence = /^\s*```\s*(\S*)\s*$/.exec(line);
    if (fence) {
      if (inFence) {
        if (block) blocks.push(block);
        block = undefined;
      } else if (SHELL_BLOCK.test(fence[1]!)) block = [];
      inFence = !inFence;
      return;
    }
    const text = line
      .trim()
      .replace(/^\$ /, '')
      .replace(/(?:^|\s+)#.*$/, '')
      .trim();
    if (block && text) block.push({ where: `${file}:${index + 1}`, text });
  });
  return blocks;
}

/** The commands of a line: split at `&&`, `||`, `;` and `|`, each with its redirection kept. */
function segments(line: string): string[] {
  return line.split(/&&|\|\||;|\|/).map((part) => part.trim());
}

/** Why `line` cannot run as pasted (a bare `brochure`, which is not on PATH), or undefined. */
function notRunnable(line: string): string | undefined {
  return segments(line).some((segment) => /^brochure(?:\s|$)/.test(segment))
    ? 'a bare "brochure" is not on PATH: write "npx brochure …" or an npm script'
    : undefined;
}

/** Subcommands that finish by themselves and write only inside the project: run. */
const RUN =
  /^(?:npx brochure (?:build|check|host-config|--help|--version|-h|-v)\b|npm run (?:build|check|host-config)\b)/;
/** Subcommands that keep serving until stopped: their options are checked against their --help instead. */
const SERVE = /^(?:npx brochure (watch|preview)\b|npm run dev\b|npm start$)/;

/**
 * The rule for what runs: a line all of whose commands are RUN ones, redirected (if at all) to a file
 * inside the project; a serving command's options are checked against its `--help`; every other line
 * (git, nginx, cp, npm test) is the reader's, and is only checked for a bare `brochure`.
 */
function kindOf(line: string): 'run' | 'serve' | 'other' {
  const parts = segments(line);
  const redirectsInside = !/>\s*\//.test(line) && !/\|\s*(?:sudo|tee)\b/.test(line);
  if (redirectsInside && parts.every((part) => RUN.test(part))) return 'run';
  if (parts.length === 1 && SERVE.test(parts[0]!)) return 'serve';
  return 'other';
}

/** The project as a clone has it, with this checkout's node_modules (and compiled lib/) reached through a link. */
async function projectCopy(): Promise<string> {
  const dir = await tempDir('brochure-docs-');
  const skipped = new Set(['node_modules', '.git', 'dist', 'test', 'bench', 'scripts', 'docs']);
  for (const entry of await readdir(ROOT)) {
    if (skipped.has(entry) || entry.startsWith('dist.')) continue;
    await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true, preserveTimestamps: true });
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Runs `line` with sh in `cwd`, as a reader's shell would; resolves to its exit code and output. */
function shell(line: string, cwd: string): Promise<CliResult> {
  return runCommand(['sh', '-c', line], cwd);
}

const DOCS = [
  'README.md',
  ...(await readdir(path.join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
];
const BLOCKS = (
  await Promise.all(DOCS.map(async (file) => pastedBlocks(await readFile(path.join(ROOT, file), 'utf8'), file)))
).flat();

describe('the rule', () => {
  it('finds bare brochure commands, runs npx brochure and npm scripts, and leaves the rest to the reader', () => {
    const [block] = pastedBlocks(
      [
        'Text',
        '',
        '   ```sh',
        '   $ brochure build   # builds',
        '   npx brochure check --launch',
        '   ```',
        '```yaml',
        'brochure: x',
        '```',
      ].join('\n'),
      'x.md',
    );
    expect(block).toEqual([
      { where: 'x.md:4', text: 'brochure build' },
      { where: 'x.md:5', text: 'npx brochure check --launch' },
    ]);
    expect(notRunnable('brochure build')).toMatch(/not on PATH/);
    expect(notRunnable('npm run build && brochure preview')).toMatch(/not on PATH/);
    expect(notRunnable('npx brochure build')).toBeUndefined();
    expect(kindOf('npx brochure host-config nginx --root /var/www/studio > studio.conf')).toBe('run');
    expect(kindOf('npx brochure host-config nginx > /etc/nginx/sites-available/studio')).toBe('other');
    expect(kindOf('npx brochure host-config nginx | sudo tee /etc/nginx/sites-available/studio')).toBe('other');
    expect(kindOf('npm run build && npx brochure check')).toBe('run');
    expect(kindOf('npx brochure watch --open')).toBe('serve');
    expect(kindOf('git add netlify.toml && git commit -m "x" && git push')).toBe('other');
  });
});

describe('the commands of README.md and docs/*.md', () => {
  it('has code blocks with brochure commands to run (the test is not vacuous)', () => {
    const lines = BLOCKS.flat();
    expect(lines.filter(({ text }) => kindOf(text) === 'run').length).toBeGreaterThanOrEqual(5);
  });

  it('writes no bare brochure command', () => {
    const bare = BLOCKS.flat()
      .filter(({ text }) => notRunnable(text))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(bare).toEqual([]);
  });

  it.each(
    BLOCKS.filter((block) => block.some(({ text }) => kindOf(text) !== 'other')).map(
      (block) => [block[0]!.where, block] as const,
    ),
  )(
    'block at %s runs as pasted in a copy of the project',
    async (_where, block) => {
      const project = await projectCopy();
      for (const { where, text } of block) {
        const kind = kindOf(text);
        if (kind === 'run') {
          const { code, stderr } = await shell(text, project);
          // 1 is a finding (check --launch on the sample, a host file kept); 2 a usage mistake, 127 not found.
          expect([0, 1], `${where}: ${text}\n${stderr}`).toContain(code);
          expect(stderr, `${where}: ${text}`).not.toMatch(/npm error|^\s+at \S+ \(/m);
        } else if (kind === 'serve') {
          const command = /watch|dev/.test(text) ? 'watch' : 'preview';
          const { stdout } = await runCli([command, '--help'], ROOT);
          for (const flag of text.match(/(?<=\s)--?[a-z][\w-]*/g) ?? [])
            expect(stdout, `${where}: ${flag} of "${text}"`).toMatch(new RegExp(`(?:^|[ ,])${flag}\\b`, 'm'));
        }
      }
    },
    120_000,
  );
});
