import type { AnalysisOutcome } from "./types.ts";

const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));

/**
 * A plain-text report of one analysis for a terminal: score, verified projects, unmatched claims, flags
 * (most severe first) and the score's arithmetic. Pure: the same outcome always prints the same lines.
 */
export function reportText(outcome: AnalysisOutcome, heading: string): string[] {
  const lines: string[] = [heading, "", `Confidence score: ${outcome.confidenceScore}/100`, ""];
  const vp = outcome.verifiedProjects;
  lines.push(`Verified projects (${vp.length}):`);
  if (vp.length === 0) lines.push("  (none)");
  const nameWidth = Math.min(32, Math.max(4, ...vp.map((p) => p.name.length)) + 2);
  const urlWidth = Math.max(10, ...vp.map((p) => p.repoUrl.length)) + 2;
  for (const p of vp) {
    const extra = [
      `matched by ${p.matchedBy}`,
      p.fork ? "fork" : "",
      p.technologiesConfirmed.length ? `confirms ${p.technologiesConfirmed.join(", ")}` : "",
    ]
      .filter((x) => x !== "")
      .join("; ");
    lines.push(
      `  ${pad(p.matchStrength, 7)} ${pad(p.name, nameWidth)}${pad(p.repoUrl, urlWidth)}${p.commitsEstimated ? "about " : ""}${p.commits} of ${p.totalCommits} commits (${extra})`,
    );
  }
  if (outcome.unmatchedClaims.length > 0) {
    lines.push("", `Unmatched claims (${outcome.unmatchedClaims.length}):`);
    for (const u of outcome.unmatchedClaims) lines.push(`  - ${u.name}: ${u.reason}`);
  }
  lines.push("", `Flags (${outcome.flags.length}):`);
  if (outcome.flags.length === 0) lines.push("  (none)");
  for (const f of outcome.flags) lines.push(`  ${pad(f.severity, 9)}${f.message}`);
  const b = outcome.scoreBreakdown;
  lines.push("", `Score: evidence ${b.evidence} - penalties ${b.penaltyTotal} = ${b.score}`);
  for (const c of b.claims) {
    lines.push(
      `  ${pad(c.name, nameWidth)}credit ${c.credit.toFixed(3)} = ${c.matchStrength ?? "unmatched"} ${c.strengthWeight} x activity ${c.activityFactor} x credibility ${c.credibility}${c.weight !== 1 ? ` (weight ${c.weight})` : ""}`,
    );
  }
  for (const p of b.penalties) lines.push(`  -${p.points} ${p.severity} ${p.rule}${p.repo ? ` (${p.repo})` : ""}`);
  lines.push(
    "",
    `GitHub calls: ${outcome.githubCalls.calls} (${outcome.githubCalls.notModified} answered 304 Not Modified)`,
  );
  return lines;
}
