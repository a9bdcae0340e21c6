import { MANIFEST_FILES } from "../manifest-dependencies.ts";

/**
 * The GraphQL queries: the account with its repositories (one request for up to 100 of them, each with its
 * page anchor), and the evidence of several repositories in one request (aliases r0, r1 ...: languages, the
 * root listing, every manifest's text, the first 100 commits of the default branch with exact line counts,
 * and where asked the second 100 from the anchor), then further pages of history anchored at the commit
 * they continue from (stable under pushes). The account's first page can carry the evidence of the
 * repositories the resume links (ownerEvidenceQuery): one round trip for both.
 * Each asks rateLimit { cost }.
 * Checked against GitHub's published schema in test/github/graphql-schema.test.ts.
 */

export const COMMIT_FIELDS = `oid authoredDate committedDate message additions deletions changedFilesIfAvailable
  author { name email user { login } } committer { name email user { login } }
  parents(first: 2) { totalCount } signature { isValid } tree { oid }`;

const HISTORY = `totalCount pageInfo { hasNextPage endCursor } nodes { ${COMMIT_FIELDS} }`;

/** Commits in a page of history: GitHub's most for a connection. */
export const HISTORY_PAGE = 100;

/**
 * A listed repository, with its head and the commit HISTORY_PAGE first parents below it (`pageAnchor`:
 * plain objects, not connections, so they add nothing to the point cost). Where the first page of history
 * turns out to be a straight line from that head, the anchor is exactly where the second page begins, and
 * the evidence query can ask for both pages at once.
 */
const REPO_FIELDS = `nameWithOwner name owner { login } isFork description homepageUrl
  repositoryTopics(first: 20) { nodes { topic { name } } } primaryLanguage { name }
  defaultBranchRef { name target { oid } } pageAnchor: object(expression: "HEAD~${HISTORY_PAGE}") { oid }
  createdAt pushedAt updatedAt diskUsage stargazerCount isArchived
  parent { nameWithOwner defaultBranchRef { name } }`;

const OWNER_FIELDS = `repositoryOwner(login: $login) {
    __typename login
    ... on User { databaseId name createdAt
      public: repositories(privacy: PUBLIC, ownerAffiliations: [OWNER]) { totalCount }
      repositories(first: 100, after: $after, privacy: PUBLIC, ownerAffiliations: [OWNER], orderBy: { field: NAME, direction: ASC }) @include(if: $withRepos) {
        pageInfo { hasNextPage endCursor } nodes { ${REPO_FIELDS} } } }
    ... on Organization { databaseId name createdAt
      public: repositories(privacy: PUBLIC) { totalCount }
      repositories(first: 100, after: $after, privacy: PUBLIC, orderBy: { field: NAME, direction: ASC }) @include(if: $withRepos) {
        pageInfo { hasNextPage endCursor } nodes { ${REPO_FIELDS} } } }
  }`;

const OWNER_VARS = "$login: String!, $withRepos: Boolean!, $after: String";

export const OWNER_QUERY = `query Owner(${OWNER_VARS}) {
  rateLimit { cost remaining resetAt }
  ${OWNER_FIELDS}
}`;

/** A GraphQL alias for a manifest file name: m_package_json, m_Cargo_toml ... */
export const manifestAlias = (file: string): string => `m_${file.replace(/[^A-Za-z0-9]/g, "_")}`;

/**
 * The evidence fields of `count` repositories, aliases r0, r1 ... over variables o0/n0, o1/n1 ...; where
 * `anchored[i]`, also `next`: the page of history from the commit in variable p_i (the listing's
 * pageAnchor), read beside the first so that a history of up to two pages costs one round trip.
 */
function evidenceFields(count: number, anchored: readonly boolean[] = []): { fields: string; vars: string } {
  const manifests = MANIFEST_FILES.map(
    (f) => `${manifestAlias(f)}: object(expression: "HEAD:${f}") { ... on Blob { text isTruncated } }`,
  ).join("\n    ");
  const fields = Array.from(
    { length: count },
    (_, i) => `r${i}: repository(owner: $o${i}, name: $n${i}) {
    pushedAt
    languages(first: 100) { edges { size node { name } } }
    root: object(expression: "HEAD:") { ... on Tree { entries { name type } } }
    ${manifests}
    defaultBranchRef { name target { ... on Commit { oid history(first: ${HISTORY_PAGE}) { ${HISTORY} } } } }${
      anchored[i]
        ? `
    next: object(oid: $p${i}) { ... on Commit { oid history(first: ${HISTORY_PAGE}) { ${HISTORY} } } }`
        : ""
    }
  }`,
  ).join("\n  ");
  const vars = Array.from(
    { length: count },
    (_, i) => `$o${i}: String!, $n${i}: String!${anchored[i] ? `, $p${i}: GitObjectID!` : ""}`,
  ).join(", ");
  return { fields, vars };
}

/** The evidence of `count` repositories, variables o0/n0, o1/n1 ... (and p_i where `anchored[i]`) */
export function evidenceQuery(count: number, anchored: readonly boolean[] = []): string {
  const { fields, vars } = evidenceFields(count, anchored);
  return `query Evidence(${vars}) {\n  rateLimit { cost remaining resetAt }\n  ${fields}\n}`;
}

/**
 * The account's first page (OWNER_QUERY) and the evidence of `count` repositories the resume links (as
 * evidenceQuery, aliases r0 ...) in one request: neither needs the other's answer, so they share a round trip.
 */
export function ownerEvidenceQuery(count: number): string {
  if (count === 0) return OWNER_QUERY;
  const { fields, vars } = evidenceFields(count);
  return `query OwnerEvidence(${OWNER_VARS}, ${vars}) {\n  rateLimit { cost remaining resetAt }\n  ${OWNER_FIELDS}\n  ${fields}\n}`;
}

/** The next page of `count` histories, each anchored at its head commit: variables o/n/h (oid)/c (cursor). */
export function historyQuery(count: number): string {
  const repos = Array.from(
    { length: count },
    (_, i) => `r${i}: repository(owner: $o${i}, name: $n${i}) {
    object(oid: $h${i}) { ... on Commit { history(first: ${HISTORY_PAGE}, after: $c${i}) { ${HISTORY} } } }
  }`,
  ).join("\n  ");
  const vars = Array.from(
    { length: count },
    (_, i) => `$o${i}: String!, $n${i}: String!, $h${i}: GitObjectID!, $c${i}: String!`,
  ).join(", ");
  return `query History(${vars}) {\n  rateLimit { cost remaining resetAt }\n  ${repos}\n}`;
}

export interface GqlActor {
  name: string | null;
  email: string | null;
  user: { login: string } | null;
}

export interface GqlCommit {
  oid: string;
  authoredDate: string;
  committedDate: string;
  message: string;
  additions: number;
  deletions: number;
  changedFilesIfAvailable: number | null;
  author: GqlActor | null;
  committer: GqlActor | null;
  parents: { totalCount: number };
  signature: { isValid: boolean } | null;
  tree: { oid: string };
}

export interface GqlHistory {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: GqlCommit[];
}

export interface GqlRepo {
  nameWithOwner: string;
  name: string;
  owner: { login: string };
  isFork: boolean;
  description: string | null;
  homepageUrl: string | null;
  repositoryTopics: { nodes: Array<{ topic: { name: string } }> };
  primaryLanguage: { name: string } | null;
  defaultBranchRef: { name: string; target?: { oid: string } | null } | null;
  pageAnchor?: { oid: string } | null;
  createdAt: string;
  pushedAt: string | null;
  updatedAt: string;
  diskUsage: number | null;
  stargazerCount: number;
  isArchived: boolean;
  parent: { nameWithOwner: string; defaultBranchRef: { name: string } | null } | null;
}

export interface GqlOwner {
  __typename: "User" | "Organization";
  login: string;
  databaseId: number;
  name: string | null;
  createdAt: string;
  public: { totalCount: number };
  repositories?: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: GqlRepo[] };
}

export interface GqlRepoEvidence {
  /** as of this read: later than the listing's when a push came between them */
  pushedAt?: string | null;
  languages: { edges: Array<{ size: number; node: { name: string } }> } | null;
  root: { entries?: Array<{ name: string; type: string }> } | null;
  defaultBranchRef: { name: string; target: { oid?: string; history?: GqlHistory } | null } | null;
  /** the second page, read at once from the listing's pageAnchor (only when asked for) */
  next?: { oid?: string; history?: GqlHistory } | null;
  [manifest: string]: unknown;
}
