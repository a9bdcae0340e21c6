import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RULE_SPECS } from "../../src/analysis/rules/registry.ts";
import { RULES } from "../../src/contract/index.ts";
import { GLOSSARY, glossaryEntry } from "../../src/report/glossary.ts";
import { REPO_ROOT } from "../support/harness.ts";

describe("the glossary", () => {
  const ids = Object.keys(RULE_SPECS).sort();

  test("the registry has a spec for every rule id the contract publishes, and for no other", () => {
    expect(ids).toEqual([...RULES].sort());
    expect(new Set(ids).size).toBe(ids.length);
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

  test("docs/reading-results.md sends the reader to `claimcheck rules` for the list, rather than copying it", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/reading-results.md"), "utf8");
    expect(doc).toContain("claimcheck rules");
    const copied = Object.keys(GLOSSARY).filter((id) => doc.includes(`\`${id}\``));
    expect(copied).toEqual([]);
  });
});
