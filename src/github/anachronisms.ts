import { accountCreatedAt, issuedNoEarlierThan, knownAccountCreated } from "./account-dates.ts";
import type { GitHubClient } from "./github-client.ts";
import { sameLogin } from "./github-mappers.ts";
import type { Anachronism, GhCommit, GhRepo, RepoEvidence } from "./types.ts";

/**
 * Traces a commit cannot hold at the date it carries, whatever its clock says:
 *   - GitHub-made commits (committer GitHub <noreply@github.com>, or GitHub's "Merge pull request #N from
 *     owner/branch") dated before the repository existed, or from the candidate's own account before that
 *     account existed: GitHub writes them when the pull request is merged, in an existing repository;
 *   - noreply addresses ID+login@users.noreply.github.com dated before GitHub introduced that form
 *     (NOREPLY_ID_SINCE), or before the account ID was issued (IDs grow with time: the accounts the API
 *     returned bound every other ID, account-dates.ts; an exact date costs one GET /user/{id}).
 * The clock-free checks cost nothing and run on every repository; the account lookups (at most
 * MAX_ACCOUNT_LOOKUPS) only where the provenance is searched. Pinned versions published after the commit
 * that pins them are pinned-versions.ts's.
 */

/** GitHub gives accounts created from this day ID+login noreply addresses (before: login@ only). */
export const NOREPLY_ID_SINCE = "2017-07-18T00:00:00Z";
/** Dates within a day of an anchor are never called impossible (time zones, clock drift). */
export const ANACHRONISM_GRACE_MS = 86_400_000;
export const MAX_ACCOUNT_LOOKUPS = 3;
/** Traces kept per kind: the earliest ones, enough to name and to count. */
export const MAX_PER_KIND = 10;

const NOREPLY_ID = /^(\d+)\+([^@]+)@users\.noreply\.github\.com$/i;
const MERGE_PR = /^Merge pull request #(\d+) from ([^/\s]+)\//;
const ms = (d: string) => Date.parse(d);
const day = (d: string) => d.slice(0, 10);

export const isGitHubMade = (c: GhCommit) =>
  c.committerEmail.toLowerCase() === "noreply@github.com" || MERGE_PR.test(c.message);

const first = (c: GhCommit) => c.message.split("\n")[0]!.slice(0, 80);

/** GitHub-made commits dated before the repository existed, or from the candidate before their account existed. */
function githubMade(repo: GhRepo, commits: readonly GhCommit[], login: string, scope: string): Anachronism[] {
  const created = ms(repo.createdAt);
  const account = knownAccountCreated(scope, login);
  const out: Anachronism[] = [];
  for (const c of commits) {
    if (!isGitHubMade(c)) continue;
    const dated = ms(c.committerDate);
    if (!Number.isFinite(dated)) continue;
    const how =
      c.committerEmail.toLowerCase() === "noreply@github.com"
        ? "committed by GitHub (web-flow)"
        : "with GitHub's pull-request merge message";
    const pr = c.message.match(MERGE_PR);
    if (pr && account && sameLogin(pr[2]!, login) && dated < ms(account) - ANACHRONISM_GRACE_MS) {
      out.push({
        kind: "github-made-before-account",
        sha: c.sha,
        date: c.committerDate,
        anchor: account,
        fact: `"${first(c)}" ${how} on ${day(c.committerDate)} merges a pull request from ${pr[2]}'s account, created ${day(account)}`,
      });
    } else if (dated < created - ANACHRONISM_GRACE_MS) {
      out.push({
        kind: "github-made-before-repo",
        sha: c.sha,
        date: c.committerDate,
        anchor: repo.createdAt,
        fact: `"${first(c)}" ${how} on ${day(c.committerDate)}, before the repository existed (created ${day(repo.createdAt)})${pr ? `: pull request #${pr[1]} needs a repository to be opened in` : ""}`,
      });
    }
  }
  return out;
}

interface NoreplyUse {
  id: number;
  login: string;
  sha: string;
  date: string;
  email: string;
}

/** Every noreply ID in the commits read, at its earliest dated use. */
function noreplyUses(commits: readonly GhCommit[], others: RepoEvidence["otherAuthors"]): NoreplyUse[] {
  const uses = new Map<number, NoreplyUse>();
  const add = (email: string, sha: string | undefined, date: string) => {
    const m = email.match(NOREPLY_ID);
    if (!m || !sha || !Number.isFinite(ms(date))) return;
    const id = Number(m[1]);
    const seen = uses.get(id);
    if (!seen || ms(date) < ms(seen.date)) uses.set(id, { id, login: m[2]!, sha, date, email });
  };
  for (const c of commits) {
    add(c.authorEmail, c.sha, c.authorDate);
    add(c.committerEmail, c.sha, c.committerDate);
  }
  for (const o of others) add(o.email, o.earliestSha, o.earliestAuthorDate);
  return [...uses.values()].sort((a, b) => a.id - b.id);
}

/**
 * The anachronisms of one repository. `lookups` allows GET /user/{id} for IDs the known accounts do not
 * settle (provenance suspects only); without it only what costs nothing is checked.
 */
export async function findAnachronisms(
  client: GitHubClient,
  scope: string,
  repo: GhRepo,
  login: string,
  evidence: Pick<RepoEvidence, "candidateCommits" | "rootCommit" | "otherAuthors">,
  lookups: boolean,
): Promise<Anachronism[]> {
  const commits = [...evidence.candidateCommits];
  if (evidence.rootCommit && !commits.some((c) => c.sha === evidence.rootCommit!.sha))
    commits.push(evidence.rootCommit);
  const out = githubMade(repo, commits, login, scope);
  let budget = lookups ? MAX_ACCOUNT_LOOKUPS : 0;
  for (const use of noreplyUses(commits, evidence.otherAuthors)) {
    const dated = ms(use.date);
    const what = `the address ${use.email} (account ID ${use.id}) on ${day(use.date)}`;
    if (dated < ms(NOREPLY_ID_SINCE) - ANACHRONISM_GRACE_MS) {
      out.push({
        kind: "noreply-before-format",
        sha: use.sha,
        date: use.date,
        anchor: NOREPLY_ID_SINCE,
        fact: `${what}, a form GitHub gives only since ${day(NOREPLY_ID_SINCE)}`,
      });
      continue;
    }
    const bound = issuedNoEarlierThan(scope, use.id);
    if (bound && dated < ms(bound.at) - ANACHRONISM_GRACE_MS) {
      out.push({
        kind: "noreply-before-account",
        sha: use.sha,
        date: use.date,
        anchor: bound.at,
        fact: `${what}, an ID issued no earlier than ${day(bound.at)} (account ID ${bound.byId} was created then, and IDs grow with time)`,
      });
      continue;
    }
    if (budget <= 0) continue;
    budget--;
    const created = await accountCreatedAt(scope, client, use.id);
    if (created && dated < ms(created) - ANACHRONISM_GRACE_MS)
      out.push({
        kind: "noreply-before-account",
        sha: use.sha,
        date: use.date,
        anchor: created,
        fact: `${what}, whose account was created ${day(created)}`,
      });
  }
  return keepEarliest(out);
}

/** At most MAX_PER_KIND of each kind, the earliest dated first. */
export function keepEarliest(found: readonly Anachronism[]): Anachronism[] {
  const byKind = new Map<string, Anachronism[]>();
  for (const a of [...found].sort((x, y) => ms(x.date) - ms(y.date) || x.sha.localeCompare(y.sha))) {
    const list = byKind.get(a.kind) ?? [];
    if (list.length < MAX_PER_KIND) list.push(a);
    byKind.set(a.kind, list);
  }
  return [...byKind.values()].flat();
}
