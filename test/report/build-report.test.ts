/** The report model from results of every shape a store may hold: old, failed, grouped, partial. */
import { describe, expect, test } from "bun:test";
import { buildReport } from "../../src/report/build-report.ts";
import { reportOfRow } from "../../src/report/report-source.ts";
import { readStoredVerification } from "../../src/report/stored-result.ts";

const ids = { trackingId: "vrf_x", hostUsername: "jane" };
const report = (result: unknown, timelines: unknown = null) =>
  buildReport(readStoredVerification(result, timelines, ids));

describe("the report of unusual results", () => {
  test("a FAILED result: not verified, the reason, no claims and no score", () => {
    const r = report({
      status: "FAILED",
      confidenceScore: 0,
      verifiedProjects: [],
      flags: [],
      error: { code: "no_projects_found", message: "no projects were found in the resume" },
    });
    expect(r.verdict.key).toBe("failed");
    expect(r.verdict.title).toBe("Not verified");
    expect(r.verdict.why).toContain("no projects were found in the resume");
    expect(r.score).toBeNull();
    expect(r.claims).toEqual([]);
    expect(r.scoreExplanation).toBeNull();
  });

  test("an old result without a score breakdown: claims from its projects and unmatched claims", () => {
    const r = report({
      status: "COMPLETED",
      confidenceScore: 77,
      verifiedProjects: [{ name: "tool", repoUrl: "github.com/jane/tool", commits: 12, matchStrength: "HIGH" }],
      flags: [{ severity: "WARNING", message: "something odd" }],
      unmatchedClaims: [{ name: "secret work", reason: "no public repository matches its name" }],
    });
    expect(r.claims.map((c) => [c.name, c.status])).toEqual([
      ["tool", "backed"],
      ["secret work", "not-checked"],
    ]);
    expect(r.claims[0]!.verdict).toBe("Backed by 12 of the candidate's own commits.");
    // a flag without a rule or a repository is about the resume as a whole, in neutral words
    expect(r.resumeFindings).toEqual([
      expect.objectContaining({ rules: [], title: "Finding", messages: ["something odd"] }),
    ]);
    expect(r.scoreExplanation).toBeNull();
  });

  test("flags sharing a group id are one finding; an unknown rule still has words", () => {
    const r = report({
      status: "COMPLETED",
      confidenceScore: 30,
      verifiedProjects: [
        { name: "x", repoUrl: "github.com/jane/x", commits: 40, totalCommits: 40, matchStrength: "MEDIUM" },
      ],
      flags: [
        {
          severity: "WARNING",
          rule: "BACKDATED_SPLIT",
          repo: "jane/x",
          message: "authored over a year, committed in a day",
          group: "g1",
        },
        { severity: "WARNING", rule: "COMMIT_BURST", repo: "jane/x", message: "300 commits in one hour", group: "g1" },
        { severity: "INFO", rule: "NEW_RULE_FROM_LATER", repo: "jane/x", message: "something new" },
      ],
    });
    const c = r.claims[0]!;
    expect(c.findings).toHaveLength(2);
    expect(c.findings[0]).toMatchObject({
      rules: ["BACKDATED_SPLIT", "COMMIT_BURST"],
      severity: "WARNING",
      title: "Dates written afterwards; Many commits at once",
    });
    expect(c.findings[0]!.messages).toEqual(["authored over a year, committed in a day", "300 commits in one hour"]);
    expect(c.findings[1]!.title).toBe("New rule from later");
    expect(c.status).toBe("questions");
    expect(c.verdict).toContain("with 1 finding to ask about");
  });

  test("a repository claimed twice lists its findings once and says where", () => {
    const r = report({
      status: "COMPLETED",
      confidenceScore: 60,
      verifiedProjects: [
        { name: "api", repoUrl: "github.com/jane/mono", commits: 30, totalCommits: 30, matchStrength: "HIGH" },
        { name: "web", repoUrl: "github.com/jane/mono", commits: 30, totalCommits: 30, matchStrength: "HIGH" },
      ],
      flags: [{ severity: "WARNING", rule: "BULK_DUMP", repo: "jane/mono", message: "one commit adds most" }],
      scoreBreakdown: {
        evidence: 60,
        penaltyTotal: 0,
        score: 60,
        formula: "f",
        penalties: [],
        claims: [
          {
            name: "api",
            repo: "jane/mono",
            matchStrength: "HIGH",
            commits: 30,
            credit: 0.85,
            weight: 1,
            strengthWeight: 1,
            activityFactor: 1,
            credibility: 0.85,
          },
          {
            name: "web",
            repo: "jane/mono",
            matchStrength: "HIGH",
            commits: 30,
            credit: 0.85,
            weight: 1,
            strengthWeight: 1,
            activityFactor: 1,
            credibility: 0.85,
          },
        ],
      },
    });
    expect(r.claims[0]!.findings).toHaveLength(1);
    expect(r.claims[1]!.findings).toHaveLength(0);
    expect(r.claims[1]!.status).toBe("questions"); // judged by its repository's flags all the same
    expect(r.claims[1]!.evidence.join(" ")).toContain('The same repository backs "api"');
  });

  test("a row whose result is not final or not JSON has no report; no claim is ever 'not the candidate's work' for unlinked commits", () => {
    expect(reportOfRow({ tracking_id: "vrf_x", host_username: "jane", status: "queued", result: null })).toBeNull();
    const broken = reportOfRow({
      tracking_id: "vrf_x",
      host_username: "jane",
      status: "COMPLETED",
      result: "{not json",
    });
    expect(broken!.report.reference).toBe("vrf_x");
    const r = report({
      status: "COMPLETED",
      confidenceScore: 20,
      verifiedProjects: [
        { name: "w", repoUrl: "github.com/jane/w", commits: 0, totalCommits: 40, matchStrength: "LOW" },
      ],
      flags: [
        {
          severity: "WARNING",
          rule: "NO_CANDIDATE_COMMITS",
          repo: "jane/w",
          message: "none of its 40 commits are linked",
        },
        {
          severity: "INFO",
          rule: "UNLINKED_EMAIL_COMMITS",
          repo: "jane/w",
          message: "40 commits from jane@laptop.local",
        },
      ],
    });
    expect(r.claims[0]!.status).toBe("unlinked");
    expect(r.claims[0]!.verdict).toContain("some come from an email linked to no account");
    expect(r.verdict.key).not.toBe("not-own-work");
  });
});
