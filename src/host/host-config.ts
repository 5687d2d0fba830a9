// `brochure host-config <host>`: writes the file a host reads from the repository (refusing to replace a different one), or prints nginx's server block.
import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../cache-file.ts';
import { formatReport } from '../errors.ts';
import { displayPath } from '../cli/display-path.ts';
import { messagesLanguage } from '../messages/language.ts';
import { declared } from '../messages/site-language.ts';
import { render, say, type Language, type Text } from '../messages/text.ts';
import { resolveOptions } from '../options.ts';
import {
  CLOUDFLARE_DASHBOARD,
  netlifyToml,
  NODE_MAJOR,
  nodeVersionFile,
  pagesWorkflow,
  PUBLISH_FOLDER,
  type Host,
  type RepositoryFile,
} from './repository-files.ts';

/** The command's flags, as commander hands them over. */
export interface HostConfigFlags {
  content?: string;
  /** nginx: the folder on the server holding the built site. */
  root?: string;
  /** Replace an existing file that differs from brochure's. */
  force?: boolean;
  /** Print the file rather than write it. */
  print?: boolean;
  lang?: Language;
}

/** Runs the command for `host` in the project folder `cwd`; a refusal or a content error sets exit code 1. */
export async function hostConfig(host: Host, flags: HostConfigFlags, cwd = process.cwd()): Promise<void> {
  const options = resolveOptions({ content: flags.content }, cwd);
  const language = await messagesLanguage(flags.lang, options.content);
  const tell = (text: Text) => render(text, language);
  // On stderr: nginx's server block goes to stdout, for the operator to redirect to a file.
  const siteYaml = displayPath(path.join(options.content, 'site.yaml'), cwd);
  const nameHost = async () => {
    if ((await declared(options.content, 'host')) !== host)
      console.error(tell(say('hostNotNamed', { host, file: siteYaml })));
  };
  if (host === 'nginx') return printNginx(flags, options.content, cwd, language).then(nameHost);
  const file = host === 'github-pages' ? pagesWorkflow() : host === 'netlify' ? netlifyToml() : nodeVersionFile();
  if (flags.print) return void process.stdout.write(file.text);
  const outcome = await writeRepositoryFile(cwd, file, flags.force === true);
  const named = { file: file.file, host };
  if (outcome === 'refused' || outcome === 'not plain') {
    console.error(tell(say(outcome === 'refused' ? 'hostFileDiffers' : 'hostFileNotPlain', named)));
    process.exitCode = 1;
    return;
  }
  console.log(tell(outcome === 'written' ? say('hostFileWritten', named) : say('hostFileUnchanged', named)));
  if (host === 'github-pages') console.log(tell(say('hostPagesSource')));
  if (host === 'netlify') console.log(tell(say('hostNetlifyReads', { out: PUBLISH_FOLDER })));
  if (host === 'cloudflare-pages') {
    console.log(tell(say('hostCloudflareReads', { file: file.file, node: NODE_MAJOR, out: PUBLISH_FOLDER })));
    const width = Math.max(...CLOUDFLARE_DASHBOARD.map(([setting]) => setting.length));
    for (const [setting, value] of CLOUDFLARE_DASHBOARD) console.log(`  ${setting.padEnd(width)}  ${value}`);
  }
  await nameHost();
}

/**
 * Writes `file` under `project` unless a different file is there already (kept unless `force`):
 * a workflow or netlify.toml the owner edited is theirs to merge. Never through a link or over a
 * folder (`not plain`): nothing is written outside the project. Written whole or not at all.
 */
export async function writeRepositoryFile(
  project: string,
  file: RepositoryFile,
  force: boolean,
): Promise<'written' | 'unchanged' | 'refused' | 'not plain'> {
  const target = path.join(project, ...file.file.split('/'));
  let folder = path.dirname(target);
  while (!(await lstat(folder).catch(() => undefined))) folder = path.dirname(folder);
  const outside = path.relative(await realpath(project), await realpath(folder)).startsWith('..');
  const info = await lstat(target).catch(() => undefined);
  if (outside || (info && !info.isFile())) return 'not plain';
  const existing = info ? await readFile(target, 'utf8') : undefined;
  if (existing === file.text) return 'unchanged';
  if (existing !== undefined && !force) return 'refused';
  await writeFileAtomic(target, file.text);
  return 'written';
}

/** nginx reads nothing from the repository: its server block goes to stdout, for the operator to install. */
async function printNginx(flags: HostConfigFlags, content: string, cwd: string, language: Language): Promise<void> {
  const [{ checkContent }, { renderNginxConfig }, { siteAdminHeaderRules }] = await Promise.all([
    import('../content/check.ts'),
    import('./nginx.ts'),
    import('../cms/build-admin.ts'),
  ]);
  const { entries, problems } = await checkContent(resolveOptions({ content }, cwd));
  if (!entries) {
    console.error(`${formatReport(problems, language)}\n${render(say('nothingPrinted'), language)}`);
    process.exitCode = 1;
    return;
  }
  const site = entries.site.data;
  const root = flags.root ?? `/var/www/${new URL(site.url).hostname}`;
  process.stdout.write(renderNginxConfig(site, { root, extraRules: siteAdminHeaderRules(site) }));
}
