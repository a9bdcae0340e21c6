import type { FINDING_FACTS, FindingShape } from "../contract/index.ts";
import { JOB_SIGNATURE, jobExplainsHistory } from "./rules/corroborate.ts";
import { type Flag, type RuleId, SEVERITY_RANK, type Severity } from "./types.ts";

/**
 * One fact, one weight. Several rules often see one fact from different sides: a history committed long
 * after it was written shows a backdated split, a burst, commits before the repository and unanchored time
 * at once. Counting each as a separate WARNING would weigh one fact four times. Flags that stem from the
 * same fact about the same repository are grouped into one finding: the score weighs the finding once (at
 * its worst severity, its largest extent), and reports show its flags together. The contract's flat `flags`
 * array stays as it is; each flag names its finding (`finding`), and `findings` lists them. Pure.
 */

/** The facts that group several rules (contract/analysis-shapes.ts lists them); any other flag is a finding of its own. */
export type FactId = (typeof FINDING_FACTS)[number];

/** One fact behind one or more flags, as published (contract/analysis-shapes.ts: id, fact, severity, rules, words). */
export type Finding = FindingShape;

/** A history committed long after it was written: one fact, seen by four rules. */
const LATE: ReadonlySet<RuleId> = new Set([
  "BACKDATED_SPLIT",
  "COMMIT_BURST",
  "PREDATES_REPO_OR_ACCOUNT",
  "UNANCHORED_HISTORY",
  "PUSHED_LONG_AFTER_DATES",
]);
/** Forged dates and the padding beside them: once one of them is CRITICAL, the history is forged, one fact. */
const FORGERY: ReadonlySet<RuleId> = new Set([
  "FUTURE_AUTHOR_DATE",
  "CLOCK_TIME_MONOCULTURE",
  "IDENTICAL_AUTHOR_TIMESTAMPS",
  "RANDOM_ORDER_HISTORY",
  "TRIVIAL_CHURN",
  "REPEATED_OR_TIMESTAMP_MESSAGES",
  ...LATE,
]);
const SCHEDULED: ReadonlySet<RuleId> = new Set(["AUTOMATED_COMMITS", "INFLATED_ACTIVITY"]);
const COPY: ReadonlySet<RuleId> = new Set(["COPIED_REPOSITORY", "FOREIGN_HISTORY", "BULK_DUMP"]);

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

/** The innocent reading of a finding of one flag, by rule (what an honest history with this flag usually is). */
export const INNOCENT_READING: Record<RuleId, string> = {
  FUTURE_AUTHOR_DATE:
    "a machine whose clock was set wrong keeps writing such dates until someone fixes it; a future date lengthens no claimed experience",
  CLOCK_TIME_MONOCULTURE: "people who commit right after a daily event or at a set time of day show this too",
  IDENTICAL_AUTHOR_TIMESTAMPS: "a tool that splits one change into several commits stamps them alike, a few at most",
  BACKDATED_SPLIT: "a rebase, a history rewrite or a maintainer committing old pull requests looks the same",
  RANDOM_ORDER_HISTORY: "interleaving branches during a rewrite makes some steps go back in time",
  PREDATES_REPO_OR_ACCOUNT: "work kept locally before the repository was created is pushed with it",
  COMMIT_BURST: "a rebase or an import re-commits a whole history within minutes",
  TRIVIAL_CHURN: "notes and dotfiles repositories are made of small edits",
  REPEATED_OR_TIMESTAMP_MESSAGES: "GitHub's web editor and terse habits ('fix', 'update') repeat messages",
  BULK_DUMP: "finished local work, a first release or earlier code is often pushed in one commit",
  FOREIGN_HISTORY: "a project adopted from its previous maintainer keeps their history",
  FORK_AS_OWN: "a fork kept to study or patch someone else's project is common",
  COPIED_REPOSITORY: "a course starter or a template can be identical to its source",
  UNANCHORED_HISTORY: "an import of years of local work looks the same as a backdated history",
  CLAIM_BEFORE_ACCOUNT: "work done before an account existed (at school, on an employer's servers) is common",
  UNMATCHED_CLAIM: "closed-source or employer work has no public repository",
  PROFILE_MISMATCH: "an old or a work account linked by mistake",
  HIDDEN_TEXT: "some templates hide text by accident (white on white, tiny fonts)",
  LINK_TEXT_MISMATCH: "a link copied from an older resume can point to the wrong place",
  LINKED_REPO_NOT_FOUND: "a repository made private, renamed or deleted since the resume was written",
  NO_CANDIDATE_COMMITS: "commits under an email not linked to the account do not count here",
  EMPTY_REPO: "a repository created for work that has not been pushed yet",
  REPO_UNAVAILABLE: "GitHub blocks or fails on a repository for reasons that have nothing to do with the candidate",
  INFLATED_ACTIVITY: "the automation itself may be a good project; the activity it makes is not work",
  AUTOMATED_COMMITS: "keeping data or a badge fresh with a workflow is ordinary",
  BOT_AUTHOR: "dependency and release bots are normal in a maintained project",
  UNLINKED_EMAIL_COMMITS: "often the candidate's own commits from a work laptop or an employer's email",
  RENAMED_REPO: "repositories are renamed all the time; GitHub redirects the old name",
  AI_AGENT: "using AI tools is no misconduct; ask how the work was done",
  PUSHED_LONG_AFTER_DATES:
    "a history developed on another host, a company server or an offline machine and pushed at once looks the same",
  HOST_NOT_CHECKED: "the verification was asked for accounts on other hosts only",
  PADDED_ACTIVITY: "a log, notes or counter repository is made of small, alike commits too; it is not work either way",
  CLAIM_CONTRADICTED:
    "the work may have lived in a private repository, the public one may be a later extract, and a resume's period includes work before the first commit",
  ORIGIN_CONTRADICTED:
    "the candidate may have rebuilt the course or template beyond recognition; ask what was added and what was given",
};

const RULE_TITLE: Partial<Record<RuleId, string>> = {
  BULK_DUMP: "most of the code arrived in one commit",
  FORK_AS_OWN: "a fork with little of the candidate's work",
  UNMATCHED_CLAIM: "a claimed project with no public repository",
  PROFILE_MISMATCH: "the resume links another GitHub profile",
  HIDDEN_TEXT: "the PDF hides text from its reader",
  CLAIM_BEFORE_ACCOUNT: "work claimed from before the GitHub account existed",
  PADDED_ACTIVITY: "most commits are padding",
  CLAIM_CONTRADICTED: "the resume claims more than the history shows",
  ORIGIN_CONTRADICTED: "claimed as built from scratch, but the history starts from someone else's",
};

/** Which fact a flag belongs to, given every flag on its repository. */
function factOf(f: Flag, sameRepo: readonly Flag[]): FactId | null {
  if (!f.repo) return null;
  const forged = sameRepo.some((x) => x.severity === "CRITICAL" && FORGERY.has(x.rule));
  if (forged && FORGERY.has(f.rule)) return "forged-history";
  if (LATE.has(f.rule)) return sameRepo.filter((x) => LATE.has(x.rule)).length > 1 ? "committed-late" : null;
  const scheduled = sameRepo.find((x) => x.rule === "AUTOMATED_COMMITS");
  if (SCHEDULED.has(f.rule)) return "scheduled-job";
  // the hour-of-day regularity of a job on a clock is that job's clock, not a separate fact
  if (f.rule === "CLOCK_TIME_MONOCULTURE" && f.severity !== "CRITICAL" && Number(scheduled?.evidence?.onClock) > 0)
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
      title: described?.title ?? RULE_TITLE[first.rule] ?? first.rule.toLowerCase().replace(/_/g, " "),
      innocentReading: described?.innocentReading ?? INNOCENT_READING[first.rule],
    };
  });
  return { flags: tagged, findings };
}
