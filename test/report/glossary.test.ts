import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GLOSSARY, glossaryEntry } from "../../src/report/glossary.ts";
import { REPO_ROOT } from "../support/harness.ts";

/** Every .ts file under a folder, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/**
 * Rule ids the analysis can emit, read from its sources rather than from a list kept by hand: the
 * members of the RuleId types, and every `rule: "X"` a rule or flag builder writes.
 */
function emittedRuleIds(): string[] {
  const ids = new Set<string>();
  const types = readFileSync(join(REPO_ROOT, "src/analysis/types.ts"), "utf8");
  for (const m of types.matchAll(/export type (?:ForensicRuleId|ClaimRuleId)\s*=([^;]+);/g))
    for (const id of m[1]!.matchAll(/"([A-Z][A-Z0-9_]+)"/g)) ids.add(id[1]!);
  for (const file of sources(join(REPO_ROOT, "src/analysis")))
    for (const m of readFileSync(file, "utf8").matchAll(/\brule:\s*"([A-Z][A-Z0-9_]+)"/g)) ids.add(m[1]!);
  return [...ids].sort();
}

describe("the glossary", () => {
  const ids = emittedRuleIds();

  test("the scan finds the analysis's rules (it reads both the types and the flag builders)", () => {
    expect(ids.length).toBeGreaterThanOrEqual(27);
    for (const known of ["FOREIGN_HISTORY", "UNMATCHED_CLAIM", "EMPTY_REPO", "CLOCK_TIME_MONOCULTURE"])
      expect(ids).toContain(known);
  });

  test("every rule id the analysis can emit has words: a title, a meaning, an innocent reading and a question", () => {
    const missing = ids.filter((id) => !(id in GLOSSARY));
    expect(missing).toEqual([]);
    for (const id of ids) {
      const e = GLOSSARY[id as keyof typeof GLOSSARY];
      for (const [field, text] of Object.entries(e))
        expect({ id, field, length: text.trim().length > 10 }).toEqual({ id, field, length: true });
    }
  });

  test("no entry for a rule the analysis no longer emits, and no two rules share a title", () => {
    expect(Object.keys(GLOSSARY).filter((id) => !ids.includes(id))).toEqual([]);
    const titles = Object.values(GLOSSARY).map((e) => e.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  test("a rule id this build does not know (a newer result) still reads in words", () => {
    const e = glossaryEntry("SOME_FUTURE_RULE");
    expect(e.title).toBe("Some future rule");
    expect(e.innocent).toContain("innocent");
  });

  test("docs/reading-results.md explains every rule by its id and title", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/reading-results.md"), "utf8");
    for (const [id, e] of Object.entries(GLOSSARY)) {
      expect({ id, inDoc: doc.includes(`\`${id}\``) }).toEqual({ id, inDoc: true });
      expect({ id, title: doc.includes(e.title) }).toEqual({ id, title: true });
    }
  });
});
