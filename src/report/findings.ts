import { glossaryEntry } from "./glossary.ts";
import type { FindingGroup } from "./report-model.ts";
import type { SeverityWord, StoredFlag } from "./stored-result.ts";

const RANK: Record<SeverityWord, number> = { CRITICAL: 0, WARNING: 1, INFO: 2 };

/** The more severe of two severities. */
export function worse(a: SeverityWord, b: SeverityWord): SeverityWord {
  return RANK[a] <= RANK[b] ? a : b;
}

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
          title: entries.length ? entries.map((e) => e.title).join("; ") : "Finding",
          messages: fs.map((f) => f.message).filter((m) => m !== ""),
          innocent: entries[0]?.innocent ?? "Every finding has an innocent reading; ask the candidate.",
        },
      };
    })
    .sort((a, b) => RANK[a.group.severity] - RANK[b.group.severity] || a.order - b.order)
    .map((x) => x.group);
}
