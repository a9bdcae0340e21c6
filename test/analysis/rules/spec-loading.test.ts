/**
 * How a spec file becomes a published, registered rule, and every way a spec file can be wrong: the
 * contract reads each file's `published: { list, place }` from its text (publishedOrder), the registry
 * checks the evaluated specs against what the contract read (specTableOf). Each mistake fails with a
 * message naming the file or the rule.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RuleSpec } from "../../../src/analysis/rules/rule-spec.ts";
import { loadSpecModules } from "../../../src/analysis/rules/spec-modules.ts";
import { specTableOf } from "../../../src/analysis/rules/spec-table.ts";
import { publishedOrder, ruleIdOfFile, specFileNames } from "../../../src/contract/index.ts";
import { idsOf, publishedRules } from "../../../src/contract/published-rules.ts";

const text = (list: string, place: number) =>
  `export const X = ruleSpec({\n  published: { list: "${list}", place: ${place} },\n  scope: "resume",\n});\n`;
const spec = (list: "forensic" | "claim", place: number) =>
  ({ published: { list, place }, scope: "resume", words: {} }) as unknown as RuleSpec;

describe("the published lists, read from the spec files' text", () => {
  test("a list is its files' ids in the order of their places, whatever the files' order", () => {
    const files = [
      { name: "b-rule.ts", text: text("forensic", 2) },
      { name: "c-rule.ts", text: text("claim", 1) },
      { name: "a-rule.ts", text: text("forensic", 1) },
    ];
    expect(publishedOrder(files, "forensic")).toEqual(["A_RULE", "B_RULE"]);
    expect(publishedOrder(files, "claim")).toEqual(["C_RULE"]);
  });

  test("a file that does not say where it is published, or says it twice, is refused by name", () => {
    expect(() => publishedOrder([{ name: "a-rule.ts", text: "export const A_RULE = {};" }], "claim")).toThrow(
      'rule spec file a-rule.ts: it must say once where A_RULE is published, as published: { list: "forensic" | "claim", place: N } (found 0)',
    );
    const twice = text("claim", 1) + text("claim", 2);
    expect(() => publishedOrder([{ name: "a-rule.ts", text: twice }], "claim")).toThrow("(found 2)");
  });

  test("a list the contract does not publish is refused", () => {
    expect(() => publishedOrder([{ name: "a-rule.ts", text: text("resume", 1) }], "claim")).toThrow(
      'rule spec file a-rule.ts: no published list "resume" (the lists: forensic, claim)',
    );
  });

  test("two rules at one place, and a place left empty, are refused", () => {
    const two = [
      { name: "a-rule.ts", text: text("claim", 1) },
      { name: "b-rule.ts", text: text("claim", 1) },
    ];
    expect(() => publishedOrder(two, "claim")).toThrow("rules A_RULE and B_RULE both take place 1 of the claim list");
    const gap = [
      { name: "a-rule.ts", text: text("claim", 1) },
      { name: "b-rule.ts", text: text("claim", 3) },
    ];
    expect(() => publishedOrder(gap, "claim")).toThrow("the claim list has no rule at place 2");
  });

  test("a file name that is no rule id in lower case with dashes is refused", () => {
    expect(ruleIdOfFile("future-author-date.ts")).toBe("FUTURE_AUTHOR_DATE");
    for (const bad of ["FutureDate.ts", "future_date.ts", "-future.ts", "future-.ts"])
      expect(() => ruleIdOfFile(bad)).toThrow(`rule spec file ${bad}: the name must be the rule id`);
  });

  test("the spec files of a directory are its .ts files, by name", () => {
    expect(specFileNames(["b.ts", "notes.md", "a.ts", "a.ts.orig"])).toEqual(["a.ts", "b.ts"]);
  });

  describe("a directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "claimcheck-specs-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    test("is read for its lists, and a list no file is published in is refused", () => {
      writeFileSync(join(dir, "only-rule.ts"), text("forensic", 1));
      writeFileSync(join(dir, "README.md"), text("claim", 1));
      expect(idsOf(publishedRules("forensic", dir))).toEqual(["ONLY_RULE"] as never);
      const none = publishedRules("claim", dir);
      expect(none).toEqual({ error: `no rule spec in ${dir} is published in the claim list` });
      expect(() => idsOf(none)).toThrow(`no rule spec in ${dir} is published in the claim list`);
    });

    test("a file's mistake, or a directory that cannot be read, comes back as its message, thrown where the lists load", () => {
      writeFileSync(join(dir, "bad-rule.ts"), "export const BAD_RULE = {};\n");
      const bad = publishedRules("forensic", dir);
      expect(bad).toEqual({ error: expect.stringContaining("rule spec file bad-rule.ts: it must say once") });
      expect(() => idsOf(bad)).toThrow("rule spec file bad-rule.ts: it must say once where BAD_RULE is published");
      expect(publishedRules("forensic", join(dir, "missing"))).toEqual({ error: expect.stringContaining("ENOENT") });
    });
  });
});

describe("the spec modules, loaded from their directory", () => {
  test("every .ts file of the directory is loaded with what it exports", () => {
    const dir = mkdtempSync(join(tmpdir(), "claimcheck-spec-modules-"));
    try {
      writeFileSync(join(dir, "b-rule.ts"), "export const B_RULE = { b: 1 };\n");
      writeFileSync(join(dir, "a-rule.ts"), "export const A_RULE = { a: 1 };\n");
      writeFileSync(join(dir, "notes.md"), "not a spec\n");
      expect(loadSpecModules(dir)).toEqual([
        { file: "a-rule.ts", exports: { A_RULE: { a: 1 } } },
        { file: "b-rule.ts", exports: { B_RULE: { b: 1 } } },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a directory that cannot be read (a binary built without `bun run build`) says so", () => {
    const missing = join(tmpdir(), "claimcheck-no-such-specs-dir");
    expect(() => loadSpecModules(missing)).toThrow(`the rule specs directory ${missing} cannot be read (ENOENT`);
    expect(() => loadSpecModules(missing)).toThrow("built with `bun run build`");
  });
});

describe("the registry's table, checked against the published lists", () => {
  const lists = { forensic: ["A_RULE"], claim: ["B_RULE"] };
  const modules = [
    { file: "a-rule.ts", exports: { A_RULE: spec("forensic", 1) } },
    { file: "b-rule.ts", exports: { B_RULE: spec("claim", 1) } },
  ];

  test("holds each file's constant under its id", () => {
    const table = specTableOf(modules, lists);
    expect(Object.keys(table)).toEqual(["A_RULE", "B_RULE"]);
    expect(table.A_RULE).toBe(modules[0]!.exports.A_RULE);
  });

  test("a file that exports another name, more than its constant, or nothing is refused by name", () => {
    const misnamed = [{ file: "a-rule.ts", exports: { OTHER: spec("forensic", 1) } }];
    expect(() => specTableOf(misnamed, lists)).toThrow(
      "rule spec file a-rule.ts: it must export only the constant A_RULE (it exports OTHER)",
    );
    const extra = [{ file: "a-rule.ts", exports: { A_RULE: spec("forensic", 1), helper: 1 } }];
    expect(() => specTableOf(extra, lists)).toThrow("(it exports A_RULE, helper)");
    expect(() => specTableOf([{ file: "a-rule.ts", exports: {} }], lists)).toThrow("(it exports nothing)");
  });

  test("a published id without a spec file, and a spec file the lists leave out, are refused", () => {
    expect(() => specTableOf([modules[0]!], lists)).toThrow(
      "rule B_RULE is published in the claim list but no spec file declares it",
    );
    const stray = [...modules, { file: "c-rule.ts", exports: { C_RULE: spec("claim", 2) } }];
    expect(() => specTableOf(stray, lists)).toThrow("rules not in a published list: C_RULE");
  });

  test("a spec whose evaluated place is not the one its text gave the contract is refused", () => {
    const moved = [modules[0]!, { file: "b-rule.ts", exports: { B_RULE: spec("forensic", 2) } }];
    expect(() => specTableOf(moved, lists)).toThrow(
      "rule B_RULE: its spec says forensic list, place 2; its file's text reads claim, place 1",
    );
  });
});
