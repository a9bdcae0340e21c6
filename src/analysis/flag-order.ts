import { type Flag, SEVERITY_RANK } from "./types.ts";

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one order flags are reported in: most severe first, then flags about the resume as a whole, then
 * by repository, rule and message. Byte-identical results depend on it.
 */
export function sortFlags(flags: Flag[]): Flag[] {
  return [...flags].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      cmp((a.repo ?? "").toLowerCase(), (b.repo ?? "").toLowerCase()) ||
      cmp(a.rule, b.rule) ||
      cmp(a.message, b.message),
  );
}
