/** The report model from results of every shape a store may hold: old, failed, grouped, partial. */
import { describe, expect, test } from "bun:test";
import { reportView } from "../../src/dashboard/pages/report-view.ts";
import { buildReport } from "../../src/report/build-report.ts";
import { accountsWords } from "../../src/report/report-model.ts";
import { reportPdf } from "../../src/report/report-pdf.ts";
import { reportOf } from "../../src/report/report-source.ts";
import { readStoredVerification } from "../../src/report/stored-result.ts";
import { pdfText } from "../support/pdf-text.ts";

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
    expect(r.verdict.code).toBe("not_verified");
    expect(r.verdict.label).toBe("Not verified");
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
    expect(reportOf({ trackingId: "vrf_x", hostUsername: "jane", status: "queued", result: null })).toBeNull();
    const broken = reportOf({
      trackingId: "vrf_x",
      hostUsername: "jane",
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
    expect(r.verdict.code).not.toBe("not_own_work");
  });
});

describe("a verification across hosts", () => {
  const across = {
    status: "COMPLETED",
    hostUsername: "jane",
    accounts: ["gitlab.com:jane-gl", "codeberg.org:jane"],
    confidenceScore: 72,
    verifiedProjects: [
      {
        name: "tool",
        repoUrl: "github.com/jane/tool",
        host: "github.com",
        commits: 12,
        totalCommits: 12,
        matchStrength: "HIGH",
        matchedBy: "link",
        signedCommits: 2,
      },
      {
        name: "Route Planner",
        repoUrl: "gitlab.com/acme/platform/route-planner",
        host: "gitlab.com",
        commits: 30,
        totalCommits: 30,
        matchStrength: "HIGH",
        matchedBy: "link",
        signedCommits: 3,
      },
    ],
    flags: [
      {
        severity: "WARNING",
        rule: "PUSHED_LONG_AFTER_DATES",
        repo: "gitlab.com/acme/platform/route-planner",
        message: "gitlab.com/acme/platform/route-planner: 30 of 30 commits arrived long after their dates",
        evidence: { extent: 1 },
      },
    ],
    scoreBreakdown: {
      evidence: 72,
      penaltyTotal: 0,
      score: 72,
      claims: [
        { name: "tool", repo: "jane/tool", matchStrength: "HIGH", commits: 12, credit: 0.9, weight: 1 },
        {
          name: "Route Planner",
          repo: "gitlab.com/acme/platform/route-planner",
          matchStrength: "HIGH",
          commits: 30,
          credit: 0.5,
          weight: 1,
          extentCapped: true,
        },
      ],
      penalties: [],
    },
  };

  test("each claim names its host; the header names every account checked", () => {
    const r = report(across, [
      { repo: "gitlab.com/acme/platform/route-planner", repoCreatedAt: "2021-01-01T00:00:00Z", accountCreatedAt: null },
    ]);
    expect(r.claims.map((c) => [c.name, c.host, c.repo])).toEqual([
      ["tool", "github.com", "github.com/jane/tool"],
      ["Route Planner", "gitlab.com", "gitlab.com/acme/platform/route-planner"],
    ]);
    const planner = r.claims[1]!;
    expect(planner.evidence[0]).toBe(
      "Repository gitlab.com/acme/platform/route-planner on gitlab.com, matched by the resume's link.",
    );
    expect(planner.evidence).toContain("3 commits carry a signature gitlab.com verified.");
    expect(planner.timeline).toContain("gitlab.com first saw the repository on 2021-01-01");
    expect(planner.findings[0]!.rules).toEqual(["PUSHED_LONG_AFTER_DATES"]);
    expect(r.claims[0]!.evidence).toContain("2 commits carry a signature GitHub verified.");
    expect(r.candidate.accounts.map((a) => `${a.host}/${a.login}`)).toEqual([
      "github.com/jane",
      "gitlab.com/jane-gl",
      "codeberg.org/jane",
    ]);
    expect(accountsWords(r.candidate)).toBe("Accounts github.com/jane, gitlab.com/jane-gl, codeberg.org/jane");
    expect(r.notChecked.at(-1)).toContain("code-hosting sites other than GitHub, gitlab.com and codeberg.org");
    const page = reportView({ report: r }).toString();
    expect(page).toContain('<a href="https://gitlab.com/acme/platform/route-planner" rel="noreferrer">');
    expect(page).toContain("on gitlab.com");
    expect(page).toContain('<a href="https://gitlab.com/jane-gl" rel="noreferrer">gitlab.com/jane-gl</a>');
  });

  test("only a GitLab account: the candidate is known by it, GitHub is not named as checked", () => {
    const r = report({ ...across, hostUsername: "", accounts: ["gitlab.com:jane-gl"] });
    expect(r.candidate.login).toBe("jane-gl");
    expect(r.candidate.profileUrl).toBe("https://gitlab.com/jane-gl");
    expect(accountsWords(r.candidate)).toBe("Account gitlab.com/jane-gl");
    // a GitHub-only verification reads as it always did
    expect(accountsWords(report({ ...across, accounts: [] }).candidate)).toBe("GitHub account github.com/jane");
  });

  test("the PDF carries the hosts too", async () => {
    const text = await pdfText(await reportPdf(report(across)));
    expect(text).toContain("gitlab.com/acme/platform/route-planner (on gitlab.com)");
    expect(text).toContain("Accounts github.com/jane, gitlab.com/jane-gl, codeberg.org/jane");
  });
});
