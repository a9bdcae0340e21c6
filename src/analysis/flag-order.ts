import { type Flag, SEVERITY_RANK } from "./types.ts";

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one order flags are reported in: most severe first (a flag grouped into a finding ranks at its
 * finding's worst severity, so one fact's flags are shown together), then flags about the resume as a
 * whole, then by repository, finding, severity, rule and message. Byte-identical results depend on it.
 */
export function sortFlags(flags: Flag[]): Flag[] {
  const rank = new Map<string, number>();
  for (const f of flags)
    if (f.finding) rank.set(f.finding, Math.min(rank.get(f.finding) ?? 9, SEVERITY_RANK[f.severity]));
  const lead = (f: Flag) => (f.finding ? (rank.get(f.finding) ?? 9) : SEVERITY_RANK[f.severity]);
  return [...flags].sort(
    (a, b) =>
      lead(a) - lead(b) ||
      cmp((a.repo ?? "").toLowerCase(), (b.repo ?? "").toLowerCase()) ||
      cmp(a.finding ?? "", b.finding ?? "") ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      cmp(a.rule, b.rule) ||
      cmp(a.message, b.message),
  );
}
