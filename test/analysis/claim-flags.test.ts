import { describe, expect, test } from "bun:test";
import { hiddenTextFlags, linkFlags, profileMismatchFlags } from "../../src/analysis/claim-flags.ts";
import { sortFlags } from "../../src/analysis/flag-order.ts";
import { confirmedTechnologies } from "../../src/analysis/tech-overlap.ts";
import type { Flag } from "../../src/analysis/types.ts";
import type { GhRepo } from "../../src/github/types.ts";
import { claim, evidence, link, linkedClaim, repo, resume } from "./fixtures.ts";

describe("profileMismatchFlags", () => {
  test.each([
    [[], []],
    [["ana"], []],
    [["Ana"], []],
    [["bob"], ["github.com/bob"]],
    [
      ["bob", "ana", "carl", "bob"],
      ["github.com/bob", "github.com/carl"],
    ],
  ])("profiles %p", (owners, named) => {
    const flags = profileMismatchFlags(
      resume([], { githubProfiles: owners.map((o) => link(`github.com/${o}`)) }),
      "ana",
    );
    expect(flags.length).toBe(named.length > 0 ? 1 : 0);
    for (const n of named) expect(flags[0]?.message).toContain(n);
    if (flags[0]) expect(flags[0].severity).toBe("WARNING");
  });
});

describe("hiddenTextFlags", () => {
  test("none without hidden text", () => expect(hiddenTextFlags(resume([]))).toEqual([]));
  test("quotes the hidden text, shortened", () => {
    const r = resume([], {
      hiddenText: [
        { text: "kubernetes golang rust ".repeat(10), page: 1, reason: "white-fill" },
        { text: "senior", page: 2, reason: "tiny-font" },
      ],
    });
    const [f] = hiddenTextFlags(r);
    expect(f?.severity).toBe("WARNING");
    expect(f?.message).toStartWith(
      'the PDF hides 236 characters of text a reader cannot see (tiny-font, white-fill, page 1, 2): "kubernetes golang rust',
    );
    expect(f?.message).toEndWith(
      '..."; some templates hide text by accident, but stuffed keywords are written for screening software',
    );
  });
});

describe("linkFlags", () => {
  const tool = repo("ana/tool");
  test("a visible URL naming another repository", () => {
    const l = link("github.com/ana/tool", { visibleText: "github.com/google/tool", visibleDiffers: true });
    const flags = linkFlags(
      claim("Tool", { repoLinks: [l], repoUrl: "github.com/ana/tool" }),
      new Map([["ana/tool", tool]]),
    );
    expect(flags.map((f) => [f.rule, f.severity])).toEqual([["LINK_TEXT_MISMATCH", "WARNING"]]);
    expect(flags[0]?.message).toBe(
      '"Tool": the link reads github.com/google/tool but points to github.com/ana/tool; a link kept from an older resume can point elsewhere by mistake',
    );
  });
  test("a visible URL elsewhere than GitHub that the extractor marks as differing", () => {
    const l = link("github.com/ana/tool", { visibleText: "gitlab.com/ana/tool", visibleDiffers: true });
    const flags = linkFlags(claim("Tool", { repoLinks: [l] }), new Map([["ana/tool", tool]]));
    expect(flags.map((f) => f.message)).toEqual([
      '"Tool": the link reads gitlab.com/ana/tool but points to github.com/ana/tool; a link kept from an older resume can point elsewhere by mistake',
    ]);
  });
  test("the same repository in other letter case is not a mismatch", () => {
    const l = link("github.com/ana/tool", { visibleText: "github.com/Ana/Tool", visibleDiffers: true });
    expect(linkFlags(claim("Tool", { repoLinks: [l] }), new Map([["ana/tool", tool]]))).toEqual([]);
  });
  test("a word over the link is not a mismatch", () => {
    const l = link("github.com/ana/tool", { visibleText: "GitHub" });
    expect(linkFlags(claim("Tool", { repoLinks: [l] }), new Map([["ana/tool", tool]]))).toEqual([]);
  });
  test("a missing repository and a renamed one", () => {
    const renamed: GhRepo = { ...repo("ana/new-name"), renamedFrom: "ana/old-name" };
    const targets = new Map<string, GhRepo | null>([
      ["ana/gone", null],
      ["ana/old-name", renamed],
    ]);
    const c = claim("X", { repoLinks: [link("github.com/ana/gone"), link("github.com/ana/old-name")] });
    expect(linkFlags(c, targets).map((f) => [f.rule, f.severity, f.repo])).toEqual([
      ["LINKED_REPO_NOT_FOUND", "WARNING", "ana/gone"],
      ["RENAMED_REPO", "INFO", "ana/new-name"],
    ]);
  });
  test("a plain link that resolved raises nothing", () => {
    expect(linkFlags(linkedClaim("Tool", "github.com/ana/tool"), new Map([["ana/tool", tool]]))).toEqual([]);
  });
});

describe("sortFlags", () => {
  test("severity, then resume-wide flags, then repository, rule and message", () => {
    const f = (severity: Flag["severity"], rule: Flag["rule"], repo?: string): Flag => ({
      severity,
      rule,
      message: rule,
      ...(repo ? { repo } : {}),
    });
    const sorted = sortFlags([
      f("INFO", "BOT_AUTHOR", "a/b"),
      f("WARNING", "BULK_DUMP", "z/z"),
      f("CRITICAL", "FUTURE_AUTHOR_DATE", "b/b"),
      f("WARNING", "HIDDEN_TEXT"),
      f("CRITICAL", "CLOCK_TIME_MONOCULTURE", "b/b"),
    ]);
    expect(sorted.map((x) => x.rule)).toEqual([
      "CLOCK_TIME_MONOCULTURE",
      "FUTURE_AUTHOR_DATE",
      "HIDDEN_TEXT",
      "BULK_DUMP",
      "BOT_AUTHOR",
    ]);
  });
});

describe("confirmedTechnologies", () => {
  test("languages, topics, dependencies and aliases confirm claims", () => {
    const e = evidence(repo("ana/tool", { topics: ["kubernetes"], language: "Go" }), [], {
      languages: { Go: 100, Shell: 3 },
      manifestDependencies: ["react", "@nestjs/core", "express"],
    });
    expect(confirmedTechnologies(["Golang", "React.js", "NestJS", "K8s", "Express.js", "Haskell", "Shell"], e)).toEqual(
      ["Golang", "React.js", "NestJS", "K8s", "Express.js", "Shell"],
    );
  });
});
