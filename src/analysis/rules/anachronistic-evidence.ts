import { ANACHRONISMS_KEPT_PER_KIND, type Anachronism } from "../../github/index.ts";
import { about, historyRule } from "./rule-context.ts";

/**
 * Traces in a history that cannot exist at the dates their commits carry (src/github/anachronisms.ts and
 * pinned-versions.ts): GitHub-made merge commits dated before the repository (or the merging account)
 * existed, noreply addresses whose form or account ID is younger than the commit, versions pinned before
 * they were published. Each names its commit and the independent time it contradicts, none of which
 * depends on the commit's clock; a forger who moves a history in time rewrites dates, not these.
 *
 * WARNING: what a backdated history gains (years of experience) rests on dates these contradict; INFO when
 * the only traces are GitHub-made commits before the repository, which a moved history shows. Readings
 * that keep the history honest are said with each kind: a repository moved from another GitHub repository
 * keeps its merges (GitHub-made commits before this repository); old commits' emails rewritten to the
 * noreply address later (noreply traces); a mirror's publish times (pinned versions). All but the first
 * are independent of the clock and of moving a repository: they corroborate the date rules into CRITICAL
 * (corroborate.ts reads `independent`).
 */

/** Kinds no moved or imported honest history shows: they corroborate the date rules (corroborate.ts). */
export const INDEPENDENT_KINDS: ReadonlySet<Anachronism["kind"]> = new Set([
  "github-made-before-account",
  "noreply-before-format",
  "noreply-before-account",
  "dependency-after-commit",
]);

const READING: Record<Anachronism["kind"], string> = {
  "github-made-before-repo": "a history moved from another GitHub repository keeps the merges made there",
  "github-made-before-account": "none that keeps the dates: GitHub merged it for an account that did not exist yet",
  "noreply-before-format": "old commits whose email was rewritten to the noreply address later",
  "noreply-before-account": "old commits whose email was rewritten to the noreply address later",
  "dependency-after-commit": "a registry mirror whose times are when it took a version in",
};

const TITLE: Record<Anachronism["kind"], string> = {
  "github-made-before-repo": "GitHub-made commit dated before the repository existed",
  "github-made-before-account": "pull request merged before its account existed",
  "noreply-before-format": "noreply address older than its form",
  "noreply-before-account": "noreply address older than its account",
  "dependency-after-commit": "version pinned before it was published",
};

/** ANACHRONISTIC_EVIDENCE's numbers: how many traces, how many independent of the clock, of which kinds, the first. */
export type AnachronisticEvidenceEvidence = {
  traces: number;
  /** traces no moved or imported honest history shows: above 0, the date rules are corroborated */
  independent: number;
  kinds: string;
  firstCommit: string;
  firstFact: string;
};

export const anachronisticEvidence = historyRule<AnachronisticEvidenceEvidence>((ctx) => {
  const found = ctx.evidence.anachronisms ?? [];
  if (found.length === 0) return null;
  const kinds = [...new Set(found.map((a) => a.kind))];
  const independent = found.filter((a) => INDEPENDENT_KINDS.has(a.kind));
  const named = kinds.map((k) => {
    const of = found.filter((a) => a.kind === k);
    const ex = of[0]!;
    const n = `${of.length}${of.length >= ANACHRONISMS_KEPT_PER_KIND ? " or more" : ""}`;
    return `${TITLE[k]} (${n}), e.g. commit ${ex.sha.slice(0, 7)}: ${ex.fact}`;
  });
  const readings = [...new Set(kinds.map((k) => READING[k]))].join("; or ");
  return {
    rule: "ANACHRONISTIC_EVIDENCE",
    // GitHub-made commits before the repository alone are what a moved history shows: an observation
    severity: independent.length > 0 ? "WARNING" : "INFO",
    message: `${about(ctx)}the history holds traces that cannot exist at their dates, whatever its clock says: ${named.join("; ")}. The innocent reading: ${readings}`,
    evidence: {
      traces: found.length,
      independent: independent.length,
      kinds: kinds.join(","),
      firstCommit: found[0]!.sha,
      firstFact: found[0]!.fact,
    },
  };
});
