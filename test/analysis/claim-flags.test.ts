import { describe, expect, test } from "bun:test";
import { sortFlags } from "../../src/analysis/flag-order.ts";
import { confirmedTechnologies } from "../../src/analysis/tech-overlap.ts";
import type { Flag } from "../../src/analysis/types.ts";
import { evidence, repo } from "./fixtures.ts";

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
