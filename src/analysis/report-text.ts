import { textTable } from "../lib/index.ts";
import { GITHUB_HOST } from "./repo-hosts.ts";
import type { AnalysisOutcome } from "./types.ts";
import { VERDICT_MEANING, verdictOf } from "./verdict.ts";

/** Widest a project or claim name column gets; longer names wrap inside it. */
const NAME_WIDTH = 28;

/**
 * A plain-text report of one analysis for a terminal: score and verdict, verified projects, unmatched
 * claims, flags (most severe first) and the score's arithmetic. Pure: the same outcome always prints the
 * same lines. Long names wrap inside their column instead of pushing the next one out of line.
 */
export function reportText(outcome: AnalysisOutcome, heading: string): string[] {
  const verdict = verdictOf(outcome.confidenceScore, outcome.flags);
  const lines: string[] = [
    heading,
    "",
    `Confidence score: ${outcome.confidenceScore}/100 (${verdict}: ${VERDICT_MEANING[verdict]})`,
    "",
  ];
  const vp = outcome.verifiedProjects;
  lines.push(`Verified projects (${vp.length}):`);
  if (vp.length === 0) lines.push("  (none)");
  else
    lines.push(
      ...textTable(
        [
          { header: "match", max: 6 },
          { header: "project", max: NAME_WIDTH },
          { header: "host", max: 24 },
          { header: "repository", max: 44 },
          { header: "commits", max: 12 },
          { header: "evidence", max: 0 },
        ],
        vp.map((p) => [
          p.matchStrength,
          p.name,
          p.host,
          // the path on its host (the host has its own column)
          p.repoUrl.startsWith(`${p.host}/`) ? p.repoUrl.slice(p.host.length + 1) : p.repoUrl,
          `${p.commitsEstimated ? "about " : ""}${p.commits} of ${p.totalCommits}`,
          [
            `matched by ${p.matchedBy}`,
            p.fork ? "fork" : "",
            p.technologiesConfirmed.length ? `confirms ${p.technologiesConfirmed.join(", ")}` : "",
          ]
            .filter((x) => x !== "")
            .join("; "),
        ]),
        "  ",
      ),
    );
  if (outcome.unmatchedClaims.length > 0) {
    lines.push("", `Unmatched claims (${outcome.unmatchedClaims.length}):`);
    for (const u of outcome.unmatchedClaims) lines.push(`  - ${u.name}: ${u.reason}`);
  }
  const grouped = (outcome.findings ?? []).filter((f) => f.rules.length > 1);
  if (grouped.length > 0) {
    lines.push("", `Findings of several flags (one fact each, weighed once) (${grouped.length}):`);
    for (const f of grouped)
      lines.push(
        `  ${f.severity} ${f.repo ? `${f.repo}: ` : ""}${f.title} (${f.rules.join(", ")}); innocent reading: ${f.innocentReading}`,
      );
  }
  lines.push("", `Flags (${outcome.flags.length}):`);
  if (outcome.flags.length === 0) lines.push("  (none)");
  lines.push(
    ...textTable(
      [{ max: 8 }, { max: 1000 }],
      outcome.flags.map((f) => [f.severity, f.message]),
      "  ",
    ),
  );
  const b = outcome.scoreBreakdown;
  lines.push("", `Score: evidence ${b.evidence} - penalties ${b.penaltyTotal} = ${b.score}`);
  lines.push(
    ...textTable(
      [{ max: NAME_WIDTH }, { max: 1000 }],
      b.claims.map((c) => [
        c.name,
        `credit ${c.credit.toFixed(3)} = ${c.matchStrength ?? "unmatched"} ${c.strengthWeight} x activity ${c.activityFactor} x credibility ${c.credibility}${c.weight !== 1 ? ` (weight ${c.weight})` : ""}`,
      ]),
      "  ",
    ),
  );
  for (const p of b.penalties) lines.push(`  -${p.points} ${p.severity} ${p.rule}${p.repo ? ` (${p.repo})` : ""}`);
  const otherHosts = vp.some((p) => p.host !== GITHUB_HOST);
  lines.push(
    "",
    `${otherHosts ? "Calls to the hosts" : "GitHub calls"}: ${outcome.githubCalls.calls} (${outcome.githubCalls.notModified} answered 304 Not Modified)`,
  );
  return lines;
}
