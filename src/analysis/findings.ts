import { JOB_SIGNATURE, jobExplainsHistory } from "./rules/corroborate.ts";
import { ALL_RULES, evidenceOf, rulesOfFact, wordsOf } from "./rules/registry.ts";
import { type FactId, type Finding, type Flag, type RuleId, SEVERITY_RANK, type Severity } from "./types.ts";

/**
 * One fact, one weight. Several rules often see one fact from different sides: a history committed long
 * after it was written shows a backdated split, a burst, commits before the repository and unanchored time
 * at once. Counting each as a separate WARNING would weigh one fact four times. Flags that stem from the
 * same fact about the same repository are grouped into one finding: the score weighs the finding once (at
 * its worst severity, its largest extent), and reports show its flags together. The contract's flat `flags`
 * array stays as it is; each flag names its finding (`finding`), and `findings` lists them. Pure.
 */

export type { FactId, Finding } from "./types.ts";

/** A history committed long after it was written: one fact, seen by several rules (their specs' `facts`). */
const LATE = rulesOfFact("committed-late");
/** Forged dates and the padding beside them: once one of them is CRITICAL, the history is forged, one fact. */
const FORGERY = rulesOfFact("forged-history");
const SCHEDULED = rulesOfFact("scheduled-job");
const COPY = rulesOfFact("copied");

export const FACTS: Record<FactId, { title: string; innocentReading: string }> = {
  "committed-late": {
    title: "the history was committed long after it was written",
    innocentReading:
      "moving local or company-server work to GitHub in one go, a rebase or a history clean-up looks exactly like this",
  },
  "forged-history": {
    title: "the history's dates were written by a script",
    innocentReading:
      "none that fits every sign at once; each sign alone has one (a wrong clock, a habit, a rewrite), so read the flags together",
  },
  "scheduled-job": {
    title: "a scheduled job made commits under the candidate's identity",
    innocentReading: "keeping data or a badge fresh with a workflow is ordinary; it is automation, not authorship",
  },
  copied: {
    title: "the repository repeats another account's work",
    innocentReading:
      "a course starter, a template or a tutorial followed step by step starts this way; ask what was added",
  },
};

/** The innocent reading of a finding of one flag, by rule (its spec's `reading`). */
export const INNOCENT_READING: Record<RuleId, string> = Object.fromEntries(
  ALL_RULES.map((s) => [s.id, s.words.reading]),
) as Record<RuleId, string>;

/** Which fact a flag belongs to, given every flag on its repository. */
function factOf(f: Flag, sameRepo: readonly Flag[]): FactId | null {
  if (!f.repo) return null;
  const forged = sameRepo.some((x) => x.severity === "CRITICAL" && FORGERY.has(x.rule));
  if (forged && FORGERY.has(f.rule)) return "forged-history";
  if (LATE.has(f.rule)) return sameRepo.filter((x) => LATE.has(x.rule)).length > 1 ? "committed-late" : null;
  const scheduled = sameRepo.find((x) => x.rule === "AUTOMATED_COMMITS");
  if (SCHEDULED.has(f.rule)) return "scheduled-job";
  // the hour-of-day regularity of a job on a clock is that job's clock, not a separate fact
  if (
    f.rule === "CLOCK_TIME_MONOCULTURE" &&
    f.severity !== "CRITICAL" &&
    Number(evidenceOf(scheduled, "AUTOMATED_COMMITS")?.onClock) > 0
  )
    return "scheduled-job";
  // a job that made most of the history: its trivial commits and template messages are its signature
  // (the padding it makes by itself, corroborate.ts), grouped with the job
  if (JOB_SIGNATURE.has(f.rule) && jobExplainsHistory(scheduled)) return "scheduled-job";
  if (COPY.has(f.rule))
    // a copy check that could not run (an INFO on a host without tree SHAs) is no copy
    return sameRepo.some(
      (x) => (x.rule === "COPIED_REPOSITORY" && x.severity !== "INFO") || x.rule === "FOREIGN_HISTORY",
    ) && sameRepo.filter((x) => COPY.has(x.rule)).length > 1
      ? "copied"
      : null;
  return null;
}

const worst = (flags: readonly Flag[]): Severity =>
  flags.reduce<Severity>((w, f) => (SEVERITY_RANK[f.severity] < SEVERITY_RANK[w] ? f.severity : w), "INFO");

/**
 * Groups flags into findings: returns the flags, each with its finding's id, and the findings in the order
 * of their first flag. Deterministic: ids are made of repository (or project) names and fact or rule ids.
 */
export function groupFindings(flags: readonly Flag[]): { flags: Flag[]; findings: Finding[] } {
  const byRepo = new Map<string, Flag[]>();
  for (const f of flags) if (f.repo) byRepo.set(f.repo.toLowerCase(), [...(byRepo.get(f.repo.toLowerCase()) ?? []), f]);
  const members = new Map<string, Flag[]>();
  const facts = new Map<string, FactId | RuleId>();
  const tagged = flags.map((f) => {
    const fact = factOf(f, f.repo ? (byRepo.get(f.repo.toLowerCase()) ?? []) : []);
    const where = f.repo ?? (f.project ? `project:${f.project}` : "resume");
    const id = `${where}#${fact ?? f.rule}`;
    // two flags of one rule on one subject (rare: CLAIM_BEFORE_ACCOUNT per claim) keep separate findings
    const unique = fact === null && members.has(id) ? `${id}:${members.size}` : id;
    members.set(unique, [...(members.get(unique) ?? []), f]);
    facts.set(unique, fact ?? f.rule);
    return { ...f, finding: unique };
  });
  const findings: Finding[] = [...members.entries()].map(([id, fs]) => {
    const fact = facts.get(id)!;
    const described = fact in FACTS ? FACTS[fact as FactId] : null;
    const rules = [
      ...new Set([...fs].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]).map((f) => f.rule)),
    ];
    const first = fs[0]!;
    return {
      id,
      fact,
      severity: worst(fs),
      ...(first.repo ? { repo: first.repo } : {}),
      ...(first.project ? { project: first.project } : {}),
      rules,
      title: described?.title ?? wordsOf(first.rule).findingTitle ?? first.rule.toLowerCase().replace(/_/g, " "),
      innocentReading: described?.innocentReading ?? INNOCENT_READING[first.rule],
    };
  });
  return { flags: tagged, findings };
}
