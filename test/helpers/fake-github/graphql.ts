// The fake GitHub's GraphQL API: the part of GitHub's schema Sveltia CMS's github backend queries (files, history, pull requests, commits, refs), answered from the Git repository by graphql-js.
import {
  buildSchema,
  execute,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type SelectionSetNode,
} from 'graphql';
import type { CommitInfo, GitStore } from './git-store.ts';
import type { PullRequest, RepositoryState } from './state.ts';

/**
 * GitHub's names and shapes, cut down to the fields Sveltia 0.221 asks for (its
 * `backends/git/github/*.js`); a query for anything else fails validation, as it would against a
 * GitHub schema without it, and is recorded in `unhandled`. Commit statuses and checks are those a
 * test posted as the host (REST), one check suite per run; deployments are empty.
 */
const SCHEMA = buildSchema(`
  scalar GitObjectID
  scalar Base64String
  scalar DateTime
  scalar URI

  type Query {
    repository(owner: String!, name: String!): Repository
    viewer: User!
  }

  type Mutation {
    createCommitOnBranch(input: CreateCommitOnBranchInput!): CreateCommitOnBranchPayload
    createRef(input: CreateRefInput!): CreateRefPayload
    convertPullRequestToDraft(input: ConvertPullRequestToDraftInput!): ConvertPullRequestToDraftPayload
    markPullRequestReadyForReview(input: MarkPullRequestReadyForReviewInput!): MarkPullRequestReadyForReviewPayload
  }

  type Repository {
    id: ID!
    name: String!
    nameWithOwner: String!
    defaultBranchRef: Ref
    ref(qualifiedName: String!): Ref
    object(oid: GitObjectID, expression: String): GitObject
    pullRequests(
      states: [PullRequestState!]
      labels: [String!]
      headRefName: String
      baseRefName: String
      first: Int
      last: Int
      orderBy: IssueOrder
    ): PullRequestConnection!
  }

  type Ref {
    id: ID!
    name: String!
    prefix: String!
    target: GitObject
  }

  interface GitObject {
    id: ID!
    oid: GitObjectID!
  }

  type Blob implements GitObject {
    id: ID!
    oid: GitObjectID!
    byteSize: Int!
    isBinary: Boolean
    isTruncated: Boolean!
    text: String
  }

  type Tree implements GitObject {
    id: ID!
    oid: GitObjectID!
  }

  type Commit implements GitObject {
    id: ID!
    oid: GitObjectID!
    message: String!
    messageHeadline: String!
    committedDate: DateTime!
    author: GitActor
    history(first: Int, path: String): CommitHistoryConnection!
    file(path: String!): TreeEntry
    status: Status
    deployments(first: Int, last: Int, orderBy: DeploymentOrder): DeploymentConnection
    checkSuites(first: Int, last: Int): CheckSuiteConnection
  }

  type CommitHistoryConnection {
    totalCount: Int!
    nodes: [Commit]
  }

  type TreeEntry {
    oid: GitObjectID!
    path: String
    name: String!
  }

  type GitActor {
    name: String
    email: String
    date: DateTime
    avatarUrl(size: Int): URI!
    user: User
  }

  interface Actor {
    login: String!
    avatarUrl(size: Int): URI!
  }

  type User implements Actor {
    id: ID!
    databaseId: Int
    login: String!
    name: String
    email: String!
    avatarUrl(size: Int): URI!
  }

  type Status {
    contexts: [StatusContext!]!
  }

  type StatusContext {
    context: String!
    state: StatusState!
    targetUrl: URI
    description: String
  }

  enum StatusState { ERROR EXPECTED FAILURE PENDING SUCCESS }

  input DeploymentOrder {
    field: DeploymentOrderField!
    direction: OrderDirection!
  }

  enum DeploymentOrderField { CREATED_AT }

  type DeploymentConnection {
    nodes: [Deployment]
  }

  type Deployment {
    environment: String
    latestStatus: DeploymentStatus
  }

  type DeploymentStatus {
    state: String!
    environmentUrl: URI
    description: String
  }

  type CheckSuiteConnection {
    nodes: [CheckSuite]
  }

  type CheckSuite {
    checkRuns(first: Int, last: Int): CheckRunConnection
  }

  type CheckRunConnection {
    nodes: [CheckRun]
  }

  type CheckRun {
    name: String!
    status: String!
    conclusion: String
    detailsUrl: URI
    summary: String
  }

  enum PullRequestState { OPEN CLOSED MERGED }

  input IssueOrder {
    field: IssueOrderField!
    direction: OrderDirection!
  }

  enum IssueOrderField { CREATED_AT UPDATED_AT COMMENTS }

  enum OrderDirection { ASC DESC }

  type PullRequestConnection {
    totalCount: Int!
    nodes: [PullRequest]
  }

  type PullRequest {
    id: ID!
    number: Int!
    title: String!
    url: URI!
    state: PullRequestState!
    isDraft: Boolean!
    isCrossRepository: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
    headRefName: String!
    headRefOid: GitObjectID!
    baseRefName: String!
    author: Actor
    labels(first: Int): LabelConnection
    files(first: Int): PullRequestChangedFileConnection
  }

  type LabelConnection {
    totalCount: Int!
    nodes: [Label]
  }

  type Label {
    name: String!
  }

  type PullRequestChangedFileConnection {
    totalCount: Int!
    nodes: [PullRequestChangedFile]
  }

  type PullRequestChangedFile {
    path: String!
    changeType: PatchStatus!
  }

  enum PatchStatus { ADDED CHANGED COPIED DELETED MODIFIED RENAMED }

  input CreateCommitOnBranchInput {
    branch: CommittableBranch!
    expectedHeadOid: GitObjectID!
    fileChanges: FileChanges
    message: CommitMessage!
    clientMutationId: String
  }

  input CommittableBranch {
    branchName: String
    id: ID
    repositoryNameWithOwner: String
  }

  input FileChanges {
    additions: [FileAddition!]
    deletions: [FileDeletion!]
  }

  input FileAddition {
    path: String!
    contents: Base64String!
  }

  input FileDeletion {
    path: String!
  }

  input CommitMessage {
    headline: String!
    body: String
  }

  type CreateCommitOnBranchPayload {
    commit: Commit
    ref: Ref
  }

  input CreateRefInput {
    repositoryId: ID!
    name: String!
    oid: GitObjectID!
  }

  type CreateRefPayload {
    ref: Ref
  }

  input ConvertPullRequestToDraftInput {
    pullRequestId: ID!
  }

  type ConvertPullRequestToDraftPayload {
    pullRequest: PullRequest
  }

  input MarkPullRequestReadyForReviewInput {
    pullRequestId: ID!
  }

  type MarkPullRequestReadyForReviewPayload {
    pullRequest: PullRequest
  }
`);

/** GitHub cuts `Blob.text` at 512 KB and says so; Sveltia then reads the blob through REST. */
const TEXT_LIMIT = 512 * 1024;

/** A GraphQL request's answer: GitHub sends errors with status 200, beside whatever data resolved. */
export interface GraphQLAnswer {
  data?: unknown;
  errors?: readonly GraphQLError[];
}

/** Answers one GraphQL request against the repository. */
export async function answerGraphQL(
  state: RepositoryState,
  { query, variables }: { query: string; variables?: Record<string, unknown> },
): Promise<GraphQLAnswer> {
  let document;
  try {
    document = parse(query);
  } catch (error) {
    state.unhandled.push(`graphql: ${(error as Error).message}`);
    return { errors: [error as GraphQLError] };
  }
  state.calls.push(`graphql ${describe(document)}`);
  const invalid = validate(SCHEMA, document);
  if (invalid.length) {
    state.unhandled.push(...invalid.map((error) => `graphql: ${error.message}`));
    return { errors: invalid };
  }
  const result = await execute({ schema: SCHEMA, document, rootValue: root(state), variableValues: variables ?? {} });
  return { ...(result.data && { data: result.data }), ...(result.errors && { errors: result.errors }) };
}

/** For the call log: `query repository{ref,object}`, `mutation createCommitOnBranch` (fields, not aliases). */
function describe(document: DocumentNode): string {
  const names = (selections: SelectionSetNode | undefined): string[] => [
    ...new Set(
      (selections?.selections ?? []).flatMap((selection) =>
        selection.kind === Kind.FIELD ? [selection.name.value] : [],
      ),
    ),
  ];
  return document.definitions
    .flatMap((definition) => {
      if (definition.kind !== Kind.OPERATION_DEFINITION) return [];
      const fields = definition.selectionSet.selections.flatMap((selection) =>
        selection.kind !== Kind.FIELD
          ? []
          : selection.name.value === 'repository'
            ? [`repository{${names(selection.selectionSet).join(',')}}`]
            : [selection.name.value],
      );
      return [`${definition.operation} ${[...new Set(fields)].join(' ')}`];
    })
    .join('; ');
}

/**
 * The answers, as objects whose properties graphql-js reads (a method is called with the field's
 * arguments); `__typename` picks the type behind an interface.
 */
function root(state: RepositoryState) {
  const { store } = state;
  const repository = new RepositoryNode(state);
  return {
    repository: ({ owner, name }: { owner: string; name: string }) =>
      `${owner}/${name}`.toLowerCase() === state.nameWithOwner.toLowerCase() ? repository : null,
    viewer: () => userNode(state),

    createCommitOnBranch: ({ input }: { input: CreateCommitInput }) =>
      state.exclusive(async () => {
        const { branch, expectedHeadOid, fileChanges, message } = input;
        if (branch.repositoryNameWithOwner?.toLowerCase() !== state.nameWithOwner.toLowerCase())
          throw new Error(`Could not resolve to a Repository with the name '${branch.repositoryNameWithOwner}'.`);
        const name = branch.branchName ?? '';
        const head = await store.branchHead(name);
        if (!head) throw new Error(`A ref named "refs/heads/${name}" does not exist.`);
        if (head !== expectedHeadOid)
          throw new Error(`Expected branch to point to "${expectedHeadOid}" but it did not. Pull and try again.`);
        const oid = await store.commitChanges({
          parent: head,
          additions: (fileChanges?.additions ?? []).map(({ path, contents }) => ({
            path,
            contents: Buffer.from(contents, 'base64'),
          })),
          deletions: (fileChanges?.deletions ?? []).map(({ path }) => path),
          message: [message.headline, message.body].filter(Boolean).join('\n\n'),
          author: state.user,
        });
        await store.setBranch(name, oid, head);
        for (const pull of state.pulls)
          if (pull.head === name && pull.state === 'open') {
            pull.headOid = oid;
            state.touch(pull);
          }
        return { commit: new CommitNode(state, oid), ref: new RefNode(state, name, oid) };
      }),

    createRef: ({ input }: { input: { repositoryId: string; name: string; oid: string } }) =>
      state.exclusive(async () => {
        if (input.repositoryId !== state.nodeId)
          throw new Error(`Could not resolve to a node with the global id of '${input.repositoryId}'`);
        if (!input.name.startsWith('refs/heads/')) throw new Error(`Reference name must start with 'refs/heads/'.`);
        const name = input.name.slice('refs/heads/'.length);
        if (await store.branchHead(name))
          throw new Error(`A ref named "${input.name}" already exists in the repository.`);
        if ((await store.typeOf(input.oid)) !== 'commit')
          throw new Error(`Could not resolve to a commit '${input.oid}'.`);
        await store.setBranch(name, input.oid, '');
        return { ref: new RefNode(state, name, input.oid) };
      }),

    convertPullRequestToDraft: ({ input }: { input: { pullRequestId: string } }) => setDraft(state, input, true),
    markPullRequestReadyForReview: ({ input }: { input: { pullRequestId: string } }) => setDraft(state, input, false),
  };
}

interface CreateCommitInput {
  branch: { branchName?: string; repositoryNameWithOwner?: string };
  expectedHeadOid: string;
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
  message: { headline: string; body?: string };
}

function setDraft(state: RepositoryState, { pullRequestId }: { pullRequestId: string }, draft: boolean) {
  const pull = state.pullByNodeId(pullRequestId);
  if (!pull) throw new Error(`Could not resolve to a node with the global id of '${pullRequestId}'`);
  if (pull.state !== 'open') throw new Error('Pull request is closed');
  pull.draft = draft;
  state.touch(pull);
  return { pullRequest: new PullRequestNode(state, pull) };
}

function userNode(state: RepositoryState) {
  const { user } = state;
  return {
    __typename: 'User',
    id: `U_${user.id}`,
    databaseId: user.id,
    login: user.login,
    name: user.name,
    email: user.email,
    avatarUrl: () => state.avatarUrl,
  };
}

class RepositoryNode {
  readonly __typename = 'Repository';
  constructor(private readonly state: RepositoryState) {}

  get id() {
    return this.state.nodeId;
  }
  get name() {
    return this.state.name;
  }
  get nameWithOwner() {
    return this.state.nameWithOwner;
  }

  defaultBranchRef() {
    return this.ref({ qualifiedName: 'main' });
  }

  async ref({ qualifiedName }: { qualifiedName: string }) {
    const name = qualifiedName.replace(/^refs\/heads\//, '');
    const oid = await this.state.store.branchHead(name);
    return oid ? new RefNode(this.state, name, oid) : null;
  }

  async object({ oid, expression }: { oid?: string; expression?: string }) {
    const found = await this.state.store.resolve(oid ?? expression ?? '');
    return found ? objectNode(this.state, found) : null;
  }

  async pullRequests({
    states,
    labels,
    headRefName,
    baseRefName,
    first,
    last,
    orderBy,
  }: {
    states?: string[];
    labels?: string[];
    headRefName?: string;
    baseRefName?: string;
    first?: number;
    last?: number;
    orderBy?: { field: string; direction: string };
  }) {
    const stateOf = (pull: PullRequest) => (pull.merged ? 'MERGED' : pull.state.toUpperCase());
    let pulls = this.state.pulls.filter(
      (pull) =>
        (!states || states.includes(stateOf(pull))) &&
        (!labels || pull.labels.some((label) => labels.includes(label))) &&
        (!headRefName || pull.head === headRefName) &&
        (!baseRefName || pull.base === baseRefName),
    );
    const key = orderBy?.field === 'UPDATED_AT' ? 'updatedAt' : 'createdAt';
    pulls = pulls.toSorted((a, b) => a[key].localeCompare(b[key]) || a.number - b.number);
    if (orderBy?.direction === 'DESC') pulls.reverse();
    const totalCount = pulls.length;
    if (first !== undefined) pulls = pulls.slice(0, first);
    if (last !== undefined) pulls = pulls.slice(-last);
    return { totalCount, nodes: pulls.map((pull) => new PullRequestNode(this.state, pull)) };
  }
}

class RefNode {
  readonly __typename = 'Ref';
  readonly prefix = 'refs/heads/';
  constructor(
    private readonly state: RepositoryState,
    readonly name: string,
    private readonly oid: string,
  ) {}
  get id() {
    return `REF_${Buffer.from(this.name).toString('base64url')}`;
  }
  target() {
    return new CommitNode(this.state, this.oid);
  }
}

async function objectNode(state: RepositoryState, oid: string) {
  const type = await state.store.typeOf(oid);
  if (type === 'blob') return new BlobNode(state.store, oid);
  if (type === 'commit') return new CommitNode(state, oid);
  if (type === 'tree') return { __typename: 'Tree', id: `T_${oid}`, oid };
  return null;
}

class BlobNode {
  readonly __typename = 'Blob';
  private bytes?: Promise<Buffer>;
  constructor(
    private readonly store: GitStore,
    readonly oid: string,
  ) {}
  get id() {
    return `B_${this.oid}`;
  }
  private load() {
    return (this.bytes ??= this.store.blob(this.oid));
  }
  async byteSize() {
    return (await this.load()).length;
  }
  /** Git's own test: a NUL byte in the first 8,000. */
  async isBinary() {
    return (await this.load()).subarray(0, 8000).includes(0);
  }
  async isTruncated() {
    return !(await this.isBinary()) && (await this.load()).length > TEXT_LIMIT;
  }
  async text() {
    const bytes = await this.load();
    return (await this.isBinary()) ? null : bytes.subarray(0, TEXT_LIMIT).toString('utf8');
  }
}

class CommitNode {
  readonly __typename = 'Commit';
  private info?: Promise<CommitInfo>;
  constructor(
    private readonly state: RepositoryState,
    readonly oid: string,
  ) {}
  get id() {
    return `C_${this.oid}`;
  }
  private load() {
    return (this.info ??= this.state.store.commitInfo(this.oid));
  }
  async message() {
    return (await this.load()).message;
  }
  async messageHeadline() {
    return (await this.load()).message.split('\n')[0];
  }
  async committedDate() {
    return (await this.load()).committedDate;
  }
  async author() {
    const { author, authorDate } = await this.load();
    return gitActor(this.state, author.name, author.email, authorDate);
  }
  async history({ first = 100, path }: { first?: number; path?: string }) {
    const commits = await this.state.store.log(this.oid, first, path);
    return {
      totalCount: commits.length,
      nodes: commits.map((info) => {
        const node = new CommitNode(this.state, info.oid);
        node.info = Promise.resolve(info);
        return node;
      }),
    };
  }
  async file({ path }: { path: string }) {
    const oid = await this.state.store.resolve(`${this.oid}:${path}`);
    return oid ? { oid, path, name: path.split('/').at(-1) } : null;
  }
  status() {
    const contexts = this.state.latestStatuses(this.oid);
    return contexts.length
      ? {
          contexts: contexts.map(({ context, state, target_url, description }) => ({
            context,
            state: state.toUpperCase(),
            targetUrl: target_url,
            description,
          })),
        }
      : null;
  }
  deployments() {
    return { nodes: [] };
  }
  checkSuites() {
    const runs = this.state.checkRuns.get(this.oid) ?? [];
    return {
      nodes: runs.map(({ name, status, conclusion, details_url, output }) => ({
        checkRuns: {
          nodes: [
            {
              name,
              status: status.toUpperCase(),
              conclusion: conclusion?.toUpperCase() ?? null,
              detailsUrl: details_url,
              summary: output?.summary ?? null,
            },
          ],
        },
      })),
    };
  }
}

/** A commit's author as Git recorded it, linked to the GitHub account with that e-mail address. */
function gitActor(state: RepositoryState, name: string, email: string, date: string) {
  return {
    name,
    email,
    date,
    avatarUrl: () => state.avatarUrl,
    user: email === state.user.email ? userNode(state) : null,
  };
}

class PullRequestNode {
  readonly __typename = 'PullRequest';
  readonly isCrossRepository = false;
  constructor(
    private readonly repository: RepositoryState,
    private readonly pull: PullRequest,
  ) {}
  get id() {
    return this.pull.nodeId;
  }
  get number() {
    return this.pull.number;
  }
  get title() {
    return this.pull.title;
  }
  get url() {
    return this.repository.pullUrl(this.pull);
  }
  get state() {
    return this.pull.merged ? 'MERGED' : this.pull.state.toUpperCase();
  }
  get isDraft() {
    return this.pull.draft;
  }
  get createdAt() {
    return this.pull.createdAt;
  }
  get updatedAt() {
    return this.pull.updatedAt;
  }
  get headRefName() {
    return this.pull.head;
  }
  get headRefOid() {
    return this.pull.headOid;
  }
  get baseRefName() {
    return this.pull.base;
  }
  author() {
    return userNode(this.repository);
  }
  labels({ first = 100 }: { first?: number }) {
    return { totalCount: this.pull.labels.length, nodes: this.pull.labels.slice(0, first).map((name) => ({ name })) };
  }
  async files({ first = 100 }: { first?: number }) {
    const files = await this.repository.changedFiles(this.pull);
    const changeType = { added: 'ADDED', removed: 'DELETED', modified: 'MODIFIED', renamed: 'RENAMED' } as const;
    return {
      totalCount: files.length,
      nodes: files.slice(0, first).map(({ path, status }) => ({ path, changeType: changeType[status] })),
    };
  }
}
