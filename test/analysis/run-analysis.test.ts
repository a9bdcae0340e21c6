import { describe, expect, test } from "bun:test";
import { AnalysisFailure, runAnalysis } from "../../src/analysis/run-analysis.ts";
import {
  type GhRepo,
  GitHubRateLimitedError,
  GitHubUnavailableError,
  type RepoEvidence,
} from "../../src/github/types.ts";
import type { ClaimedProject } from "../../src/resume/types.ts";
import {
  claim,
  commit,
  DAY,
  evidence,
  FakeGitHub,
  honestHistory,
  link,
  linkedClaim,
  repo,
  resume,
  user,
} from "./fixtures.ts";
import { paintedGraph } from "./histories.ts";

const T0 = Date.parse("2023-01-02T00:00:00Z");
const ana = user("ana", "2015-03-01T00:00:00Z");
const weather = repo("ana/weather-dash", { description: "Weather dashboard", createdAt: "2022-12-01T00:00:00Z" });
const ledgr = repo("ana/ledgr", {
  description: "Personal finance tracker",
  language: "Rust",
  createdAt: "2022-12-01T00:00:00Z",
});
const kernel = repo("ana/kernel-notes", { createdAt: "2022-12-01T00:00:00Z" });
const orgRepo = repo("acme/platform", { createdAt: "2018-01-01T00:00:00Z" });
const orgNoCommits = repo("acme/website", { createdAt: "2018-01-01T00:00:00Z" });
const painted = repo("ana/green-graph", { createdAt: "2024-03-02T08:00:00Z", pushedAt: "2024-03-03T00:00:00Z" });
const emptyRepo = repo("ana/todo", { empty: true });

function world(extra: { repos?: GhRepo[]; evidence?: Record<string, RepoEvidence> } = {}) {
  const repos = [weather, ledgr, kernel, orgRepo, orgNoCommits, painted, emptyRepo, ...(extra.repos ?? [])];
  return {
    users: [ana],
    repos,
    renames: { "ana/weather-old": "ana/weather-dash" },
    evidence: {
      "ana/weather-dash": evidence(weather, honestHistory("ana", T0, 200, 60, 1), {
        languages: { TypeScript: 1 },
        manifestDependencies: ["react"],
      }),
      "ana/ledgr": evidence(ledgr, honestHistory("ana", T0, 120, 35, 2)),
      "ana/kernel-notes": evidence(kernel, honestHistory("ana", T0, 90, 25, 3)),
      "acme/platform": evidence(orgRepo, honestHistory("ana", T0, 300, 30, 4), { totalCommitCount: 4000 }),
      "acme/website": evidence(orgNoCommits, [], { totalCommitCount: 900 }),
      "ana/green-graph": evidence(painted, paintedGraph(Date.parse("2024-03-02T09:00:00Z"))),
      ...extra.evidence,
    },
  };
}

const honestClaims: ClaimedProject[] = [
  linkedClaim("Weather Dash", "github.com/ana/weather-dash", {
    technologies: ["React", "TypeScript"],
    dates: { text: "2023", start: "2023-01" },
  }),
  claim("Ledgr", { description: ["Personal finance tracker"] }),
  linkedClaim("Platform", "github.com/acme/platform"),
];

describe("runAnalysis failures", () => {
  test("a resume without projects fails before any GitHub call", async () => {
    const gh = new FakeGitHub(world());
    const err = await runAnalysis({ hostUsername: "ana", resume: resume([]), github: gh }).catch((e) => e);
    expect(err).toBeInstanceOf(AnalysisFailure);
    expect(err.code).toBe("no_projects_found");
    expect(gh.calls).toBe(0);
  });

  test("a resume that only mentions others' projects has no projects", async () => {
    const err = await runAnalysis({
      hostUsername: "ana",
      resume: resume([claim("Linux", { mentionOnly: true })]),
      github: new FakeGitHub(world()),
    }).catch((e) => e);
    expect(err.code).toBe("no_projects_found");
    expect(err.message).toContain("only mentions");
  });

  test("an unknown user", async () => {
    const err = await runAnalysis({
      hostUsername: "nobody",
      resume: resume(honestClaims),
      github: new FakeGitHub(world()),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AnalysisFailure);
    expect(err.code).toBe("github_user_not_found");
    expect(err.message).toBe("GitHub has no user named nobody");
  });

  test.each([
    ["rate limit", new GitHubRateLimitedError(Date.parse("2026-01-01T01:00:00Z")), GitHubRateLimitedError],
    ["outage", new GitHubUnavailableError("502 after 3 retries"), GitHubUnavailableError],
  ])("a GitHub %s propagates unchanged", async (_, failWith, type) => {
    const gh = new FakeGitHub({ ...world(), failOn: "evidence", failWith });
    const err = await runAnalysis({ hostUsername: "ana", resume: resume(honestClaims), github: gh }).catch((e) => e);
    expect(err).toBeInstanceOf(type);
  });
});

describe("runAnalysis on an honest candidate", () => {
  test("links, names and an organisation repository; lean calls; a high score", async () => {
    const gh = new FakeGitHub(world());
    const out = await runAnalysis({ hostUsername: "ana", resume: resume(honestClaims), github: gh });
    expect(out.verifiedProjects.map((p) => [p.name, p.repoUrl, p.matchStrength, p.matchedBy])).toEqual([
      ["Weather Dash", "github.com/ana/weather-dash", "HIGH", "link"],
      ["Ledgr", "github.com/ana/ledgr", "HIGH", "name"],
      ["Platform", "github.com/acme/platform", "HIGH", "link"],
    ]);
    expect(out.verifiedProjects[0]?.commits).toBe(60);
    expect(out.verifiedProjects[0]?.signedCommits).toBe(0);
    expect(out.verifiedProjects[0]?.technologiesConfirmed).toEqual(["React", "TypeScript"]);
    expect(out.verifiedProjects[2]?.ownShare).toBe(0.01);
    expect(out.flags.filter((f) => f.severity !== "INFO")).toEqual([]);
    expect(out.confidenceScore).toBe(100);
    expect(out.unmatchedClaims).toEqual([]);
    // user + repo list (asked at once) + one getRepo for the organisation link + evidence for 3 matched repositories
    expect(gh.log).toEqual([
      "repos ana",
      "user ana",
      "repo acme/platform",
      "evidence ana/weather-dash",
      "evidence ana/ledgr",
      "evidence acme/platform",
    ]);
    expect(out.githubCalls).toEqual({ calls: 6, notModified: 0 });
  });

  test("identical input gives a byte-identical outcome, whatever order GitHub lists repositories in", async () => {
    const a = await runAnalysis({ hostUsername: "ana", resume: resume(honestClaims), github: new FakeGitHub(world()) });
    const w = world();
    const b = await runAnalysis({
      hostUsername: "ANA",
      resume: resume(structuredClone(honestClaims)),
      github: new FakeGitHub({ ...w, repos: [...w.repos].reverse() }),
    });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  test("a renamed repository is followed and reported; a repository linked twice is fetched once", async () => {
    const gh = new FakeGitHub(world());
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([
        linkedClaim("Weather", "github.com/ana/weather-old"),
        linkedClaim("Weather Dash", "github.com/ana/weather-dash"),
      ]),
      github: gh,
    });
    expect(out.verifiedProjects.map((p) => p.repoUrl)).toEqual([
      "github.com/ana/weather-dash",
      "github.com/ana/weather-dash",
    ]);
    expect(out.flags.map((f) => [f.rule, f.severity])).toEqual([["RENAMED_REPO", "INFO"]]);
    expect(gh.log.filter((l) => l.startsWith("evidence"))).toEqual(["evidence ana/weather-dash"]);
  });
});

describe("runAnalysis flags", () => {
  test("an unmatched claim is a flag, not an error, and an organisation repository without commits does not count", async () => {
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([...honestClaims, claim("Lox Compiler"), linkedClaim("Website", "github.com/acme/website")]),
      github: new FakeGitHub(world()),
    });
    expect(out.unmatchedClaims).toEqual([
      { name: "Lox Compiler", reason: "no public repository matches its name or description" },
      { name: "Website", reason: "the linked repository acme/website belongs to acme and has no commits by ana" },
    ]);
    expect(out.flags.filter((f) => f.rule === "UNMATCHED_CLAIM").map((f) => f.severity)).toEqual([
      "WARNING",
      "WARNING",
    ]);
    // 3 verified claims, the linked one without commits weighs 1, the unlinked unmatched one 0.5: 300 / 4.5
    expect(out.confidenceScore).toBe(67);
  });

  test("profile mismatch, hidden text and an empty repository", async () => {
    const gh = new FakeGitHub(world());
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([...honestClaims, linkedClaim("Todo", "github.com/ana/todo")], {
        githubProfiles: [link("github.com/someone-else")],
        hiddenText: [{ text: "rust kubernetes", page: 1, reason: "white-fill" }],
      }),
      github: gh,
    });
    expect(out.flags.map((f) => f.rule)).toEqual(["HIDDEN_TEXT", "PROFILE_MISMATCH", "EMPTY_REPO"]);
    expect(out.verifiedProjects.find((p) => p.name === "Todo")).toMatchObject({
      commits: 0,
      matchStrength: "LOW",
      worstFlag: "WARNING",
    });
    expect(gh.log).not.toContain("evidence ana/todo");
    expect(out.confidenceScore).toBe(65);
  });

  test("a painted repository makes a blatant fraud score low", async () => {
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([linkedClaim("Green", "github.com/ana/green-graph")]),
      github: new FakeGitHub(world()),
    });
    const critical = out.flags.filter((f) => f.severity === "CRITICAL");
    expect(critical.map((f) => f.rule)).toEqual([
      "BACKDATED_SPLIT",
      "CLOCK_TIME_MONOCULTURE",
      "IDENTICAL_AUTHOR_TIMESTAMPS",
      "PREDATES_REPO_OR_ACCOUNT",
    ]);
    for (const f of critical) expect(f.message).toStartWith("ana/green-graph: ");
    expect(out.verifiedProjects[0]?.worstFlag).toBe("CRITICAL");
    expect(out.confidenceScore).toBe(0);
  });

  test("one forged repository next to honest ones pulls the score under 40", async () => {
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([...honestClaims, linkedClaim("Green", "github.com/ana/green-graph")]),
      github: new FakeGitHub(world()),
    });
    expect(out.confidenceScore).toBeLessThanOrEqual(40);
  });

  test("a fork without own work is LOW and flagged", async () => {
    const fork = repo("ana/react", { fork: true, parent: "facebook/react", source: "facebook/react" });
    const upstream = Array.from({ length: 5 }, (_, i) => commit("gaearon", T0 + i * DAY));
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([linkedClaim("React", "github.com/ana/react")]),
      github: new FakeGitHub(
        world({
          repos: [fork],
          evidence: {
            "ana/react": evidence(fork, [], {
              totalCommitCount: 17000,
              aheadOfParent: { total: 0, byCandidate: 0 },
              rootCommit: upstream[0],
            }),
          },
        }),
      ),
    });
    expect(out.verifiedProjects[0]).toMatchObject({ matchStrength: "LOW", commits: 0, fork: true });
    expect(out.flags.map((f) => [f.rule, f.severity])).toEqual([["FORK_AS_OWN", "WARNING"]]);
    expect(out.confidenceScore).toBe(0);
  });

  test("a claim dated long before the account with no commits behind it", async () => {
    const out = await runAnalysis({
      hostUsername: "ana",
      resume: resume([...honestClaims, claim("Old Game", { dates: { text: "2012", start: "2012-01" } })]),
      github: new FakeGitHub(world()),
    });
    const f = out.flags.find((x) => x.rule === "CLAIM_BEFORE_ACCOUNT");
    expect(f?.severity).toBe("WARNING");
    expect(f?.project).toBe("Old Game");
  });
});

describe("runAnalysis concurrency", () => {
  /** a source whose repoEvidence answers only when released, so the test sees how many are in flight */
  class GatedGitHub extends FakeGitHub {
    inFlight = 0;
    maxInFlight = 0;
    release: Array<() => void> = [];
    override async repoEvidence(...args: Parameters<FakeGitHub["repoEvidence"]>) {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      await new Promise<void>((r) => this.release.push(r));
      this.inFlight--;
      return super.repoEvidence(...args);
    }
  }
  const settle = async (gh: GatedGitHub, run: Promise<unknown>) => {
    // release evidence as it is asked for until the analysis ends
    let done = false;
    run.finally(() => (done = true)).catch(() => {});
    const deadline = Date.now() + 5000;
    while (!done && Date.now() < deadline) {
      await Bun.sleep(0);
      gh.release.shift()?.();
    }
  };

  test("evidence of different claims is gathered at once, bounded by concurrency; the outcome is the sequential one", async () => {
    const sequential = await runAnalysis({
      hostUsername: "ana",
      resume: resume(honestClaims),
      github: new FakeGitHub(world()),
      concurrency: 1,
    });
    const gh = new GatedGitHub(world());
    const run = runAnalysis({ hostUsername: "ana", resume: resume(honestClaims), github: gh, concurrency: 8 });
    await settle(gh, run);
    expect(gh.maxInFlight).toBe(3);
    expect(JSON.stringify(await run)).toBe(JSON.stringify(sequential));
    const bounded = new GatedGitHub(world());
    const two = runAnalysis({ hostUsername: "ana", resume: resume(honestClaims), github: bounded, concurrency: 2 });
    await settle(bounded, two);
    await two;
    expect(bounded.maxInFlight).toBe(2);
  });
});
