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
    expect(text).toContain("Confidence score: 67/100");
    expect(text).toContain("HIGH    Tool  github.com/ana/tool  30 of 30 commits (matched by link)");
    expect(text).toContain("  - Ghost: no public repository matches its name or description");
    expect(text).toContain('WARNING  claimed project "Ghost" could not be verified on GitHub for ana');
    expect(text).toContain("Score: evidence 66.667 - penalties 0 = 67");
    expect(text).toContain("Ghost credit 0.000 = unmatched 0 x activity 0 x credibility 0 (weight 0.5)");
    expect(text).toContain("GitHub calls: 3 (0 answered 304 Not Modified)");
    expect(reportText(out, "x")).toEqual(reportText(structuredClone(out), "x"));
  });
});
