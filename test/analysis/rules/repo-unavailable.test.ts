/**
 * REPO_UNAVAILABLE, raised while claims are judged: a matched repository the host would not serve makes its
 * claim unverified, not refuted, with the host's status as evidence; the claim is listed as not checked.
 */
import { describe, expect, test } from "bun:test";
import type { GatheredEvidence } from "../../../src/analysis/gather-evidence.ts";
import type { HostAccount } from "../../../src/analysis/host-accounts.ts";
import { judgeClaims } from "../../../src/analysis/judge-claims.ts";
import type { ClaimMatch } from "../../../src/analysis/match-claims.ts";
import { repoKeyOf } from "../../../src/analysis/repo-hosts.ts";
import { claim, repo, user } from "../fixtures.ts";

const context = {
  linkTargets: new Map(),
  hosts: new Set(["github.com"]),
  accountOf: () => ({ host: "github.com", user: user("ana"), listed: [] }) as unknown as HostAccount,
  searched: "GitHub for ana",
};
const blocked = repo("ana/tool");
const matched: ClaimMatch = { index: 0, claim: claim("Tool"), repo: blocked, basis: "link", score: 1 };
const gone = { status: 451, reason: "GitHub blocks access to it (451, e.g. a DMCA takedown)" };

describe("REPO_UNAVAILABLE", () => {
  test("a repository the host will not serve is a WARNING with its status, and the claim is scored as unavailable", () => {
    const gathered: GatheredEvidence = {
      verdicts: new Map(),
      unavailable: new Map([[repoKeyOf(blocked), gone]]),
      firstMatch: new Map(),
    };
    const judged = judgeClaims([matched], gathered, context);
    expect(judged.flags.map((f) => [f.rule, f.severity, f.repo, f.evidence])).toEqual([
      ["REPO_UNAVAILABLE", "WARNING", "ana/tool", { status: 451 }],
    ]);
    expect(judged.flags[0]!.message).toBe(
      '"Tool": ana/tool could not be checked, GitHub blocks access to it (451, e.g. a DMCA takedown); the claim is unverified, not refuted',
    );
    expect(judged.scored).toEqual([
      { name: "Tool", repo: null, matchStrength: null, commits: 0, linked: true, unavailable: true },
    ]);
    expect(judged.unmatchedClaims.map((u) => u.name)).toEqual(["Tool"]);
  });

  test("a repository read in full raises no REPO_UNAVAILABLE", () => {
    const gathered: GatheredEvidence = { verdicts: new Map(), unavailable: new Map(), firstMatch: new Map() };
    const judged = judgeClaims([matched], gathered, context);
    expect(judged.flags.filter((f) => f.rule === "REPO_UNAVAILABLE")).toEqual([]);
  });
});
