/**
 * UNMATCHED_CLAIM, raised while claims are judged: a claimed project without an accepted repository is a
 * WARNING that says it is unverified, not refuted (closed-source or employer work has no public repository).
 */
import { describe, expect, test } from "bun:test";
import type { GatheredEvidence } from "../../../src/analysis/gather-evidence.ts";
import type { HostAccount } from "../../../src/analysis/host-accounts.ts";
import { judgeClaims } from "../../../src/analysis/judge-claims.ts";
import type { ClaimMatch } from "../../../src/analysis/match-claims.ts";
import { repoKeyOf } from "../../../src/analysis/repo-hosts.ts";
import { judgeRepo } from "../../../src/analysis/repo-verdict.ts";
import { claim, commit, evidence, repo, user } from "../fixtures.ts";

const ana = user("ana");
const none: GatheredEvidence = { verdicts: new Map(), unavailable: new Map(), firstMatch: new Map() };
const context = {
  linkTargets: new Map(),
  hosts: new Set(["github.com"]),
  accountOf: () => ({ host: "github.com", user: ana, listed: [] }) as unknown as HostAccount,
  searched: "GitHub for ana",
};
const unmatched = (name: string, reason?: string): ClaimMatch => ({
  index: 0,
  claim: claim(name),
  repo: null,
  basis: null,
  score: 0,
  ...(reason ? { reason } : {}),
});

describe("UNMATCHED_CLAIM", () => {
  test("a claim without a repository is a WARNING naming the accounts searched and its innocent reading", () => {
    const judged = judgeClaims(
      [unmatched("Payroll engine", "no repository name or description matches")],
      none,
      context,
    );
    expect(judged.flags.map((f) => [f.rule, f.severity, f.project])).toEqual([
      ["UNMATCHED_CLAIM", "WARNING", "Payroll engine"],
    ]);
    expect(judged.flags[0]!.message).toBe(
      'claimed project "Payroll engine" could not be verified on GitHub for ana: no repository name or description matches; unverified is not refuted, closed-source or employer work has no public repository',
    );
    expect(judged.unmatchedClaims).toEqual([
      { name: "Payroll engine", reason: "no repository name or description matches" },
    ]);
  });

  test("a claim matched to an accepted repository raises no UNMATCHED_CLAIM", () => {
    const r = repo("ana/tool");
    const cs = Array.from({ length: 5 }, (_, i) => commit("ana", Date.parse("2024-01-01T09:00:00Z") + i * 86_400_000));
    const v = judgeRepo(ana, evidence(r, cs));
    expect(v.accepted).toBe(true);
    const gathered: GatheredEvidence = { ...none, verdicts: new Map([[repoKeyOf(r), v]]) };
    const m: ClaimMatch = { index: 0, claim: claim("Tool"), repo: r, basis: "name", score: 1 };
    const judged = judgeClaims([m], gathered, context);
    expect(judged.flags.filter((f) => f.rule === "UNMATCHED_CLAIM")).toEqual([]);
    expect(judged.verifiedProjects.map((p) => p.name)).toEqual(["Tool"]);
  });
});
