// The `brochure` command line: build | check | preview | watch, flags -> options, exit codes.
// Each command imports what it runs when it runs (the compiled CLI splits there), so `--version`
// never loads the pipeline, `check` never loads React, and only `watch` loads its watcher and live reload.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Argument, Command, CommanderError, InvalidArgumentError } from 'commander';
import { describeEnvironmentError, EnvironmentFailure } from './cli/environment-error.ts';
import { showImageProgress } from './cli/progress.ts';
import { outputGuard, prepareOutput } from './output/prepare-output.ts';
import { OutputRefused } from './output/output-guard.ts';
import { displayPath } from './cli/display-path.ts';
import { isLanguage, messagesLanguage } from './messages/language.ts';
import { render, say, type Language } from './messages/text.ts';
import { errorsOf, formatReport, type ContentError } from './errors.ts';
import { DEFAULTS, resolveOptions, type Options, type ResolvedOptions } from './options.ts';
import { HOSTS, type Host } from './host/repository-files.ts';
import type { HostConfigFlags } from './host/host-config.ts';
import type { ServingFlags } from './serve/serving.ts';

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
    // Loaded here rather than at start: `build` and `check` never load node:http and the server.
    const { ServerError } = await import('./serve/server.ts');
    if (error instanceof ServerError) {
      console.error(error.message);
      return 1;
    }
    // The user's choice of output folder, or their machine (permissions, full or read-only disk):
    // one line saying what to do, no stack trace.
    if (error instanceof OutputRefused) {
      console.error(error.message);
      return 2;
    }
    const environment = describeEnvironmentError(error, (file) => displayPath(file));
    if (environment) {
      console.error(environment);
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
    .option(
      '--force',
      'replace an output folder brochure did not create (never the project, content, home or root folder)',
    )
    .option('--precompress', 'write .br and .gz beside text files (default unless site.yaml names a host but nginx)')
    .option('--no-precompress', 'write none (Netlify, Cloudflare Pages and GitHub Pages compress on their own)')
    .option(...LANG_OPTION)
    .action(
      refusalsInLanguage(
        async (
          flags: Pick<Options, 'content' | 'out' | 'quiet'> & {
            force?: boolean;
            lang?: Language;
            precompress?: boolean;
          },
        ) => {
          const options = resolveOptions(flags);
          const guard = outputGuard(options, flags.force);
          // A refused output folder fails at once, before anything is built.
          await prepareOutput(options.out, guard, options.content);
          const [
            { buildSite },
            { writeBuild },
            { formatSummary },
            { checkCompliance },
            { formatComplianceSummary },
            { launchInput },
            { formatLaunchSummary },
            { checkLaunch },
          ] = await Promise.all([
            import('./build.ts'),
            import('./output/write-site.ts'),
            import('./cli/summary.ts'),
            import('./compliance/rules.ts'),
            import('./compliance/report.ts'),
            import('./launch/input.ts'),
            import('./launch/report.ts'),
            import('./launch/rules.ts'),
          ]);
          const language = await messagesLanguage(flags.lang, options.content);
          const stopProgress = options.quiet ? undefined : showImageProgress(process.stderr, language);
          const result = await buildSite(options).finally(stopProgress);
          if (!result.ok) {
            return fail(
              result.problems,
              render(say('leftUnchanged', { folder: `${displayPath(options.out)}/` }), language),
              language,
            );
          }
          await writeBuild(options.out, result, guard, options.cacheDir, flags.precompress);
          if (result.problems.length > 0) console.error(formatReport(result.problems, language));
          if (options.quiet) return;
          const notes = [
            formatComplianceSummary(checkCompliance(result), language),
            formatLaunchSummary(checkLaunch(await launchInput(result.model, options.content)), language),
          ].filter((line) => line !== null);
          console.log([...notes, formatSummary(result, displayPath(options.out), language)].join('\n'));
        },
      ),
    );

  program
    .command('check')
    .description('validate the content only, with the same messages as build; writes nothing')
    .option('-c, --content <dir>', 'content folder', DEFAULTS.content)
    .option(
      '--compliance',
      'also render the site in memory and report, rule by rule, what an Italian practice site still lacks',
    )
    .option('--strict', 'with --compliance: exit 1 when a rule warns')
    .option(
      '--launch',
      'also render the site in memory and report, rule by rule, what still keeps it from going live (sample values, placeholders, made-up contacts); exit 1 when a rule fails',
    )
    .option('-q, --quiet', 'print nothing when the content is valid')
    .option(...LANG_OPTION)
    .action(
      async (
        flags: Pick<Options, 'content' | 'quiet'> & {
          compliance?: boolean;
          strict?: boolean;
          launch?: boolean;
          lang?: Language;
        },
      ) => {
        const options = resolveOptions(flags);
        const language = await messagesLanguage(flags.lang, options.content);
        const reports = {
          compliance: flags.compliance === true || flags.strict === true,
          strict: flags.strict === true,
          launch: flags.launch === true,
        };
        if (reports.compliance || reports.launch) return checkReportsOf(options, reports, language);
        const { checkContent } = await import('./content/check.ts');
        const { problems } = await checkContent(options);
        if (errorsOf(problems).length > 0) return fail(problems, render(say('nothingWritten'), language), language);
        if (problems.length > 0) console.error(formatReport(problems, language));
        if (!options.quiet)
          console.log(render(say('contentValid', { folder: `${displayPath(options.content)}/` }), language));
      },
    );

  program
    .command('preview')
    .description('serve the built output folder as a static host would (clean URLs, 404 page)')
    .option('-o, --out <dir>', 'folder to serve', DEFAULTS.out)
    .option(...PORT_OPTION)
    .option(
      '--host <address>',
      'address to listen on; 0.0.0.0 lets other devices on the network (a phone) connect',
      DEFAULTS.host,
    )
    .option('--open', 'open the site in the default browser')
    .option(...LANG_OPTION)
    .action(async (flags: Pick<Options, 'out' | 'host'> & ServingFlags & { lang?: Language }) => {
      const options = resolveOptions(flags);
      const [
        { asStaticHost },
        { basePathOfRobots },
        { networkUrls },
        { assertSiteDirectory, directoryFiles, serveSite },
        serving,
      ] = await Promise.all([
        import('./host/headers-file.ts'),
        import('./base-path.ts'),
        import('./serve/network-urls.ts'),
        import('./serve/server.ts'),
        import('./serve/serving.ts'),
      ]);
      const language = await messagesLanguage(flags.lang, options.content);
      await assertSiteDirectory(options.out, language);
      const files = directoryFiles(options.out);
      // The site's base path (a GitHub Pages project site lives under /<repo>/) is in its robots.txt.
      const base = basePathOfRobots(Buffer.from((await files.read('robots.txt')) ?? '').toString('utf8'));
      const server = await serveSite({
        ...(await asStaticHost(files, base)),
        port: options.port,
        // A port given on the command line is the user's: busy, it is an error; the default yields to the next free one.
        strictPort: flags.port !== undefined,
        language,
        host: options.host,
        base,
      });
      const note = serving.portNote(options.port, server.port, language);
      if (note) console.log(note);
      const shownBase = base === '/' ? '' : base;
      const urls = serving.shownUrls(server.url, networkUrls(options.host, server.port, shownBase), shownBase);
      console.log(render(say('previewServing', { folder: `${displayPath(options.out)}/`, urls }), language));
      await serving.openIfAsked(flags, `${server.url}${base}`, language);
      await stopOnSignal(() => server.close());
    });

  program
    .command('watch')
    .description('build, serve on localhost, rebuild on every change and reload open pages')
    .option('-c, --content <dir>', 'content folder', DEFAULTS.content)
    .option(...PORT_OPTION)
    .option(
      '--host <address>',
      'address to listen on; 0.0.0.0 lets other devices on the network (a phone) connect',
      DEFAULTS.host,
    )
    .option('--open', 'open the site in the default browser once it is served')
    .option(
      '-o, --out <dir>',
      'also write each good build to this folder, as build would (deployable: the reload script is added only when serving)',
    )
    .option(
      '--force',
      'with --out: replace a folder brochure did not create (never the project, content, home or root folder)',
    )
    .option(
      '-e, --edit',
      'also serve the web editor at /admin (Sveltia CMS: the browser saves the files under content/, this server writes nothing)',
    )
    .option(...LANG_OPTION)
    .action(
      refusalsInLanguage(
        async (
          flags: Pick<Options, 'content' | 'host'> &
            ServingFlags & { out?: string; force?: boolean; edit?: boolean; lang?: Language },
        ) => {
          const options = resolveOptions(flags);
          const language = await messagesLanguage(flags.lang, options.content);
          const guard = flags.out === undefined ? undefined : outputGuard(options, flags.force);
          if (guard) await prepareOutput(options.out, guard, options.content);
          const { watchSite } = await import('./watch/watch.ts');
          // For the whole session: a photo added while watching is encoded with the same progress line.
          const stopProgress = showImageProgress(process.stderr, language);
          const starting = watchSite(options, {
            write: flags.out !== undefined,
            guard,
            edit: flags.edit === true,
            language,
            strictPort: flags.port !== undefined,
          });
          // Listening for Ctrl-C from the start: a stop during the first build waits for it, so no
          // half-written output folder is left behind.
          const stopped = stopOnSignal(() =>
            starting
              .then(
                (session) => session.close(),
                () => undefined,
              )
              .finally(stopProgress),
          );
          const session = await starting;
          if (flags.open) await (await import('./serve/serving.ts')).openIfAsked(flags, session.home, language);
          await stopped;
        },
      ),
    );

  program
    .command('host-config')
    .description(
      'write the file a host reads from the repository (github-pages: the workflow, netlify: netlify.toml, cloudflare-pages: .node-version and the dashboard settings), or print the nginx server configuration',
    )
    .addArgument(new Argument('<host>', 'where the site is published').choices(HOSTS))
    .option('-c, --content <dir>', 'content folder', DEFAULTS.content)
    .option('--root <dir>', 'nginx: folder on the server holding the built site (default /var/www/<host name>)')
    .option('--force', 'replace the file when it exists and differs from what brochure writes')
    .option('--print', 'print the file instead of writing it')
    .option(...LANG_OPTION)
    .action(async (host: Host, flags: HostConfigFlags) =>
      (await import('./host/host-config.ts')).hostConfig(host, flags),
    );

  return program;
}

/** Which reports `check` renders the site for: `--compliance` (with `--strict`) and `--launch`. */
interface SiteReports {
  compliance: boolean;
  strict: boolean;
  launch: boolean;
}

/**
 * `check --compliance` and `check --launch`: builds in memory (writing nothing), then prints every
 * rule's finding, compliance first. A failing launch rule, or with `--strict` a compliance warning, exits 1.
 */
async function checkReportsOf(options: ResolvedOptions, reports: SiteReports, language: Language): Promise<void> {
  const [
    { buildSite },
    { checkCompliance },
    { formatComplianceReport, warningsOf },
    { launchInput },
    { count, formatLaunchReport },
    { checkLaunch },
  ] = await Promise.all([
    import('./build.ts'),
    import('./compliance/rules.ts'),
    import('./compliance/report.ts'),
    import('./launch/input.ts'),
    import('./launch/report.ts'),
    import('./launch/rules.ts'),
  ]);
  const result = await buildSite(options);
  if (!result.ok) return fail(result.problems, render(say('nothingWritten'), language), language);
  if (result.problems.length > 0) console.error(formatReport(result.problems, language));
  if (reports.compliance) {
    const findings = checkCompliance(result);
    if (!options.quiet || warningsOf(findings) > 0) console.log(formatComplianceReport(findings, language));
    if (reports.strict && warningsOf(findings) > 0) process.exitCode = 1;
  }
  if (reports.launch) {
    const findings = checkLaunch(await launchInput(result.model, options.content));
    const failed = count(findings, 'fail') > 0;
    // A blank line between the two reports.
    if (!options.quiet || failed || count(findings, 'warn') > 0)
      console.log(`${reports.compliance ? '\n' : ''}${formatLaunchReport(findings, language)}`);
    if (failed) process.exitCode = 1;
  }
}

/**
 * An action whose refused output folder, or failure of the machine (a full or read-only disk), is said
 * in the site's language. Either may come before the content is read, so `language:` of site.yaml is
 * looked up only when there is one to say.
 */
function refusalsInLanguage<Flags extends { content?: string; out?: string; lang?: Language }>(
  action: (flags: Flags) => Promise<void>,
): (flags: Flags) => Promise<void> {
  return async (flags) => {
    try {
      await action(flags);
    } catch (error) {
      // Or the machine's failure (a full or read-only disk): one line in the site's language too.
      const machine = !(error instanceof OutputRefused) && describeEnvironmentError(error, displayPath) !== undefined;
      if (!(error instanceof OutputRefused) && !machine) throw error;
      const { content, out } = resolveOptions({ content: flags.content, out: flags.out });
      const language = await messagesLanguage(flags.lang, content);
      if (error instanceof OutputRefused) throw new OutputRefused(error.text, language);
      throw new EnvironmentFailure(describeEnvironmentError(error, displayPath, language, out)!);
    }
  };
}

function fail(problems: ContentError[], reassurance: string, language: Language): void {
  console.error(`${formatReport(problems, language)}\n${reassurance}`);
  process.exitCode = 1;
}

// Unset, the default port, or the next free one after it (an explicit busy port is an error, as Vite's strictPort).
const PORT_OPTION = [
  '-p, --port <number>',
  `port to listen on (default ${DEFAULTS.port}, or the next free one after it; 0 picks any free one)`,
  parsePort,
] as const;

// Reports in Italian or English; unset, the `language` of site.yaml decides (English if it has none).
const LANG_OPTION = [
  '--lang <it|en>',
  'language of the content messages (default: site.yaml "language", else en)',
  parseLanguage,
] as const;

function parseLanguage(value: string): Language {
  if (!isLanguage(value)) throw new InvalidArgumentError('expected "it" or "en"');
  return value;
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
