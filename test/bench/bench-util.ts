/** Small helpers shared by the benchmark scripts (not tests: they print figures and ratios). */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";

export function benchDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `claimcheck-bench-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function machine(): string {
  const c = cpus();
  return `${c.length} x ${c[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, bun ${Bun.version}, ${new Date().toISOString().slice(0, 10)}`;
}

export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === "number" ? fmt(c) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? "").length)));
  const line = (r: Array<string | number>) => `| ${r.map((c, i) => String(c).padEnd(widths[i]!)).join(" | ")} |`;
  return [line(cells[0]!), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join(
    "\n",
  );
}

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString("en-US");
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toFixed(3);
}

/** Best of `runs` (highest value): the least disturbed run on a shared machine. */
export async function bestOf(runs: number, fn: () => Promise<number> | number): Promise<number> {
  let best = -Infinity;
  for (let i = 0; i < runs; i++) best = Math.max(best, await fn());
  return best;
}

/** Milliseconds with their sign, rounded: "+23", "-16". */
export function signed(ms: number): string {
  const n = Math.round(ms);
  return n >= 0 ? `+${n}` : `${n}`;
}
