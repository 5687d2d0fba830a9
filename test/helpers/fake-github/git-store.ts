// The fake GitHub's repository: a bare Git repository on disk, read and written with git's plumbing commands, so "published" means "on main" as it does for a host that builds from main.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Who a commit is by: the signed-in user for her saves, GitHub itself for merges. */
export interface Person {
  name: string;
  email: string;
}

/** One file of a tree, as `git ls-tree -r -l` lists it. */
export interface TreeFile {
  path: string;
  mode: string;
  sha: string;
  size: number;
}

/** A commit as the fake's GraphQL answers need it. */
export interface CommitInfo {
  oid: string;
  message: string;
  author: Person;
  authorDate: string;
  committedDate: string;
}

/** A file a pull request changes, against the point where its branch left the base. */
export interface ChangedFile {
  path: string;
  previousPath?: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
}

export class GitError extends Error {}

export class GitStore {
  constructor(readonly gitDir: string) {}

  /** Runs git on the repository, `input` on its stdin; resolves to its stdout, or rejects with its stderr. */
  run(args: string[], { input, env = {} }: { input?: Buffer | string; env?: NodeJS.ProcessEnv } = {}): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', args, {
        env: { ...process.env, ...env, GIT_DIR: this.gitDir, LC_ALL: 'C' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out));
        else reject(new GitError(`git ${args.join(' ')}: ${Buffer.concat(err).toString().trim()} (exit ${code})`));
      });
      child.stdin.end(input);
    });
  }

  private async text(args: string[], options?: Parameters<GitStore['run']>[1]): Promise<string> {
    return (await this.run(args, options)).toString('utf8').trim();
  }

  /** The object `revision` names (a commit of a branch, `branch:path`, an oid), or undefined. */
  async resolve(revision: string): Promise<string | undefined> {
    return this.text(['rev-parse', '--verify', '--quiet', '--end-of-options', revision]).catch(() => undefined);
  }

  /** The head commit of `branch`, or undefined when there is no such branch. */
  branchHead(branch: string): Promise<string | undefined> {
    return this.resolve(`refs/heads/${branch}^{commit}`);
  }

  async branches(): Promise<string[]> {
    const list = await this.text(['for-each-ref', '--format=%(refname:lstrip=2)', 'refs/heads/']);
    return list ? list.split('\n') : [];
  }

  /** `blob`, `tree`, `commit` or `tag`; undefined for an object the repository does not have. */
  async typeOf(oid: string): Promise<string | undefined> {
    return this.text(['cat-file', '-t', oid]).catch(() => undefined);
  }

  blob(oid: string): Promise<Buffer> {
    return this.run(['cat-file', 'blob', oid]);
  }

  /** Every file of the tree of `revision`, recursively. */
  async tree(revision: string): Promise<TreeFile[]> {
    const out = (await this.run(['ls-tree', '-r', '-l', '-z', revision])).toString('utf8');
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = line.split('\t') as [string, string];
        const [mode, , sha, size] = meta.split(/\s+/) as [string, string, string, string];
        return { path: file, mode, sha, size: Number(size) };
      });
  }

  /** Up to `first` commits reachable from `revision`, newest first; only those touching `file` when given. */
  async log(revision: string, first: number, file?: string): Promise<CommitInfo[]> {
    const format = ['%H', '%an', '%ae', '%aI', '%cI', '%B'].join('%x1f') + '%x1e';
    const args = ['log', `--max-count=${first}`, `--format=${format}`, revision, '--', ...(file ? [file] : [])];
    const out = (await this.run(args)).toString('utf8');
    return out
      .split('\x1e')
      .map((record) => record.replace(/^\n/, ''))
      .filter(Boolean)
      .map((record) => {
        const [oid, name, email, authorDate, committedDate, message] = record.split('\x1f') as [
          string,
          string,
          string,
          string,
          string,
          string,
        ];
        return { oid, author: { name, email }, authorDate, committedDate, message: message.trimEnd() };
      });
  }

  async commitInfo(oid: string): Promise<CommitInfo> {
    const [info] = await this.log(oid, 1);
    if (!info) throw new GitError(`no commit ${oid}`);
    return info;
  }

  /**
   * A new commit on top of `parent`: its tree with `additions` written and `deletions` removed,
   * built in an index of its own (the repository has no work tree). Returns the commit's oid; no
   * branch moves.
   */
  async commitChanges({
    parent,
    additions,
    deletions,
    message,
    author,
  }: {
    parent: string;
    additions: { path: string; contents: Buffer }[];
    deletions: string[];
    message: string;
    author: Person;
  }): Promise<string> {
    const folder = await mkdtemp(path.join(tmpdir(), 'fake-github-index-'));
    const env = { GIT_INDEX_FILE: path.join(folder, 'index') };
    try {
      await this.run(['read-tree', parent], { env });
      for (const file of deletions) await this.run(['update-index', '--force-remove', '--', file], { env });
      for (const { path: file, contents } of additions) {
        const sha = await this.text(['hash-object', '-w', '--stdin'], { input: contents });
        await this.run(['update-index', '--add', '--cacheinfo', `100644,${sha},${file}`], { env });
      }
      const tree = await this.text(['write-tree'], { env });
      return await this.commitTree(tree, [parent], message, author);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** A commit of `tree` with `parents`, by `author`, committed by GitHub as its web merges are. */
  commitTree(tree: string, parents: string[], message: string, author: Person): Promise<string> {
    return this.text(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: 'GitHub',
        GIT_COMMITTER_EMAIL: 'noreply@github.com',
      },
    });
  }

  /** The tree of `theirs` merged into `ours`, or undefined when they conflict. */
  async mergeTree(ours: string, theirs: string): Promise<string | undefined> {
    const out = await this.run(['merge-tree', '--write-tree', '--no-messages', ours, theirs]).catch(
      (error: unknown) => {
        if (error instanceof GitError && error.message.includes('(exit 1)')) return undefined;
        throw error;
      },
    );
    return out?.toString('utf8').split('\n')[0];
  }

  mergeBase(a: string, b: string): Promise<string> {
    return this.text(['merge-base', a, b]);
  }

  /** What `head` changes against `base`, renames detected as GitHub does. */
  async changedFiles(base: string, head: string): Promise<ChangedFile[]> {
    const fields = (await this.run(['diff', '--name-status', '-z', '-M', base, head])).toString('utf8').split('\0');
    const files: ChangedFile[] = [];
    for (let index = 0; index < fields.length - 1;) {
      const code = fields[index++]!;
      if (code.startsWith('R')) {
        const previousPath = fields[index++]!;
        files.push({ path: fields[index++]!, previousPath, status: 'renamed' });
      } else {
        const status = code === 'A' ? 'added' : code === 'D' ? 'removed' : 'modified';
        files.push({ path: fields[index++]!, status });
      }
    }
    return files;
  }

  /**
   * Points `refs/heads/<branch>` at `oid`, only if it is at `expected` now (`''`: only if it does
   * not exist). Rejects when it has moved.
   */
  async setBranch(branch: string, oid: string, expected?: string): Promise<void> {
    await this.run(['update-ref', `refs/heads/${branch}`, oid, ...(expected === undefined ? [] : [expected])]);
  }

  async deleteBranch(branch: string): Promise<void> {
    await this.run(['update-ref', '-d', `refs/heads/${branch}`]);
  }
}
