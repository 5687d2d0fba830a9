// The `brochure` command line: build | check | preview | watch, flags -> options, exit codes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { buildSite, checkContent, streamSite } from './build.ts';
import { ContentError, errorsOf, formatReport, ProblemsError } from './errors.ts';
import { DEFAULTS, resolveOptions, type Options, type ResolvedOptions } from './options.ts';
import { writeSite } from './output/write-site.ts';
import { formatSummary } from './summary.ts';
import { checkCompliance } from './compliance/rules.ts';
import { formatComplianceReport, formatComplianceSummary, warningsOf } from './compliance/report.ts';
import { asStaticHost } from './host/headers-file.ts';
import { assertSiteDirectory, directoryFiles, serveSite, ServerError } from './serve/server.ts';
import { watchSite } from './watch/watch.ts';
import { displayPath } from './display-path.ts';

/** Runs the CLI with `argv` (without node and script); resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  // Commands report failure through process.exitCode; start clean when main runs more than once.
  process.exitCode = undefined;
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version are successes; every usage mistake exits 2, like most Unix tools.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof ServerError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

function createProgram(): Command {
  const program = new Command('brochure')
    .description('Builds the website of the practice from content/ (Markdown and YAML) into static HTML.')
    .version(packageVersion(), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run "brochure --help" to see the commands and options)')
    .showSuggestionAfterError(true)
    .exitOverride();

  program
    .command('build')
    .description('validate the content, render every page and write the site to the output folder')
    .option('-c, --content <dir>', 'content folder', DEFAULTS.content)
    .option('-o, --out <dir>', 'output folder', DEFAULTS.out)
    .option('-q, --quiet', 'print nothing on success')
    .action(async (flags: Pick<Options, 'content' | 'out' | 'quiet'>) => {
      const options = resolveOptions(flags);
      const unchanged = `${displayPath(options.out)}/ was left unchanged.`;
      const build = await streamSite(options);
      if (!build.ok) return fail(build.problems, unchanged);
      try {
        await writeSite(options.out, build.files);
      } catch (error) {
        // A broken link is only known once every page was rendered; writeSite has discarded its staging folder.
        if (error instanceof ProblemsError) return fail(error.problems, unchanged);
        throw error;
      }
      const result = build.result();
      if (result.problems.length > 0) console.error(formatReport(result.problems));
      if (options.quiet) return;
      const compliance = formatComplianceSummary(checkCompliance(result));
      if (compliance) console.log(compliance);
      console.log(formatSummary(result, displayPath(options.out)));
    });

  program
    .command('check')
    .description('validate the content only, with the same messages as build; writes nothing')
    .option('-c, --content <dir>', 'content folder', DEFAULTS.content)
    .option('--compliance', 'also render the site in memory and report, rule by rule, what an Italian practice site still lacks')
    .option('--strict', 'with --compliance: exit 1 when a rule warns')
    .option('-q, --quiet', 'print nothing when the content is valid')
    .action(async (flags: Pick<Options, 'content' | 'quiet'> & { compliance?: boolean; strict?: boolean }) => {
      const options = resolveOptions(flags);
      if (flags.compliance || flags.strict) return checkComplianceOf(options, flags.strict === true);
      const { problems } = await checkContent(options);
      if (errorsOf(problems).length > 0) return fail(problems, 'Nothing was written.');
      if (problems.length > 0) console.error(formatReport(problems));
      if (!options.quiet) console.log(`Content in ${displayPath(options.content)}/ is valid.`);
    });

  program
    .command('preview')
    .description('serve the built output folder as a static host would (clean URLs, 404 page)')
    .option('-o, --out <dir>', 'folder to serve', DEFAULTS.out)
    .option('-p, --port <number>', 'port to listen on', parsePort, DEFAULTS.port)
    .action(async (flags: Pick<Options, 'out' | 'port'>) => {
      const options = resolveOptions(flags);
      await assertSiteDirectory(options.out);
      const server = await serveSite({ ...(await asStaticHost(directoryFiles(options.out))), port: options.port });
      console.log(`Serving ${displayPath(options.out)}/ at ${server.url} (Ctrl-C to stop)`);
      await stopOnSignal(() => server.close());
    });

  program
    .command('watch')
    .description('build, serve on localhost, rebuild on every change and reload open pages')
    .option('-c, --content <dir>', 'content folder', DEFAULTS.content)
    .option('-p, --port <number>', 'port to listen on (0 picks a free one)', parsePort, DEFAULTS.port)
    .option('-o, --out <dir>', 'also write each good build to this folder (its pages load the live-reload script; not for deploying)')
    .action(async (flags: Pick<Options, 'content' | 'port'> & { out?: string }) => {
      const options = resolveOptions(flags);
      const starting = watchSite(options, { write: flags.out !== undefined });
      // Listening for Ctrl-C from the start: a stop during the first build waits for it, so no
      // half-written output folder is left behind.
      const stopped = stopOnSignal(() => starting.then((session) => session.close(), () => undefined));
      await starting;
      await stopped;
    });

  return program;
}

/** `check --compliance`: builds in memory (writing nothing), then prints every rule's finding. */
async function checkComplianceOf(options: ResolvedOptions, strict: boolean): Promise<void> {
  const result = await buildSite(options);
  if (!result.ok) return fail(result.problems, 'Nothing was written.');
  if (result.problems.length > 0) console.error(formatReport(result.problems));
  const findings = checkCompliance(result);
  if (!options.quiet || warningsOf(findings) > 0) console.log(formatComplianceReport(findings));
  if (strict && warningsOf(findings) > 0) process.exitCode = 1;
}

function fail(problems: ContentError[], reassurance: string): void {
  console.error(`${formatReport(problems)}\n${reassurance}`);
  process.exitCode = 1;
}

function parsePort(value: string): number {
  // Digits only: Number() would read '' as 0 (any free port) and accept '0x1f90' or '1e3'.
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new InvalidArgumentError('expected a port number between 0 and 65535.');
  return port;
}

/** Resolves once Ctrl-C or a termination signal arrives and `close` has finished. */
function stopOnSignal(close: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}


function packageVersion(): string {
  const { packageRoot } = resolveOptions();
  return (JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
}
