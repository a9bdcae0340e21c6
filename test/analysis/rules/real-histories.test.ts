/**
 * The validation set's real histories (test/fixtures/histories), labelled in test/bench/analysis-candidates.ts
 * before the analysis first ran on them, judged here by the repository rules on their whole history without
 * GitHub in between: an honest history raises nothing CRITICAL, a labelled flag is raised at its severity,
 * and the candidate's own commits are the label's. `bun run bench:analysis` runs the same histories end to end (client, simulator, score).
 */
import { describe, expect, test } from "bun:test";
import { judgeRepo } from "../../../src/analysis/repo-verdict.ts";
import { SEVERITY_RANK } from "../../../src/analysis/types.ts";
import type { GhCommit, GhUser, RepoEvidence } from "../../../src/github/types.ts";
import { fixtureOf, validationCandidates } from "../../bench/analysis-candidates.ts";
import { loadHistory } from "../../support/github-sim/real/real-history.ts";
import { evidence, repo, user } from "../fixtures.ts";

const VALIDATION = validationCandidates();
const iso = (d: string | number) => new Date(d).toISOString().replace(".000Z", "Z");

/** Each history as the analysis reads it: linked logins, dates, parents, and each commit's files with their lines. */
function contextOf(
  login: string,
  accountCreated: string,
  fullName: string,
  file: string,
): { user: GhUser; evidence: RepoEvidence } {
  const c = VALIDATION.find((x) => x.spec.login === login)!;
  const spec = c.spec.repos.find((r) => `${r.owner}/${r.name}` === fullName)!;
  const byEmail = new Map(c.spec.users.flatMap((u) => (u.emails ?? []).map((e) => [e.toLowerCase(), u.login])));
  const f = loadHistory(file).fixture.commits;
  const all: GhCommit[] = (spec.commits ?? []).map((s, i) => {
    const gfiles = f.gfiles?.[i] ?? 0;
    const gadd = f.gadd?.[i] ?? 0;
    const own = Math.max(0, f.files[i]! - gfiles);
    const files = [
      ...Array.from({ length: own }, (_, j) => `src/f${i}-${j}.ts`),
      ...Array.from({ length: gfiles }, (_, j) => `node_modules/p${i}/f${j}.js`),
    ];
    const fileAdditions = [
      ...Array.from(
        { length: own },
        (_, j) => Math.floor((f.add[i]! - gadd) / own) + (j === 0 ? (f.add[i]! - gadd) % own : 0),
      ),
      ...Array.from({ length: gfiles }, (_, j) => Math.floor(gadd / gfiles) + (j === 0 ? gadd % gfiles : 0)),
    ];
    const committer = s.committer ?? s.author;
    return {
      sha: i.toString(16).padStart(40, "0"),
      authorLogin: byEmail.get(s.author.email.toLowerCase()) ?? null,
      authorName: s.author.name,
      authorEmail: s.author.email,
      authorDate: iso(s.authorDate),
      committerLogin: byEmail.get(committer.email.toLowerCase()) ?? null,
      committerName: committer.name,
      committerEmail: committer.email,
      committerDate: iso(s.committerDate ?? s.authorDate),
      message: s.message,
      parents: s.mergeOf !== undefined ? 2 : i === 0 ? 0 : 1,
      verified: false,
      stats: { additions: f.add[i]!, deletions: f.del[i]!, files, fileAdditions },
    };
  });
  const mine = all.filter((x) => x.authorLogin === login && x.parents < 2);
  const others = new Map<string, { login: string | null; email: string; count: number; earliestAuthorDate: string }>();
  for (const x of all.filter((x) => x.authorLogin !== login)) {
    const o = others.get(x.authorEmail) ?? {
      login: x.authorLogin,
      email: x.authorEmail,
      count: 0,
      earliestAuthorDate: x.authorDate,
    };
    o.count++;
    if (x.authorDate < o.earliestAuthorDate) o.earliestAuthorDate = x.authorDate;
    others.set(x.authorEmail, o);
  }
  const r = repo(fullName, {
    createdAt: spec.createdAt,
    pushedAt: spec.pushedAt ?? iso(Math.max(...all.map((x) => Date.parse(x.committerDate)))),
  });
  const e = evidence(r, mine, {
    totalCommitCount: all.length,
    rootCommit: all[0],
    otherAuthors: [...others.values()],
    sampledWithStats: [...mine].reverse(),
  });
  return { user: user(login, accountCreated), evidence: e };
}

describe("the validation set's real histories, judged by the rules", () => {
  const cases = VALIDATION.flatMap((c) =>
    c.spec.scenarios.map((s) => ({
      login: c.spec.login,
      created: c.spec.user.createdAt,
      s,
      file: fixtureOf(s.scenario, c),
    })),
  );
  test.each(cases.map((x) => [`${x.file} (${x.s.label.kind})`, x] as const))("%s", (_, { login, created, s, file }) => {
    const c = VALIDATION.find((x) => x.spec.login === login)!;
    const claim = c.resume.projects[0]!;
    const { user: u, evidence: e } = contextOf(login, created, s.fullName, file);
    const v = judgeRepo(u, e, { name: claim.name, dates: null, description: claim.description ?? [] });
    const hits = v.flags;
    const severity = Object.fromEntries(hits.map((h) => [h.rule, h.severity]));
    expect(v.own.count).toBe(s.label.candidateCommits);
    if (s.label.kind === "honest") expect(hits.filter((h) => h.severity === "CRITICAL")).toEqual([]);
    for (const want of s.label.expected.filter((w) => w.severity !== "INFO" || w.rule === "AUTOMATED_COMMITS")) {
      const got = severity[want.rule];
      const ok = got !== undefined && SEVERITY_RANK[got] <= SEVERITY_RANK[want.severity];
      expect({ [want.rule]: ok ? "raised" : (got ?? "none") }).toEqual({ [want.rule]: "raised" });
    }
  });
});
