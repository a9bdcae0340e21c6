/**
 * A rule is its spec file and its test file, and nothing else: every file in src/analysis/rules/specs/ is
 * loaded from the directory (no list to add it to), registered under the id its name spells, declared to tsc
 * by the file itself, and published by the contract at the place the file says; the registry, the contract's
 * lists, the glossary and the `rules` command all follow. A rule without its own test file fails here.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ALL_RULES, RULE_SPECS } from "../../../src/analysis/rules/registry.ts";
import { SPEC_MODULES } from "../../../src/analysis/rules/spec-modules.ts";
import { staticSpecModules } from "../../../src/build.ts";
import { rulesText } from "../../../src/cli/commands/rules.ts";
import { CLAIM_RULES, FORENSIC_RULES, RULES } from "../../../src/contract/index.ts";
import { REPO_ROOT } from "../../support/harness.ts";

const SPEC_DIR = join(REPO_ROOT, "src/analysis/rules/specs");
const idOf = (file: string) => file.replace(/\.ts$/, "").replaceAll("-", "_").toUpperCase();
const specFiles = readdirSync(SPEC_DIR).filter((f) => f.endsWith(".ts"));

/** The published lists as they stood when the lists became a view of the spec files; they may only grow. */
const FORENSIC_BEFORE = [
  "FUTURE_AUTHOR_DATE",
  "CLOCK_TIME_MONOCULTURE",
  "IDENTICAL_AUTHOR_TIMESTAMPS",
  "BACKDATED_SPLIT",
  "RANDOM_ORDER_HISTORY",
  "PREDATES_REPO_OR_ACCOUNT",
  "COMMIT_BURST",
  "TRIVIAL_CHURN",
  "REPEATED_OR_TIMESTAMP_MESSAGES",
  "BULK_DUMP",
  "FOREIGN_HISTORY",
  "FORK_AS_OWN",
  "BOT_AUTHOR",
  "CLAIM_BEFORE_ACCOUNT",
  "COPIED_REPOSITORY",
  "UNANCHORED_HISTORY",
  "AUTOMATED_COMMITS",
  "INFLATED_ACTIVITY",
  "PUSHED_LONG_AFTER_DATES",
  "ANACHRONISTIC_EVIDENCE",
  "PADDED_ACTIVITY",
];
const CLAIM_BEFORE = [
  "UNMATCHED_CLAIM",
  "PROFILE_MISMATCH",
  "HIDDEN_TEXT",
  "LINK_TEXT_MISMATCH",
  "LINKED_REPO_NOT_FOUND",
  "RENAMED_REPO",
  "NO_CANDIDATE_COMMITS",
  "EMPTY_REPO",
  "UNLINKED_EMAIL_COMMITS",
  "AI_AGENT",
  "REPO_UNAVAILABLE",
  "HOST_NOT_CHECKED",
  "CLAIM_CONTRADICTED",
  "ORIGIN_CONTRADICTED",
];

describe("a spec file is a rule", () => {
  test("the registry's ids are the spec directory's files, and the contract publishes exactly those", () => {
    const fromFiles = specFiles.map(idOf).sort();
    expect(Object.keys(RULE_SPECS).sort()).toEqual(fromFiles);
    expect([...RULES].sort() as string[]).toEqual(fromFiles);
    expect(ALL_RULES.map((r) => r.id)).toEqual([...RULES]);
    expect(SPEC_MODULES.map((m) => m.file)).toEqual([...specFiles].sort());
  });

  test("the published lists keep their order and only grow: today's lists are where they were", () => {
    expect(FORENSIC_RULES.slice(0, FORENSIC_BEFORE.length)).toEqual(FORENSIC_BEFORE as typeof FORENSIC_RULES);
    expect(CLAIM_RULES.slice(0, CLAIM_BEFORE.length)).toEqual(CLAIM_BEFORE as typeof CLAIM_RULES);
    expect(RULES).toEqual([...FORENSIC_RULES, ...CLAIM_RULES]);
  });

  test("each spec's place, evaluated, is where the contract (reading the file's text) publishes it", () => {
    for (const r of ALL_RULES) {
      const list = r.published.list === "forensic" ? FORENSIC_RULES : CLAIM_RULES;
      expect({ id: r.id, at: (list as readonly string[]).indexOf(r.id) + 1 }).toEqual({
        id: r.id,
        at: r.published.place,
      });
    }
  });

  test("every spec file exports the constant of its id, that constant is the registry's, and it declares its id to tsc", async () => {
    for (const file of specFiles) {
      const mod = (await import(join(SPEC_DIR, file))) as Record<string, unknown>;
      const id = idOf(file);
      expect({ file, exports: Object.keys(mod) }).toEqual({ file, exports: [id] });
      expect((RULE_SPECS as Record<string, unknown>)[id]).toBe(mod[id]);
      const text = readFileSync(join(SPEC_DIR, file), "utf8");
      const declared = [...text.matchAll(/^\s+([A-Z_0-9]+): typeof ([A-Z_0-9]+);$/gm)].map((m) => [m[1], m[2]]);
      expect({ file, declared }).toEqual({ file, declared: [[id, id]] });
      expect({ file, augments: text.includes(`declare module "../../../contract/index.ts" {`) }).toEqual({
        file,
        augments: true,
      });
    }
  });

  test("the compiled binary's copy of the loader imports the same files, in the same order", () => {
    const source = staticSpecModules(SPEC_DIR);
    const imported = [...source.matchAll(/^import \* as spec\d+ from "(.+)";$/gm)].map((m) => m[1]!);
    expect(imported).toEqual(SPEC_MODULES.map((m) => join(SPEC_DIR, m.file)));
    expect(source).toContain(`export const SPEC_MODULES = [`);
  });

  test("every rule has its test file, test/analysis/rules/<rule-id>.test.ts, describing it by its id", () => {
    const testDir = join(REPO_ROOT, "test/analysis/rules");
    const problems = ALL_RULES.flatMap((r) => {
      const file = `${r.id.toLowerCase().replaceAll("_", "-")}.test.ts`;
      if (!existsSync(join(testDir, file))) return [`${r.id}: no ${file}`];
      return readFileSync(join(testDir, file), "utf8").includes(`describe("${r.id}`)
        ? []
        : [`${r.id}: ${file} has no describe("${r.id} ...")`];
    });
    expect(problems).toEqual([]);
  });

  test("`claimcheck rules` prints every registered rule once, by title and id", () => {
    const text = rulesText().join("\n");
    for (const r of ALL_RULES) {
      const line = `${r.words.title} (${r.id}).`;
      expect({ id: r.id, times: text.split(line).length - 1 }).toEqual({ id: r.id, times: 1 });
    }
  });
});
