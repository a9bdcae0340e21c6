/**
 * The rule registry: one spec per rule id, and every table about rules a view of it. What a spec says
 * must be what the analysis does: the history rules are the ones judgeRepository runs, told what their
 * host lacks; fact groups group; words reach the finding, the glossary and an escalation's message.
 */
import { describe, expect, test } from "bun:test";
import { groupFindings, INNOCENT_READING } from "../../../src/analysis/findings.ts";
import { corroborate } from "../../../src/analysis/rules/corroborate.ts";
import {
  ALL_RULES,
  evidenceOf,
  HISTORY_RULES,
  RULE_SPECS,
  raise,
  rulesOfFact,
  wordsOf,
} from "../../../src/analysis/rules/registry.ts";
import { judgeRepository, REPO_RULES } from "../../../src/analysis/rules/repo-rules.ts";
import type { RuleHit } from "../../../src/analysis/rules/rule-context.ts";
import type { Flag, RuleId } from "../../../src/analysis/types.ts";
import { RULES } from "../../../src/contract/index.ts";
import { GLOSSARY } from "../../../src/report/glossary.ts";
import { DAY } from "../fixtures.ts";
import { paintedGraph } from "../histories.ts";
import { ctxOf } from "./rule-fixtures.ts";

const PUSH = Date.parse("2024-03-02T09:00:00Z");

describe("one spec per rule id", () => {
  test("the registry holds exactly the contract's rule ids, in the contract's order", () => {
    expect(Object.keys(RULE_SPECS).sort()).toEqual([...RULES].sort());
    expect(ALL_RULES.map((s) => s.id)).toEqual([...RULES]);
  });

  test("the history rules are the specs with a function, and judgeRepository runs each of them", () => {
    expect(HISTORY_RULES.map((s) => s.id)).toEqual(ALL_RULES.filter((s) => "run" in s).map((s) => s.id));
    expect(REPO_RULES).toEqual(HISTORY_RULES.map((s) => s.run));
    // a painted graph trips several history rules: each hit is a history rule's, under its own id
    const hits = judgeRepository(
      ctxOf(paintedGraph(PUSH), {
        repo: { createdAt: new Date(PUSH - 3600_000).toISOString(), pushedAt: new Date(PUSH + DAY).toISOString() },
      }),
    );
    const history = new Set(HISTORY_RULES.map((s) => s.id));
    expect(hits.length).toBeGreaterThanOrEqual(4);
    expect(hits.filter((h) => !history.has(h.rule))).toEqual([]);
  });

  test("a rule is told the evidence its spec needs and the host lacks, with the host's reason", () => {
    const needing = HISTORY_RULES.filter((s) => (s.needs ?? []).length > 0);
    expect(needing.map((s): string => s.id).sort()).toEqual(
      ["COPIED_REPOSITORY", "PUSHED_LONG_AFTER_DATES", "UNANCHORED_HISTORY", "UNLINKED_EMAIL_COMMITS"].sort(),
    );
    const ctx = ctxOf(paintedGraph(PUSH));
    const lacks = needing.flatMap((s) => s.needs!.map((evidence) => ({ evidence, reason: `no ${evidence} here` })));
    const forge = { host: "gitlab.com", capabilities: { provides: [], lacks } };
    const seen = new Map<string, unknown>();
    for (const spec of needing) {
      const original = spec.run;
      (spec as { run: typeof original }).run = (c) => {
        seen.set(spec.id, c.missing);
        return null;
      };
      try {
        judgeRepository({ ...ctx, evidence: { ...ctx.evidence, forge: forge as never } });
      } finally {
        (spec as { run: typeof original }).run = original;
      }
    }
    for (const spec of needing)
      expect({ rule: spec.id, missing: seen.get(spec.id) }).toEqual({
        rule: spec.id,
        missing: spec.needs!.map((evidence) => ({ evidence, reason: `no ${evidence} here` })),
      });
  });
});

describe("the tables are views of the specs", () => {
  test("the glossary and the findings' innocent readings are each spec's words", () => {
    for (const { id, words } of ALL_RULES) {
      expect(GLOSSARY[id]).toEqual({
        title: words.title,
        meaning: words.meaning,
        innocent: words.innocent,
        ask: words.ask,
      });
      expect(INNOCENT_READING[id]).toBe(words.reading);
      expect({ id, reading: words.reading.length > 10 }).toEqual({ id, reading: true });
    }
  });

  test("a finding of one flag is titled by its spec's findingTitle, else by its id in words", () => {
    const one = (rule: RuleId) =>
      groupFindings([{ rule, severity: "WARNING", repo: "ana/tool", message: "m" }]).findings[0]!.title;
    expect(one("BULK_DUMP")).toBe(wordsOf("BULK_DUMP").findingTitle!);
    expect(wordsOf("RENAMED_REPO").findingTitle).toBeUndefined();
    expect(one("RENAMED_REPO")).toBe("renamed repo");
  });

  test.each([
    ["committed-late", ["BACKDATED_SPLIT", "COMMIT_BURST"], "WARNING"],
    ["forged-history", ["CLOCK_TIME_MONOCULTURE", "TRIVIAL_CHURN"], "CRITICAL"],
    ["scheduled-job", ["AUTOMATED_COMMITS", "INFLATED_ACTIVITY"], "WARNING"],
    ["copied", ["COPIED_REPOSITORY", "BULK_DUMP"], "WARNING"],
  ] as const)(
    "the specs' fact %s groups its rules' flags on one repository into one finding",
    (fact, rules, severity) => {
      for (const r of rules) expect(rulesOfFact(fact).has(r)).toBe(true);
      const flags: Flag[] = rules.map((rule) => ({ rule, severity, repo: "ana/tool", message: rule }));
      const { findings } = groupFindings(flags);
      expect(findings.map((f) => f.fact)).toEqual([fact]);
    },
  );

  test("an escalation names the corroborating rules by their specs' labels", () => {
    const hit = (rule: RuleId, evidence: RuleHit["evidence"] = {}): RuleHit => ({
      rule,
      severity: "WARNING",
      message: `ana/tool: ${rule}`,
      evidence,
    });
    const out = corroborate([hit("BACKDATED_SPLIT"), { ...hit("FUTURE_AUTHOR_DATE"), severity: "CRITICAL" }]);
    const split = out.find((h) => h.rule === "BACKDATED_SPLIT")!;
    expect(split.severity).toBe("CRITICAL");
    expect(split.message).toContain(`together with ${wordsOf("FUTURE_AUTHOR_DATE").label}`);
    expect(evidenceOf(split, "BACKDATED_SPLIT")).toMatchObject({ corroboratedBy: "FUTURE_AUTHOR_DATE" });
  });
});

describe("raising a flag and reading its evidence", () => {
  test("raise keeps the flag as written, key order included (results are byte-identical)", () => {
    const flag = {
      severity: "WARNING",
      rule: "HIDDEN_TEXT",
      message: "m",
      evidence: { passages: 2, characters: 40 },
    } as const;
    expect(JSON.stringify(raise(flag))).toBe(JSON.stringify(flag));
  });

  test("evidenceOf reads a flag's evidence only for its own rule", () => {
    const flag: Flag = { severity: "INFO", rule: "AUTOMATED_COMMITS", message: "m", evidence: { onClock: 30 } };
    expect(evidenceOf(flag, "AUTOMATED_COMMITS")?.onClock).toBe(30);
    expect(evidenceOf(flag, "BULK_DUMP")).toBeUndefined();
    expect(evidenceOf(undefined, "AUTOMATED_COMMITS")).toBeUndefined();
  });
});
