// The fake GitHub's REST API: the routes Sveltia CMS's github backend calls (the user, access, trees and blobs, branches, pull requests, their labels and merge), answered from the Git repository.
import type { CheckRun, CommitStatus, PullRequest, RepositoryState } from './state.ts';

export interface RestAnswer {
  status: number;
  /** JSON, or bytes sent as they are (a raw blob). */
  body?: unknown;
  contentType?: string;
}

interface RestRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  accept: string;
}

const json = (status: number, body?: unknown): RestAnswer => ({ status, body });
const notFound = () =>
  json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
const unprocessable = (message: string) => json(422, { message, status: '422' });

/** A route's answer; undefined for a form of the request the fake does not implement (recorded as unhandled). */
type Handler = (
  state: RepositoryState,
  request: RestRequest,
  match: string[],
) => Promise<RestAnswer | undefined> | RestAnswer | undefined;

/** `METHOD /path` patterns under /repos/:owner/:repo (the `R` prefix) or the API root. */
const ROUTES: [string, RegExp, Handler][] = [
  ['GET', /^\/user$/, (state) => json(200, userJson(state))],
  [
    'GET',
    /^R\/collaborators\/([^/]+)$/,
    (state, _request, [login]) =>
      decodeURIComponent(login!).toLowerCase() === state.user.login.toLowerCase() ? json(204) : notFound(),
  ],
  ['GET', /^R\/git\/trees\/(.+)$/, getTree],
  ['GET', /^R\/git\/blobs\/([0-9a-f]{40})$/, getBlob],
  ['PATCH', /^R\/git\/refs\/heads\/(.+)$/, updateRef],
  ['DELETE', /^R\/git\/refs\/heads\/(.+)$/, deleteRef],
  ['POST', /^R\/pulls$/, createPull],
  ['PATCH', /^R\/pulls\/(\d+)$/, updatePull],
  ['GET', /^R\/pulls\/(\d+)\/files$/, pullFiles],
  ['PUT', /^R\/pulls\/(\d+)\/merge$/, mergePull],
  [
    'GET',
    /^R\/issues\/(\d+)$/,
    (state, _request, [number]) => withPull(state, number!, (pull) => json(200, issueJson(pull))),
  ],
  ['PATCH', /^R\/issues\/(\d+)$/, setLabels],
  ['POST', /^R\/issues\/(\d+)\/labels$/, addLabels],
  // What a host reports on a commit, and what the editor reads back of the branch it publishes.
  ['POST', /^R\/statuses\/([0-9a-f]{40})$/, postStatus],
  ['POST', /^R\/check-runs$/, postCheckRun],
  ['GET', /^R\/commits\/(.+)\/status$/, combinedStatus],
  ['GET', /^R\/commits\/(.+)\/check-runs$/, listCheckRuns],
  // «Pubblica Modifiche» without a deploy hook: a repository_dispatch event for a GitHub Actions workflow to pick up.
  [
    'POST',
    /^R\/dispatches$/,
    (state, request) => {
      state.dispatches.push((request.body as { event_type: string }).event_type);
      return json(204);
    },
  ],
];

function postStatus(state: RepositoryState, request: RestRequest, [sha]: string[]): RestAnswer {
  const { context = 'default', ...status } = request.body as Omit<CommitStatus, 'context'> & { context?: string };
  state.statuses.set(sha!, [...(state.statuses.get(sha!) ?? []), { ...status, context }]);
  return json(201, { ...status, context });
}

function postCheckRun(state: RepositoryState, request: RestRequest): RestAnswer {
  const body = request.body as Omit<CheckRun, 'id'>;
  const run = { ...body, id: 1 + [...state.checkRuns.values()].flat().length, status: body.status ?? 'queued' };
  state.checkRuns.set(run.head_sha, [...(state.checkRuns.get(run.head_sha) ?? []), run]);
  return json(201, checkRunJson(state, run));
}

const checkRunJson = (state: RepositoryState, run: CheckRun) => ({
  ...run,
  conclusion: run.conclusion ?? null,
  html_url: `${state.origin}/${state.nameWithOwner}/runs/${run.id}`,
  output: { title: run.output?.title ?? null, summary: run.output?.summary ?? null },
});

/** A branch name or a commit's sha, as GitHub takes either in `/commits/{ref}/…`. */
async function commitOf(state: RepositoryState, ref: string): Promise<string | undefined> {
  const name = decodeURIComponent(ref);
  return (await state.store.branchHead(name)) ?? (await state.store.resolve(`${name}^{commit}`));
}

async function combinedStatus(state: RepositoryState, _request: RestRequest, [ref]: string[]): Promise<RestAnswer> {
  const sha = await commitOf(state, ref!);
  if (!sha) return unprocessable(`No commit found for SHA: ${ref}`);
  const statuses = state.latestStatuses(sha);
  // GitHub's own rule, with its quirk: no status at all is "pending".
  const combined = statuses.some(({ state }) => state === 'failure' || state === 'error')
    ? 'failure'
    : statuses.length && statuses.every(({ state }) => state === 'success')
      ? 'success'
      : 'pending';
  return json(200, { state: combined, sha, total_count: statuses.length, statuses });
}

async function listCheckRuns(state: RepositoryState, _request: RestRequest, [ref]: string[]): Promise<RestAnswer> {
  const sha = await commitOf(state, ref!);
  if (!sha) return unprocessable(`No commit found for SHA: ${ref}`);
  const runs = (state.checkRuns.get(sha) ?? []).map((run) => checkRunJson(state, run)).reverse();
  return json(200, { total_count: runs.length, check_runs: runs });
}

/** Answers one REST request; undefined when no route matches (the caller records it as unhandled). */
export async function answerRest(state: RepositoryState, request: RestRequest): Promise<RestAnswer | undefined> {
  const prefix = `/repos/${state.nameWithOwner}`;
  const path = request.path.toLowerCase().startsWith(prefix.toLowerCase() + '/')
    ? `R${request.path.slice(prefix.length)}`
    : request.path;
  for (const [method, pattern, handler] of ROUTES) {
    const match = pattern.exec(path);
    if (match && method === request.method) return handler(state, request, match.slice(1));
  }
  return undefined;
}

function userJson(state: RepositoryState) {
  const { user } = state;
  return {
    login: user.login,
    id: user.id,
    node_id: `U_${user.id}`,
    type: 'User',
    name: user.name,
    email: user.email,
    avatar_url: state.avatarUrl,
    html_url: `${state.origin}/${user.login}`,
  };
}

/** The whole tree of a branch or commit (Sveltia always asks with `recursive=1`, the only form implemented). */
async function getTree(
  state: RepositoryState,
  request: RestRequest,
  [revision]: string[],
): Promise<RestAnswer | undefined> {
  if (!request.query.has('recursive')) return undefined;
  const name = decodeURIComponent(revision!);
  const oid = (await state.store.branchHead(name)) ?? (await state.store.resolve(`${name}^{commit}`));
  if (!oid) return notFound();
  const files = await state.store.tree(oid);
  return json(200, {
    sha: oid,
    tree: files.map(({ path, mode, sha, size }) => ({ path, mode, type: 'blob', sha, size })),
    truncated: false,
  });
}

async function getBlob(state: RepositoryState, request: RestRequest, [sha]: string[]): Promise<RestAnswer> {
  if ((await state.store.typeOf(sha!)) !== 'blob') return notFound();
  const bytes = await state.store.blob(sha!);
  if (request.accept.includes('application/vnd.github.raw'))
    return { status: 200, body: bytes, contentType: 'application/octet-stream' };
  return json(200, { sha, size: bytes.length, encoding: 'base64', content: bytes.toString('base64') });
}

function updateRef(state: RepositoryState, request: RestRequest, [branch]: string[]): Promise<RestAnswer> {
  const name = decodeURIComponent(branch!);
  const { sha, force } = request.body as { sha: string; force?: boolean };
  return state.exclusive(async () => {
    const head = await state.store.branchHead(name);
    if (!head) return unprocessable('Reference does not exist');
    if ((await state.store.typeOf(sha)) !== 'commit') return unprocessable('Object does not exist');
    if (!force && (await state.store.mergeBase(head, sha)) !== head)
      return unprocessable('Update is not a fast forward');
    await state.store.setBranch(name, sha, head);
    return json(200, { ref: `refs/heads/${name}`, object: { type: 'commit', sha } });
  });
}

function deleteRef(state: RepositoryState, _request: RestRequest, [branch]: string[]): Promise<RestAnswer> {
  const name = decodeURIComponent(branch!);
  return state.exclusive(async () => {
    if (!(await state.store.branchHead(name))) return unprocessable('Reference does not exist');
    await state.store.deleteBranch(name);
    return json(204);
  });
}

async function createPull(state: RepositoryState, request: RestRequest): Promise<RestAnswer> {
  const {
    title,
    head,
    base,
    draft = false,
    body = '',
  } = request.body as {
    title: string;
    head: string;
    base: string;
    draft?: boolean;
    body?: string;
  };
  const headOid = await state.store.branchHead(head);
  const baseOid = await state.store.branchHead(base);
  if (!headOid || !baseOid) return unprocessable('Validation Failed: head or base does not exist');
  if (state.pulls.some((pull) => pull.head === head && pull.state === 'open'))
    return unprocessable(`A pull request already exists for ${state.owner}:${head}.`);
  if (headOid === baseOid || (await state.store.mergeBase(baseOid, headOid)) === headOid)
    return unprocessable(`No commits between ${base} and ${head}`);
  const pull = state.openPull({ title, head, base, headOid, draft, body });
  return json(201, pullJson(state, pull));
}

function pullJson(state: RepositoryState, pull: PullRequest) {
  return {
    number: pull.number,
    node_id: pull.nodeId,
    title: pull.title,
    body: pull.body,
    state: pull.state,
    draft: pull.draft,
    merged: pull.merged,
    html_url: state.pullUrl(pull),
    head: { ref: pull.head, sha: pull.headOid },
    base: { ref: pull.base },
    labels: pull.labels.map((name) => ({ name })),
    user: { login: pull.author.login, id: pull.author.id },
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
  };
}

function issueJson(pull: PullRequest) {
  return {
    number: pull.number,
    title: pull.title,
    state: pull.state,
    labels: pull.labels.map((name) => ({ name })),
    pull_request: {},
  };
}

function withPull(
  state: RepositoryState,
  number: string,
  answer: (pull: PullRequest) => Promise<RestAnswer> | RestAnswer,
): Promise<RestAnswer> | RestAnswer {
  const pull = state.pull(Number(number));
  return pull ? answer(pull) : notFound();
}

function updatePull(state: RepositoryState, request: RestRequest, [number]: string[]) {
  return withPull(state, number!, (pull) => {
    const { state: wanted, title } = request.body as { state?: 'open' | 'closed'; title?: string };
    if (pull.merged && wanted === 'open') return unprocessable('Cannot reopen a merged pull request');
    if (wanted) pull.state = wanted;
    if (title) pull.title = title;
    state.touch(pull);
    return json(200, pullJson(state, pull));
  });
}

function pullFiles(state: RepositoryState, _request: RestRequest, [number]: string[]) {
  return withPull(state, number!, async (pull) =>
    json(
      200,
      (await state.changedFiles(pull)).map(({ path, previousPath, status }) => ({
        filename: path,
        status,
        ...(previousPath && { previous_filename: previousPath }),
      })),
    ),
  );
}

/** The base branch moves to a merge commit (or, squashed, a single commit) of the pull request's head. */
function mergePull(state: RepositoryState, request: RestRequest, [number]: string[]) {
  return withPull(state, number!, (pull) =>
    state.exclusive(async () => {
      const {
        merge_method: method = 'merge',
        commit_title: title,
        sha,
      } = (request.body ?? {}) as {
        merge_method?: string;
        commit_title?: string;
        sha?: string;
      };
      if (pull.state !== 'open') return json(405, { message: 'Pull Request is not mergeable' });
      // GitHub's own rule, and why Sveltia turns a pull request from draft to ready when it leaves «Bozza».
      if (pull.draft) return json(405, { message: 'Pull Request is still a draft' });
      const head = await state.store.branchHead(pull.head);
      const base = await state.store.branchHead(pull.base);
      if (!head || !base) return json(405, { message: 'Pull Request is not mergeable' });
      if (sha && sha !== head)
        return json(409, { message: 'Head branch was modified. Review and try the merge again.' });
      if (method !== 'merge' && method !== 'squash') return unprocessable(`Merge method ${method} is not allowed`);
      const tree = await state.store.mergeTree(base, head);
      if (!tree) return json(405, { message: 'Pull Request is not mergeable' });
      const headline = title ?? `Merge pull request #${pull.number} from ${state.owner}/${pull.head}`;
      const parents = method === 'squash' ? [base] : [base, head];
      const commit = await state.store.commitTree(tree, parents, `${headline}\n\n${pull.title}\n`, pull.author);
      await state.store.setBranch(pull.base, commit, base);
      Object.assign(pull, { merged: true, state: 'closed', mergeCommit: commit, headOid: head });
      state.touch(pull);
      return json(200, { sha: commit, merged: true, message: 'Pull Request successfully merged' });
    }),
  );
}

function setLabels(state: RepositoryState, request: RestRequest, [number]: string[]) {
  return withPull(state, number!, (pull) => {
    const { labels } = request.body as { labels?: string[] };
    if (labels) pull.labels = [...new Set(labels)];
    state.touch(pull);
    return json(200, issueJson(pull));
  });
}

function addLabels(state: RepositoryState, request: RestRequest, [number]: string[]) {
  return withPull(state, number!, (pull) => {
    const { labels } = request.body as { labels: string[] };
    pull.labels = [...new Set([...pull.labels, ...labels])];
    state.touch(pull);
    return json(
      200,
      pull.labels.map((name) => ({ name })),
    );
  });
}
