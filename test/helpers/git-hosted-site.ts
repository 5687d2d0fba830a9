// The sample site as it lives online: its files in a Git repository (a bare one, GitHub's copy), and a host that builds `main` and serves the build, as Netlify or Cloudflare Pages do on every push.
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startPreview } from './preview.ts';
import { runInProcess } from './cli-in-process.ts';
import { tempDir } from './files.ts';

const run = promisify(execFile);
// Not fixtures.ts's: that imports vitest, and the guide's screenshot script uses this site too.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Who made the first commit, and anything else done with plain git here. */
const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Studio PSS',
  GIT_AUTHOR_EMAIL: 'studio@example.com',
  GIT_COMMITTER_NAME: 'Studio PSS',
  GIT_COMMITTER_EMAIL: 'studio@example.com',
};

export interface GitHostedSite {
  /** The bare repository: GitHub's copy, which the fake GitHub reads and writes. */
  gitDir: string;
  /** The host's served build of `main` (`brochure preview`). */
  url: string;
  /** Runs git on the repository (stdout, trimmed). */
  git(...args: string[]): Promise<string>;
  /** What the host does on a push: takes `main` as it is now and builds it; resolves to the commit built. */
  publish(): Promise<string>;
  /** A page of the host's last build, as served. */
  page(pathname: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The sample content with `cms: { repo }` (and `cmsLines`, indented under it) added to site.yaml, committed on `main`, built and served.
 * The host's checkout is a clone that `publish` resets to `main`; its build is in `dist/`.
 */
export async function startGitHostedSite(repo: string, cmsLines = ''): Promise<GitHostedSite> {
  const work = await tempDir('brochure-hosted-');
  const project = path.join(work, 'project');
  await cp(path.join(ROOT, 'content'), path.join(project, 'content'), { recursive: true });
  const siteYaml = path.join(project, 'content', 'site.yaml');
  await writeFile(siteYaml, `${await readFile(siteYaml, 'utf8')}\ncms:\n  repo: ${repo}\n${cmsLines}`);
  const inFolder = async (cwd: string, ...args: string[]) =>
    (await run('git', args, { cwd, env: { ...process.env, ...GIT_IDENTITY }, maxBuffer: 64 << 20 })).stdout.trim();
  await inFolder(project, 'init', '--quiet', '--initial-branch=main');
  await inFolder(project, 'add', '.');
  await inFolder(project, 'commit', '--quiet', '--message=Il sito');
  const gitDir = path.join(work, 'github.git');
  await inFolder(work, 'clone', '--quiet', '--bare', project, gitDir);
  const host = path.join(work, 'host');
  await inFolder(work, 'clone', '--quiet', gitDir, host);

  const publish = async () => {
    await inFolder(host, 'fetch', '--quiet', 'origin');
    await inFolder(host, 'reset', '--quiet', '--hard', 'origin/main');
    const build = await runInProcess(['build', '--quiet'], host);
    if (build.code !== 0) throw new Error(`the host's build failed:\n${build.stderr}`);
    return inFolder(host, 'rev-parse', 'HEAD');
  };
  await publish();

  const { url, stop } = await startPreview([], host);

  return {
    gitDir,
    url,
    git: (...args) => inFolder(work, `--git-dir=${gitDir}`, ...args),
    publish,
    page: async (pathname) => (await fetch(`${url}${pathname}`)).text(),
    stop,
  };
}
