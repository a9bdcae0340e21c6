import { describe, expect, test } from "bun:test";
import { reportText } from "../../src/analysis/report-text.ts";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { claim, evidence, FakeGitHub, honestHistory, linkedClaim, repo, resume, user } from "./fixtures.ts";

describe("reportText", () => {
  test("shows the score, projects, unmatched claims, flags and the arithmetic", async () => {
    const tool = repo("ana/tool");
    const gh = new FakeGitHub({
      users: [user("ana")],
      repos: [tool],
      evidence: { "ana/tool": evidence(tool, honestHistory("ana", Date.parse("2023-01-01T00:00:00Z"), 100, 30)) },
    });
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([linkedClaim("Tool", "github.com/ana/tool"), claim("Ghost")]),
      github: gh,
    });
    const text = reportText(out, "resume.pdf as ana").join("\n");
    expect(text).toContain("Confidence score: 67/100 (mixed: ");
    expect(text).toContain("  match  project  host        repository  commits   evidence\n");
    expect(text).toContain("  HIGH   Tool     github.com  ana/tool    30 of 30  matched by link\n");
    expect(text).toContain("  - Ghost: no public repository matches its name or description");
    expect(text).toContain('WARNING  claimed project "Ghost" could not be verified on GitHub for ana');
    expect(text).toContain("Score: evidence 66.667 - penalties 0 = 67");
    expect(text).toContain("Ghost  credit 0.000 = unmatched 0 x activity 0 x credibility 0 (weight 0.5)");
    expect(text).toContain("GitHub calls: 3 (0 answered 304 Not Modified)");
    expect(reportText(out, "x")).toEqual(reportText(structuredClone(out), "x"));
  });

  test("a long claim name wraps inside its column: every row keeps the repository and commits columns aligned", async () => {
    const tool = repo("ana/tool");
    const gh = new FakeGitHub({
      users: [user("ana")],
      repos: [tool],
      evidence: { "ana/tool": evidence(tool, honestHistory("ana", Date.parse("2023-01-01T00:00:00Z"), 100, 30)) },
    });
    const long = "A distributed real-time collaborative whiteboard for remote teams with offline sync";
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([linkedClaim(long, "github.com/ana/tool")]),
      github: gh,
    });
    const lines = reportText(out, "x");
    const header = lines.findIndex((l) => l.startsWith("  match  project"));
    const hostCol = lines[header]!.indexOf("host");
    const repoCol = lines[header]!.indexOf("repository");
    const row = lines[header + 1]!;
    expect(row.indexOf("github.com")).toBe(hostCol);
    expect(row.indexOf("ana/tool")).toBe(repoCol);
    // the name's continuation lines stay left of the host column and together spell the name
    const continuation = lines.slice(header + 1).filter((l, i) => i === 0 || /^ {9}\S/.test(l));
    expect(continuation.length).toBeGreaterThan(1);
    for (const l of continuation) expect(l.slice(9, hostCol).trimEnd().length).toBeLessThan(hostCol - 9);
    expect(continuation.map((l) => l.slice(9, hostCol).trim()).join(" ")).toBe(long);
    const scoreRows = lines.slice(lines.findIndex((l) => l.startsWith("Score:")) + 1);
    expect(scoreRows[0]!.indexOf("credit")).toBe(2 + 28 + 2);
  });
});

describe("reportText findings", () => {
  test("a finding of several flags is shown once with its title, its rules and its innocent reading", () => {
    const flag = (rule: "BACKDATED_SPLIT" | "COMMIT_BURST") => ({
      severity: "WARNING" as const,
      rule,
      repo: "ana/tool",
      message: `ana/tool: ${rule}`,
      finding: "ana/tool#committed-late",
    });
    const out = {
      confidenceScore: 85,
      verifiedProjects: [],
      flags: [flag("BACKDATED_SPLIT"), flag("COMMIT_BURST")],
      findings: [
        {
          id: "ana/tool#committed-late",
          fact: "committed-late" as const,
          severity: "WARNING" as const,
          repo: "ana/tool",
          rules: ["BACKDATED_SPLIT" as const, "COMMIT_BURST" as const],
          title: "the history was committed long after it was written",
          innocentReading: "a rebase looks exactly like this",
        },
      ],
      scoreBreakdown: {
        evidence: 85,
        penalties: [],
        penaltyTotal: 0,
        claims: [],
        mentionsSkipped: 0,
        score: 85,
        formula: "",
      },
      unmatchedClaims: [],
      commitTimelines: [],
      githubCalls: { calls: 0, notModified: 0 },
    };
    const text = reportText(out, "x").join("\n");
    expect(text).toContain(
      "  WARNING ana/tool: the history was committed long after it was written (BACKDATED_SPLIT, COMMIT_BURST); innocent reading: a rebase looks exactly like this",
    );
  });
});

describe("runAnalysis stages", () => {
  test("tells `analysing` once, after the last GitHub evidence was fetched", async () => {
    const a = repo("ana/a");
    const b = repo("ana/b");
    const gh = new FakeGitHub({
      users: [user("ana")],
      repos: [a, b],
      evidence: {
        "ana/a": evidence(a, honestHistory("ana", Date.parse("2023-01-01T00:00:00Z"), 100, 10)),
        "ana/b": evidence(b, honestHistory("ana", Date.parse("2023-01-01T00:00:00Z"), 100, 10)),
      },
    });
    const events: string[] = [];
    const fetchEvidence = gh.repoEvidence.bind(gh);
    gh.repoEvidence = async (r, login) => {
      events.push(`fetch ${r.name}`);
      return fetchEvidence(r, login);
    };
    await runAnalysis({
      hostUsername: "ana",
      resume: resume([linkedClaim("A", "github.com/ana/a"), linkedClaim("B", "github.com/ana/b")]),
      github: gh,
      onStage: (s) => events.push(s),
    });
    expect(events).toEqual(["fetch a", "fetch b", "analysing"]);
  });
});

describe("runAnalysis commit timelines", () => {
  test("carry the repository's and the account's creation, the commit counts and the worst flag", async () => {
    const tool = repo("ana/tool");
    const gh = new FakeGitHub({
      users: [user("ana")],
      repos: [tool],
      evidence: { "ana/tool": evidence(tool, honestHistory("ana", Date.parse("2023-01-01T00:00:00Z"), 100, 30)) },
    });
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([linkedClaim("Tool", "github.com/ana/tool")]),
      github: gh,
    });
    const [t] = out.commitTimelines;
    expect(t).toMatchObject({
      repo: "ana/tool",
      repoCreatedAt: tool.createdAt,
      accountCreatedAt: user("ana").createdAt,
      ownCommits: 30,
      historyCommits: out.verifiedProjects[0]!.totalCommits,
      severity: out.verifiedProjects[0]!.worstFlag,
    });
    expect(t!.commits).toHaveLength(30);
  });
});
