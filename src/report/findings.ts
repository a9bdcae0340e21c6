import { glossaryEntry } from "./glossary.ts";
import type { FindingGroup } from "./report-model.ts";
import type { SeverityWord, StoredFlag } from "./stored-result.ts";

const RANK: Record<SeverityWord, number> = { CRITICAL: 0, WARNING: 1, INFO: 2 };

/** The facts that group several rules' findings (contract FINDING_FACTS), in the report's words. */
const FACT_TITLES: Record<string, string> = {
  "committed-late": "Committed long after it was written",
  "forged-history": "Dates written by a script",
  "scheduled-job": "Commits made by a scheduled job",
  copied: "A copy of another account's work",
};

/** The more severe of two severities. */
export function worse(a: SeverityWord, b: SeverityWord): SeverityWord {
  return RANK[a] <= RANK[b] ? a : b;
}

/**
 * A finding's title as a recruiter reads it, the same in the report and in the API's `findings[].title`:
 * the fact's words for a finding several rules share, else its rule's plain name.
 */
export function findingTitle(fact: string | null, rules: readonly string[]): string {
  if (fact && FACT_TITLES[fact]) return FACT_TITLES[fact];
  const named = rules.filter((r) => r !== "");
  return named.length ? named.map((r) => glossaryEntry(r).title).join("; ") : "Finding";
}

/** The fact of a flag's finding id (`<subject>#<fact or rule>`, a repeated one with `:n`), or null. */
const factOfGroup = (id: string | null): string | null =>
  id === null ? null : (/#([^#:]+)(?::\d+)?$/.exec(id)?.[1] ?? null);

/**
 * Flags as findings a person reads: flags raised by the same fact (the same `group` id, where a result
 * carries one) or, without one, by the same rule are one finding; most severe first, then in the order
 * the analysis reported them. Each flag's message is kept whole: it names the repository and the numbers.
 */
export function groupFindings(flags: readonly StoredFlag[]): FindingGroup[] {
  const groups = new Map<string, { order: number; flags: StoredFlag[] }>();
  flags.forEach((f, i) => {
    const key = f.group !== null ? `group:${f.group}` : `rule:${f.rule || f.message}`;
    const g = groups.get(key);
    if (g) g.flags.push(f);
    else groups.set(key, { order: i, flags: [f] });
  });
  return [...groups.values()]
    .map(({ order, flags: fs }) => {
      const rules = [...new Set(fs.map((f) => f.rule).filter((r) => r !== ""))];
      const entries = rules.map(glossaryEntry);
      const severity = fs.map((f) => f.severity).reduce(worse);
      return {
        order,
        group: {
          rules,
          severity,
          title: findingTitle(factOfGroup(fs[0]!.group), rules),
          messages: fs.map((f) => f.message).filter((m) => m !== ""),
          innocent: entries[0]?.innocent ?? "Every finding has an innocent reading; ask the candidate.",
        },
      };
    })
    .sort((a, b) => RANK[a.group.severity] - RANK[b.group.severity] || a.order - b.order)
    .map((x) => x.group);
}
