/**
 * runAnalysis across hosts: GitLab and Gitea/Forgejo accounts beside (or instead of) GitHub's, each
 * repository read from its own host's simulator, rules told what a host lacks, GitLab's push events read as
 * the server's own times.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AnalysisFailure, runAnalysis } from "../../src/analysis/run-analysis.ts";
import type { AnalysisOutcome } from "../../src/analysis/types.ts";
import { createGiteaSource } from "../../src/forges/gitea/gitea-source.ts";
import { createGitLabSource } from "../../src/forges/gitlab/gitlab-source.ts";
import { MemoryResponseCache } from "../../src/forges/http/response-cache.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { normalizeLink } from "../../src/resume/claims/link-normalizer.ts";
import type { ClaimedProject, ResumeLink } from "../../src/resume/types.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { claim, resume } from "../analysis/fixtures.ts";
import { forgeCandidate } from "../support/forge-sim/forge-candidate.ts";
import { backdatedIntoOldProject } from "../support/forge-sim/forge-scenarios.ts";
import { type GiteaSimulator, startGiteaSimulator } from "../support/gitea-sim/gitea-simulator.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, honestHistory, SCENARIO_NOW } from "../support/github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";

const clock = new ManualClock(Date.parse(SCENARIO_NOW));
let gitlab: GitLabSimulator;
let gitea: GiteaSimulator;
let github: GitHubSimulator;

beforeAll(async () => {
  [gitlab, gitea, github] = await Promise.all([
    startGitLabSimulator({
      clock,
      candidates: [forgeCandidate("alice", { name: "Alice A" })],
      users: [{ login: "mallory", name: "Mallory", createdAt: "2020-01-01T00:00:00Z" }],
    }),
    startGiteaSimulator({ clock, candidates: [forgeCandidate("carol", { name: "Carol C" })], activityFeeds: true }),
    startGitHubSimulator({
      candidates: [
        assembleCandidate({ login: "alice-gh", repos: [honestHistory({ login: "alice-gh", name: "api-kit" })] }),
      ],
    }),
  ]);
  await gitlab.addRepo(backdatedIntoOldProject({ login: "alice" }).repo);
});
afterAll(async () => {
  await Promise.all([gitlab?.stop(), gitea?.stop(), github?.stop()]);
});

const fast = { clock, backoffUnitMs: 1, sleep: async () => {}, cache: new MemoryResponseCache() };
const gitlabAccount = (login = "alice") => ({
  login,
  source: createGitLabSource({
    ...fast,
    config: { host: "gitlab.com", kind: "gitlab", apiBase: `${gitlab.url}/api/v4`, token: "glpat" },
  }),
});
const giteaAccount = (login = "carol") => ({
  login,
  source: createGiteaSource({
    ...fast,
    config: { host: "codeberg.org", kind: "gitea", apiBase: `${gitea.url}/api/v1`, token: null },
  }),
});
const githubSource = () =>
  createGitHubSource({ baseUrl: github.url, token: "t", db: openDatabase(":memory:"), backoffUnitMs: 1 });

/** A claim whose link is read as the extractor reads it (real host, nested groups). */
function forgeLink(url: string): ResumeLink {
  return { ...normalizeLink(url)!, raw: url, visibleDiffers: false, source: "annotation", page: 1 };
}
const linked = (name: string, url: string, extra: Partial<ClaimedProject> = {}): ClaimedProject => {
  const l = forgeLink(url);
  return claim(name, { repoUrl: l.repoUrl ?? null, repoLinks: [l], ...extra });
};

const onGitLab = (projects: ClaimedProject[], extra: Parameters<typeof resume>[1] = {}) =>
  runAnalysis({
    hostUsername: "",
    resume: resume(projects, extra),
    github: githubSource(),
    accounts: [gitlabAccount()],
  });
const rulesOn = (out: AnalysisOutcome, repo: string) =>
  out.flags.filter((f) => f.repo === repo).map((f) => `${f.rule}:${f.severity}`);

describe("a GitLab account", () => {
  test("an honest project: verified with its real host, nothing against it", async () => {
    const out = await onGitLab([linked("Weather Dash", "https://gitlab.com/alice/weather-dash")]);
    expect(out.verifiedProjects).toHaveLength(1);
    expect(out.verifiedProjects[0]).toMatchObject({
      repoUrl: "gitlab.com/alice/weather-dash",
      host: "gitlab.com",
      commits: 48,
      matchedBy: "link",
    });
    expect(out.flags.filter((f) => f.severity !== "INFO")).toEqual([]);
    expect(out.confidenceScore).toBeGreaterThanOrEqual(70);
  });

  test("a backdated history in an old project is caught by its push events, with its innocent reading", async () => {
    const out = await onGitLab([linked("Ledger Core", "gitlab.com/alice/ledger-core")]);
    const late = out.flags.find((f) => f.rule === "PUSHED_LONG_AFTER_DATES")!;
    expect(late.severity).toBe("WARNING");
    expect(late.repo).toBe("gitlab.com/alice/ledger-core");
    expect(late.message).toContain("gitlab.com recorded them arriving in one push");
    expect(late.message).toContain("the repository received no push while they were supposedly written");
    expect(late.message).toContain("developed on another host");
    expect(late.evidence).toMatchObject({ lateCommits: 120, examined: 120, extent: 1 });
    // nothing in git says so: no rule that reads only commit dates fires
    expect(rulesOn(out, "gitlab.com/alice/ledger-core")).toEqual(["PUSHED_LONG_AFTER_DATES:WARNING"]);
    expect(out.scoreBreakdown.claims[0]!.extentCapped).toBe(true);
  });

  test("an honest import is explained by the server's times, and no push is held against it", async () => {
    const out = await onGitLab([linked("Survey Kit", "gitlab.com/alice/survey-kit")]);
    const unanchored = out.flags.find((f) => f.rule === "UNANCHORED_HISTORY")!;
    expect(unanchored.severity).toBe("WARNING");
    expect(unanchored.evidence).toMatchObject({ importPush: 1 });
    expect(unanchored.message).toContain("gitlab.com recorded those 140 commits arriving in one push");
    expect(unanchored.message).toContain("an import of earlier work followed by ordinary work");
    expect(out.flags.some((f) => f.rule === "PUSHED_LONG_AFTER_DATES")).toBe(false);
    expect(out.flags.some((f) => f.severity === "CRITICAL")).toBe(false);
  });

  test("a painted graph is CRITICAL on GitLab as on GitHub", async () => {
    const out = await onGitLab([linked("Pixel Art", "gitlab.com/alice/pixel-art")]);
    expect(out.flags.some((f) => f.repo === "gitlab.com/alice/pixel-art" && f.severity === "CRITICAL")).toBe(true);
    expect(out.confidenceScore).toBeLessThanOrEqual(40);
  });

  test("claims without links are matched by name among the account's projects", async () => {
    const out = await onGitLab([claim("Weather Dash"), claim("Survey Kit")]);
    expect(out.verifiedProjects.map((p) => p.repoUrl)).toEqual([
      "gitlab.com/alice/weather-dash",
      "gitlab.com/alice/survey-kit",
    ]);
  });

  test("another GitLab user's profile on the resume is PROFILE_MISMATCH; a group is not", async () => {
    const profile = (url: string) => forgeLink(url);
    const out = await onGitLab([linked("Weather Dash", "gitlab.com/alice/weather-dash")], {
      forgeProfiles: [profile("https://gitlab.com/mallory"), profile("https://gitlab.com/some-group")],
    });
    const mismatch = out.flags.filter((f) => f.rule === "PROFILE_MISMATCH");
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]!.message).toContain("the gitlab.com profile gitlab.com/mallory");
    expect(mismatch[0]!.message).toContain("gitlab.com account alice");
  });

  test("an unknown account is a clear failure naming the host", async () => {
    const err = await runAnalysis({
      hostUsername: "",
      resume: resume([claim("Anything")]),
      github: githubSource(),
      accounts: [gitlabAccount("nobody-here")],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AnalysisFailure);
    expect(err.code).toBe("account_not_found");
    expect(err.message).toContain("gitlab.com has no user named nobody-here");
  });
});

describe("several hosts in one verification", () => {
  test("projects on GitHub and GitLab are matched on their own hosts; each repoUrl carries its host", async () => {
    const out = await runAnalysis({
      hostUsername: "alice-gh",
      resume: resume([
        linked("API Kit", "github.com/alice-gh/api-kit"),
        linked("Weather Dash", "gitlab.com/alice/weather-dash"),
        claim("Survey Kit"),
      ]),
      github: githubSource(),
      accounts: [gitlabAccount()],
    });
    expect(out.verifiedProjects.map((p) => [p.repoUrl, p.host])).toEqual([
      ["github.com/alice-gh/api-kit", "github.com"],
      ["gitlab.com/alice/weather-dash", "gitlab.com"],
      ["gitlab.com/alice/survey-kit", "gitlab.com"],
    ]);
    // GitHub's repositories keep their names; the others carry their host
    const timelines = out.commitTimelines.map((t) => t.repo);
    expect(timelines).toContain("alice-gh/api-kit");
    expect(timelines).toContain("gitlab.com/alice/weather-dash");
    expect(out.githubCalls.calls).toBeGreaterThan(0);
  });

  test("an unmatched claim names every account searched", async () => {
    const out = await runAnalysis({
      hostUsername: "alice-gh",
      resume: resume([claim("Quantum Compiler", { description: ["A compiler for quantum circuits"] })]),
      github: githubSource(),
      accounts: [gitlabAccount()],
    });
    const un = out.flags.find((f) => f.rule === "UNMATCHED_CLAIM")!;
    expect(un.message).toContain("could not be verified on GitHub for alice-gh or gitlab.com for alice");
  });

  test("a host the service reads but no account was given for is named, not read", async () => {
    const out = await runAnalysis({
      hostUsername: "alice-gh",
      resume: resume(
        [linked("API Kit", "github.com/alice-gh/api-kit"), linked("Dash", "gitlab.com/alice/weather-dash")],
        {
          forgeProfiles: [forgeLink("https://gitlab.com/alice")],
        },
      ),
      github: githubSource(),
      readableHosts: ["gitlab.com", "codeberg.org"],
    });
    const note = out.flags.find((f) => f.rule === "HOST_NOT_CHECKED")!;
    expect(note.severity).toBe("INFO");
    expect(note.message).toContain("the profile gitlab.com/alice and the repository gitlab.com/alice/weather-dash");
    expect(note.message).toContain("accounts (gitlab.com:<username>)");
    expect(out.verifiedProjects.map((p) => p.host)).toEqual(["github.com"]);
  });
});

describe("a Gitea/Forgejo account", () => {
  test("an honest history and a painted graph on codeberg.org", async () => {
    const out = await runAnalysis({
      hostUsername: "",
      resume: resume([
        linked("Weather Dash", "https://codeberg.org/carol/weather-dash"),
        linked("Pixel Art", "codeberg.org/carol/pixel-art"),
      ]),
      github: githubSource(),
      accounts: [giteaAccount()],
    });
    expect(out.verifiedProjects.map((p) => p.repoUrl)).toEqual([
      "codeberg.org/carol/weather-dash",
      "codeberg.org/carol/pixel-art",
    ]);
    expect(rulesOn(out, "codeberg.org/carol/weather-dash").filter((r) => !r.endsWith(":INFO"))).toEqual([]);
    expect(out.flags.some((f) => f.repo === "codeberg.org/carol/pixel-art" && f.severity === "CRITICAL")).toBe(true);
  });
});
