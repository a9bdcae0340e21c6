/**
 * A rule is its spec file: every file in src/analysis/rules/specs/ is registered under the id its name
 * spells, exports that id's constant, and the registry, the glossary and the `rules` command list it.
 * Adding a spec file without registering it, or naming it apart from its id, fails here with the line to add;
 * so does a rule without its own test file.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ALL_RULES, RULE_SPECS } from "../../../src/analysis/rules/registry.ts";
import { rulesText } from "../../../src/cli/commands/rules.ts";
import { REPO_ROOT } from "../../support/harness.ts";

const SPEC_DIR = join(REPO_ROOT, "src/analysis/rules/specs");
const idOf = (file: string) => file.replace(/\.ts$/, "").replaceAll("-", "_").toUpperCase();
const specFiles = readdirSync(SPEC_DIR).filter((f) => f.endsWith(".ts") && f !== "index.ts");

describe("a spec file is a rule", () => {
  test("every spec file is listed once in specs/index.ts under the id its name spells", () => {
    const index = readFileSync(join(SPEC_DIR, "index.ts"), "utf8");
    const missing = specFiles
      .map((f) => `export { ${idOf(f)} } from "./${f}";`)
      .filter((line) => index.split("\n").filter((l) => l === line).length !== 1);
    expect(missing).toEqual([]);
    expect(index.trim().split("\n")).toHaveLength(specFiles.length);
  });

  test("every spec file exports the constant of its id, and that constant is the registry's spec", async () => {
    for (const file of specFiles) {
      const mod = (await import(join(SPEC_DIR, file))) as Record<string, unknown>;
      const id = idOf(file);
      expect({ file, exports: Object.keys(mod) }).toEqual({ file, exports: [id] });
      expect((RULE_SPECS as Record<string, unknown>)[id]).toBe(mod[id]);
    }
  });

  test("the registry holds a spec file for every rule id and nothing else", () => {
    expect(Object.keys(RULE_SPECS).sort()).toEqual(specFiles.map(idOf).sort());
    expect(ALL_RULES).toHaveLength(specFiles.length);
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
