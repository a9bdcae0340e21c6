import { describe, expect, test } from "bun:test";
import type { ClaimMatch } from "../../src/analysis/match-claims.ts";
import { mentionPattern, repositoryMentions, withRepositoryMentions } from "../../src/analysis/repository-first.ts";
import { AnalysisFailure, runAnalysis } from "../../src/analysis/run-analysis.ts";
import type { ResumeTextLine } from "../../src/resume/types.ts";
import { claim, evidence, FakeGitHub, honestHistory, repo, resume, user } from "./fixtures.ts";

const at = (text: string, sectionKind = "experience", links: string[] = []): ResumeTextLine => ({
  text,
  page: 1,
  section: sectionKind === "header" ? "" : sectionKind[0]!.toUpperCase() + sectionKind.slice(1),
  sectionKind,
  links,
});
const names = (lines: ResumeTextLine[], repos = [repo("ana/weather-dash"), repo("ana/relay"), repo("ana/ledgr")]) =>
  repositoryMentions(repos, lines, new Set()).map((m) => [m.repo.name, m.claim.name, m.claim.section]);

describe("the repository-first path", () => {
  test("a repository named as work in an experience bullet is a claim, in the words the resume uses", () => {
    expect(names([at("• In my own time I built Weather Dash, a forecast dashboard.")])).toEqual([
      ["weather-dash", "Weather Dash", "Experience"],
    ]);
  });

  test("contact details, skills, courses and 'using X' are not work", () => {
    expect(
      names([
        at("github.com/ana  weather-dash.example.com", "header"),
        at("Tools: Relay, Weather Dash", "skills"),
        at("Weather Dash (course project)", "coursework"),
        at("• Shipped the billing service using Relay and Weather Dash"),
      ]),
    ).toEqual([]);
  });

  test("one plain word is a name only where it is written as one", () => {
    expect(names([at("• Set up a relay server for the office")])).toEqual([]);
    expect(names([at("Relay servers were my first job")])).toEqual([]);
    expect(names([at("• Wrote Relay, a message bus for bots")])).toEqual([["relay", "Relay", "Experience"]]);
    expect(names([at("Relay — a message bus for bots", "other")])).toEqual([["relay", "Relay", "Other"]]);
    // too short to tell from a word, whatever its case
    expect(mentionPattern(repo("ana/Ledgr", {}))).not.toBeNull();
    expect(mentionPattern(repo("ana/app"))).toBeNull();
  });

  test("a link to the repository's Pages site or homepage on a line names it", () => {
    const site = repo("ana/tidepool", { homepage: "https://tidepool.example.org" });
    expect(names([at("• A tide table viewer", "other", ["https://ana.github.io/tidepool/"])], [site])).toEqual([
      ["tidepool", "tidepool", "Other"],
    ]);
    expect(names([at("• A tide table viewer", "other", ["https://tidepool.example.org"])], [site])).toEqual([
      ["tidepool", "tidepool", "Other"],
    ]);
  });

  test("forks, the account's README and Pages repositories, and repositories already matched are left out", () => {
    const repos = [
      repo("ana/kubernetes", { fork: true }),
      repo("ana/ana"),
      repo("ana/ana.github.io"),
      repo("ana/weather-dash"),
    ];
    const lines = [at("• Deployed Kubernetes clusters, see ana.github.io and the ana profile; Weather Dash too")];
    expect(repositoryMentions(repos, lines, new Set(["ana/weather-dash"]))).toEqual([]);
  });

  test("withRepositoryMentions adds the found claims after the extractor's, with basis 'mention'", () => {
    const first: ClaimMatch = {
      index: 0,
      claim: claim("Ledgr"),
      repo: repo("ana/ledgr"),
      basis: "name",
      score: 1,
    };
    const out = withRepositoryMentions(
      [first],
      [repo("ana/ledgr"), repo("ana/weather-dash")],
      [at("• Ledgr and Weather Dash, both mine")],
    );
    expect(out.map((m) => [m.index, m.repo?.name, m.basis])).toEqual([
      [0, "ledgr", "name"],
      [1, "weather-dash", "mention"],
    ]);
  });
});

describe("runAnalysis without extracted projects", () => {
  const ana = user("ana", "2015-03-01T00:00:00Z");
  const weather = repo("ana/weather-dash", { createdAt: "2022-12-01T00:00:00Z" });
  const world = () =>
    new FakeGitHub({
      users: [ana],
      repos: [weather],
      evidence: {
        "ana/weather-dash": evidence(weather, honestHistory("ana", Date.parse("2023-01-02T00:00:00Z"), 60, 20, 1)),
      },
    });

  test("a repository the text names as work is verified", async () => {
    const outcome = await runAnalysis({
      hostUsername: "ana",
      resume: resume([], { textLines: [at("• Built Weather Dash, a forecast dashboard")] }),
      github: world(),
    });
    expect(outcome.verifiedProjects.map((p) => [p.repoUrl, p.matchedBy])).toEqual([
      ["github.com/ana/weather-dash", "mention"],
    ]);
  });

  test("text that names no repository still fails no_projects_found, after looking", async () => {
    const gh = world();
    const err = await runAnalysis({
      hostUsername: "ana",
      resume: resume([], { textLines: [at("• Maintained the billing service")] }),
      github: gh,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AnalysisFailure);
    expect(err.code).toBe("no_projects_found");
    expect(gh.calls).toBeGreaterThan(0);
  });
});

describe("the repository-first path, on a document read with low confidence (wide)", () => {
  const wide = (lines: ResumeTextLine[], repos = [repo("ana/weather-dash"), repo("ana/relay"), repo("ana/notes")]) =>
    repositoryMentions(repos, lines, new Set(), { wide: true }).map((m) => [
      m.repo.name,
      m.claim.name,
      m.claim.foundBy?.shape,
      m.claim.foundBy?.link,
    ]);

  test("the repository's address names it on any line, the header and skills included, written or linked", () => {
    expect(wide([at("ana@example.com · github.com/ana/notes", "header")])).toEqual([
      ["notes", "notes", "repository-first", "text"],
    ]);
    expect(wide([at("Tools: Relay (source)", "skills", ["https://github.com/ana/relay/tree/main"])])).toEqual([
      ["relay", "relay", "repository-first", "annotation"],
    ]);
    // the same lines read narrowly name nothing: contact details and skills are not work
    expect(names([at("ana@example.com · github.com/ana/notes", "header")], [repo("ana/notes")])).toEqual([]);
  });

  test("a name still names it only as work: not in courses, skills, contact details or after 'using X'", () => {
    expect(wide([at("• In my own time I built Weather Dash", "experience")])).toEqual([
      ["weather-dash", "Weather Dash", "repository-first", "none"],
    ]);
    expect(wide([at("Weather Dash (course project)", "coursework")])).toEqual([]);
    expect(
      wide([
        at("Tools: Relay, Weather Dash", "skills"),
        at("Weather Dash Ltd, Lisbon", "contact"),
        at("• Shipped the billing service using Relay and Weather Dash"),
      ]),
    ).toEqual([]);
  });

  test("an address that only starts like the repository's, the resume's own source and a CV file are not claims", () => {
    expect(wide([at("github.com/ana/weather-dash-v2 and github.com/ana/relay.js", "header")])).toEqual([]);
    expect(wide([at("Source of this resume: github.com/ana/my-cv", "header")], [repo("ana/my-cv")])).toEqual([]);
    expect(wide([at("github.com/ana/resume", "header")], [repo("ana/resume")])).toEqual([]);
    expect(wide([at("CV", "header", ["https://github.com/ana/notes/blob/main/cv.pdf"])])).toEqual([]);
    expect(
      wide([at("github.com/ana/ana and ana.github.io", "header")], [repo("ana/ana"), repo("ana/ana.github.io")]),
    ).toEqual([]);
  });

  test("a line that names no repository of the candidate adds nothing, however wide the reading", () => {
    expect(
      wide([
        at("Alice Honest · github.com/alice-honest", "header"),
        at("• Kept notes for the team and relayed the forecasts", "experience"),
        at("• Weather data dashboards for the sales team", "experience"),
      ]),
    ).toEqual([]);
  });
});

describe("runAnalysis on a resume read with low confidence", () => {
  const ana = user("ana", "2015-03-01T00:00:00Z");
  const notes = repo("ana/notes", { createdAt: "2022-12-01T00:00:00Z" });
  const world = () =>
    new FakeGitHub({
      users: [ana],
      repos: [notes],
      evidence: { "ana/notes": evidence(notes, honestHistory("ana", Date.parse("2023-01-02T00:00:00Z"), 40, 20, 1)) },
    });
  const low = { confidence: 0, lowConfidence: true, repositoryFirst: true, reasons: ["no project was found"] };

  test("matches the candidate's repository by its address in the header and says so in the outcome", async () => {
    const outcome = await runAnalysis({
      hostUsername: "ana",
      resume: resume([], { textLines: [at("ana@example.com · github.com/ana/notes", "header")], extraction: low }),
      github: world(),
    });
    expect(outcome.extraction).toEqual(low);
    expect(outcome.verifiedProjects.map((p) => [p.repoUrl, p.matchedBy, p.foundBy?.shape])).toEqual([
      ["github.com/ana/notes", "mention", "repository-first"],
    ]);
  });

  test("the same resume read with confidence is not searched wide", async () => {
    const err = await runAnalysis({
      hostUsername: "ana",
      resume: resume([], {
        textLines: [at("ana@example.com · github.com/ana/notes", "header")],
        extraction: { ...low, lowConfidence: false, repositoryFirst: false },
      }),
      github: world(),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AnalysisFailure);
    expect(err.code).toBe("no_projects_found");
  });
});

describe("what the repository-first path leaves to the extractor's claims", () => {
  test("a section's own heading names the section, not a repository of the same name", () => {
    const heading: ResumeTextLine = {
      text: "Certifications",
      page: 1,
      section: "Certifications",
      sectionKind: "other",
      links: [],
    };
    expect(names([heading], [repo("ana/certifications")])).toEqual([]);
    expect(names([{ ...heading, text: "• Certifications tracker I built" }], [repo("ana/certifications")])).toEqual([
      ["certifications", "Certifications", "Certifications"],
    ]);
  });

  test("a repository one of the claims links is that claim's, even when another of its links was matched", () => {
    const printed = {
      url: "https://github.com/ana/sea-level",
      kind: "repository" as const,
      owner: "ana",
      repo: "sea-level",
      host: "github.com",
      raw: "ana/sea-level",
      visibleDiffers: false,
      source: "text" as const,
      page: 1,
    };
    const first: ClaimMatch = {
      index: 0,
      claim: {
        ...claim("Sea Level"),
        repoLinks: [{ ...printed, url: "https://github.com/ana/sea-level-v2", repo: "sea-level-v2" }, printed],
      },
      repo: repo("ana/sea-level-v2"),
      basis: "link",
      score: 1,
    };
    const out = withRepositoryMentions(
      [first],
      [repo("ana/sea-level-v2"), repo("ana/sea-level")],
      [at("• Sea Level, a predictor")],
    );
    expect(out.map((m) => m.repo?.name)).toEqual(["sea-level-v2"]);
  });
});

describe("the words of a topic are not a repository's name", () => {
  const topics = [repo("ana/machine-learning"), repo("ana/computer-science"), repo("ana/personal-website")];
  test("fields of study, summaries and honours name topics, not work", () => {
    expect(
      names(
        [
          at("BSc Computer Science, State University", "education"),
          at("Machine Learning engineer with five years in production", "summary"),
          at("• Google PhD Fellowship in Machine Learning (2020 – 2023)", "awards"),
        ],
        topics,
      ),
    ).toEqual([]);
  });

  test("several words in lowercase are a phrase of the prose; joined or capitalised they are a name", () => {
    expect(names([at("• Developed a machine learning model to detect fraud")], topics)).toEqual([]);
    expect(names([at("• Created a personal website where you can read more about me")], topics)).toEqual([]);
    expect(names([at("• Wrote machine-learning, my notebook of course exercises")], topics)).toEqual([
      ["machine-learning", "machine-learning", "Experience"],
    ]);
    expect(names([at("• Personal Website: a static site in Astro")], topics)).toEqual([
      ["personal-website", "Personal Website", "Experience"],
    ]);
  });

  test("a short name is found by its address alone, never by a link to its Pages site", () => {
    const blog = [repo("ana/blog")];
    const post = at("• Details: https://ana.github.io/blog/post/intern", "experience", [
      "https://ana.github.io/blog/post/intern",
    ]);
    expect(repositoryMentions(blog, [post], new Set(), { wide: true })).toEqual([]);
    const address = at("• Source: github.com/ana/blog", "experience");
    expect(repositoryMentions(blog, [address], new Set(), { wide: true }).map((m) => m.repo.name)).toEqual(["blog"]);
  });
});
