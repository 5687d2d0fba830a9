// What the fake GitHub holds besides the Git repository: the one user and her token, the pull requests and their labels, and a lock so writes happen one at a time.
import type { ChangedFile, GitStore, Person } from './git-store.ts';

/** The signed-in user, as GitHub's `/user` describes her. */
export interface FakeUser extends Person {
  id: number;
  login: string;
}

export interface PullRequest {
  number: number;
  nodeId: string;
  title: string;
  body: string;
  /** The branch it would merge, in the same repository (Sveltia's workflow branches `cms/<collection>/<slug>`). */
  head: string;
  base: string;
  /** The head's last commit, kept once the branch is deleted (as GitHub shows a merged pull request's). */
  headOid: string;
  draft: boolean;
  state: 'open' | 'closed';
  merged: boolean;
  mergeCommit?: string;
  labels: string[];
  author: FakeUser;
  createdAt: string;
  updatedAt: string;
}

/** A commit status as a host posts it (REST names). */
export interface CommitStatus {
  state: 'pending' | 'success' | 'failure' | 'error';
  context: string;
  description?: string;
  target_url?: string;
}

/** A check run as a host's app posts it (REST names). */
export interface CheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion?: string;
  details_url?: string;
  output?: { title?: string; summary?: string };
}

export class RepositoryState {
  readonly pulls: PullRequest[] = [];
  /** Every API request as `METHOD path`, a GraphQL one as `graphql query repository{ref,object}` (operation, fields), in order. */
  readonly calls: string[] = [];
  /** Requests the fake does not implement, and GraphQL documents its schema rejects: Sveltia asked for something it cannot answer. */
  readonly unhandled: string[] = [];
  /** The `event_type` of every repository_dispatch (Sveltia's «Pubblica Modifiche» without a deploy hook). */
  readonly dispatches: string[] = [];
  /** What a host reported on each commit (`POST /statuses/{sha}`, `POST /check-runs`), newest last: the publication's state. */
  readonly statuses = new Map<string, CommitStatus[]>();
  readonly checkRuns = new Map<string, CheckRun[]>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly store: GitStore,
    readonly owner: string,
    readonly name: string,
    readonly user: FakeUser,
    readonly origin: string,
  ) {}

  get nameWithOwner(): string {
    return `${this.owner}/${this.name}`;
  }

  /** The repository's GraphQL node id. */
  get nodeId(): string {
    return `R_${Buffer.from(this.nameWithOwner).toString('base64url')}`;
  }

  /** Runs `write` after every write before it: GitHub serialises pushes to a repository too. */
  exclusive<T>(write: () => Promise<T>): Promise<T> {
    const result = this.queue.then(write);
    this.queue = result.catch(() => undefined);
    return result;
  }

  pull(number: number): PullRequest | undefined {
    return this.pulls.find((pull) => pull.number === number);
  }

  pullByNodeId(id: string): PullRequest | undefined {
    return this.pulls.find((pull) => pull.nodeId === id);
  }

  /** A new open pull request, numbered after the last one, by the signed-in user. */
  openPull(fields: Pick<PullRequest, 'title' | 'head' | 'base' | 'headOid' | 'draft' | 'body'>): PullRequest {
    const now = new Date().toISOString();
    const number = this.pulls.length + 1;
    const pull: PullRequest = {
      ...fields,
      number,
      nodeId: `PR_${number}`,
      state: 'open',
      merged: false,
      labels: [],
      author: this.user,
      createdAt: now,
      updatedAt: now,
    };
    this.pulls.push(pull);
    return pull;
  }

  /** A commit's statuses as GitHub answers them: the latest of each context. */
  latestStatuses(sha: string): CommitStatus[] {
    const all = this.statuses.get(sha) ?? [];
    return all.filter((status, index) => !all.slice(index + 1).some((later) => later.context === status.context));
  }

  touch(pull: PullRequest): void {
    pull.updatedAt = new Date().toISOString();
  }

  /** What the pull request changes: its head against where it left its base. */
  async changedFiles(pull: PullRequest): Promise<ChangedFile[]> {
    const base = await this.store.branchHead(pull.base);
    const head = (await this.store.branchHead(pull.head)) ?? pull.headOid;
    if (!base) return [];
    return this.store.changedFiles(await this.store.mergeBase(base, head), head);
  }

  pullUrl(pull: PullRequest): string {
    return `${this.origin}/${this.nameWithOwner}/pull/${pull.number}`;
  }

  /** A small picture for her avatar that the editor's policy accepts (img-src allows data:). */
  get avatarUrl(): string {
    return `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#7a9"/></svg>')}`;
  }
}
