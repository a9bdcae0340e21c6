import { groupFindings } from "./findings.ts";
import { glossaryEntry } from "./glossary.ts";
import {
  day,
  hostOfRepo,
  hostWord,
  joinWords,
  monthSpan,
  plural,
  repoAddress,
  sentence,
  spanWords,
} from "./plain-words.ts";
import { CLAIM_LABELS, type ClaimReport, type ClaimStatus } from "./report-model.ts";
import type { StoredClaimLine, StoredFlag, StoredProject, StoredTimeline } from "./stored-result.ts";

/** Everything known about one claimed project. */
export interface ClaimInput {
  name: string;
  /** the matched repository as results name it ("owner/name" on GitHub, "host/owner/name" elsewhere), or null */
  repo: string | null;
  project: StoredProject | null;
  line: StoredClaimLine | null;
  /** why no repository was accepted */
  unmatchedReason: string | null;
  /** every flag about the claim or its repository: they decide the status */
  flags: StoredFlag[];
  /** the flags listed under this claim (a repository claimed twice lists its flags once) */
  shown: StoredFlag[];
  /** the earlier claim that names the same repository, if any */
  sharedWith: string | null;
  timeline: StoredTimeline | null;
}

/** Rules that say the repository's history is mostly someone else's work. */
const NOT_OWN_RULES = new Set(["FOREIGN_HISTORY", "FORK_AS_OWN", "COPIED_REPOSITORY"]);
/** Share of a history a flag discredits from which the score caps the claim (confidence-score.ts EXTENT_MAJORITY). */
const EXTENT_MAJORITY = 0.5;
const MATCHED_BY: Record<string, string> = {
  link: "matched by the resume's link",
  name: "matched by its name",
  homepage: "matched by the project's web address",
  fuzzy: "matched by a similar name only",
  mention: "found repository-first: the resume names this repository of the candidate's in its text",
};

const num = (v: number | string | undefined): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const has = (flags: StoredFlag[], rule: string) => flags.find((f) => f.rule === rule);

/** "111 of the candidate's own commits over 5 months (of 153 in the history)". */
function ownWork(p: StoredProject): string {
  const about = p.commitsEstimated ? "about " : "";
  const span = spanWords(p.firstCommitAt, p.lastCommitAt);
  const others = p.totalCommits !== null && p.totalCommits > p.commits ? ` (of ${p.totalCommits} in the history)` : "";
  return `${about}${p.commits.toLocaleString("en-US")} of the candidate's own commits${span ? ` ${span}` : ""}${others}`;
}

/** Why a repository holds little of the candidate's own work, from the flag that says so. */
function notOwnWords(f: StoredFlag, p: StoredProject | null): string {
  const e = f.evidence;
  const own = p?.commits ?? 0;
  if (f.rule === "FOREIGN_HISTORY") {
    const others = num(e.otherCommits);
    const total = num(e.total) ?? p?.totalCommits ?? null;
    if (others !== null && total !== null)
      return `${others} of ${total} commits are someone else's: the candidate added ${own}`;
    return `most of its commits are someone else's: the candidate added ${own}`;
  }
  if (f.rule === "FORK_AS_OWN") {
    const parent = typeof e.parent === "string" ? e.parent : "another repository";
    const total = num(e.totalCommits) ?? p?.totalCommits ?? 0;
    const ahead = num(e.aheadTotal) ?? 0;
    if (ahead === 0 || own === 0)
      return `a fork of ${parent}: all ${total} commits come from the original; the candidate added none`;
    return `a fork of ${parent}: the candidate added ${own} of the ${ahead} commits made since it was forked; the rest of its ${total} come from the original`;
  }
  const shared = num(e.sharedFiles);
  const files = num(e.files);
  const original = typeof e.original === "string" ? e.original : "an older repository";
  if (shared !== null && files !== null)
    return `${shared} of its ${files} files are identical to ${original}, an older repository of another account`;
  return `its files are copied from ${original}, an older repository of another account`;
}

/** What weighs against the claim's own commits when the match is thin. */
function thinReason(flags: StoredFlag[], p: StoredProject): string {
  const discrediting = flags
    .filter((f) => f.severity !== "INFO" && (num(f.evidence.extent) ?? 0) >= EXTENT_MAJORITY)
    .sort((a, b) => (num(b.evidence.extent) ?? 0) - (num(a.evidence.extent) ?? 0));
  if (discrediting.length)
    return `${joinWords([...new Set(discrediting.map((f) => glossaryEntry(f.rule).title.toLowerCase()))])}, so the history shows little of how the work was done`;
  if (p.matchedBy === "fuzzy") return "the repository was matched by a similar name only";
  return "there is little of it";
}

/** A claim's status, its verdict sentence and the one reason a glance shows (a few words). */
function statusOf(c: ClaimInput): { status: ClaimStatus; verdict: string; reason: string } {
  const p = c.project;
  const repoUrl = c.repo ? repoAddress(c.repo) : null;
  if (!c.repo || !p) {
    const unavailable = has(c.flags, "REPO_UNAVAILABLE");
    const notFound = has(c.flags, "LINKED_REPO_NOT_FOUND");
    const foreign = /belongs to (\S+) and has no commits by/.exec(c.unmatchedReason ?? "");
    if (unavailable)
      return {
        status: "not-checked",
        reason: "the host would not serve the repository",
        verdict: `Could not be checked: ${unavailable.repo ? `${hostWord(hostOfRepo(unavailable.repo))} would not serve ${repoAddress(unavailable.repo)}` : "the host would not serve the linked repository"}, which is not evidence against.`,
      };
    if (notFound)
      return {
        status: "not-checked",
        reason: "the linked repository does not exist or is private",
        verdict: `Could not be checked: the resume links ${notFound.repo ? repoAddress(notFound.repo) : "a repository"}, which does not exist or is not public; this is not evidence against, ask for access.`,
      };
    if (foreign)
      return {
        status: "unlinked",
        reason: `the linked repository belongs to ${foreign[1]}`,
        verdict: `Not shown to be the candidate's: the linked repository belongs to ${foreign[1]} and none of its commits are linked to the candidate's account.`,
      };
    return {
      status: "not-checked",
      reason: "no public repository (not evidence against)",
      verdict: "Could not be checked: no public repository, which is not evidence against.",
    };
  }
  const critical = c.flags.filter((f) => f.severity === "CRITICAL");
  if (critical.length) {
    const titles = [...new Set(critical.map((f) => glossaryEntry(f.rule).title.toLowerCase()))];
    return {
      status: "contradicted",
      reason: sentence(titles.join("; ")),
      verdict: `Contradicted by its own history: ${repoUrl} has findings no honest history has shown (${titles.join("; ")}). Not verified.`,
    };
  }
  const notOwn = c.flags.find((f) => NOT_OWN_RULES.has(f.rule) && f.severity === "WARNING");
  if (notOwn) {
    const words = sentence(notOwnWords(notOwn, p));
    return { status: "not-own-work", reason: words.split(":")[0]!, verdict: `${words}.` };
  }
  if (has(c.flags, "EMPTY_REPO"))
    return {
      status: "empty",
      reason: "the repository is empty",
      verdict: `${repoUrl} is empty: there is no work in it to check.`,
    };
  if (p.commits === 0) {
    const total = p.totalCommits ?? 0;
    const unlinked = has(c.flags, "UNLINKED_EMAIL_COMMITS");
    return {
      status: "unlinked",
      reason: "no commit is linked to the candidate's account",
      verdict: `Not linked to the candidate: none of the ${plural(total, "commit")} in ${repoUrl} are linked to the candidate's account${unlinked ? " (some come from an email linked to no account)" : ""}.`,
    };
  }
  const backedBy = ownWork(p);
  if (c.line?.extentCapped || p.matchStrength === "LOW")
    return {
      status: "thin",
      reason: sentence(thinReason(c.flags, p).split(",")[0]!),
      verdict: `Thin evidence: ${backedBy}, but ${thinReason(c.flags, p)}.`,
    };
  const warnings = groupFindings(c.flags.filter((f) => f.severity === "WARNING"));
  if (warnings.length)
    return {
      status: "questions",
      reason: `${plural(warnings.length, "finding")} to ask about: ${warnings.map((w) => w.title.toLowerCase()).join("; ")}`,
      verdict: `Backed by ${backedBy}, with ${plural(warnings.length, "finding")} to ask about.`,
    };
  return {
    status: "backed",
    reason: "the candidate's own commits, nothing against them",
    verdict: `Backed by ${backedBy}.`,
  };
}

function evidenceOf(c: ClaimInput): string[] {
  const p = c.project;
  if (!c.repo || !p) return c.unmatchedReason ? [`Why no repository: ${c.unmatchedReason}.`] : [];
  const host = hostWord(hostOfRepo(c.repo));
  const lines = [
    `Repository ${repoAddress(c.repo)}${host === "GitHub" ? "" : ` on ${host}`}, ${MATCHED_BY[p.matchedBy ?? ""] ?? "matched to the claim"}.`,
  ];
  if (p.totalCommits)
    lines.push(
      `${p.commitsEstimated ? "About " : ""}${p.commits} of its ${plural(p.totalCommits, "commit")} are the candidate's own (linked to their account, not bots, not inherited from a fork).`,
    );
  if (p.fork) lines.push("It is a fork of another repository.");
  if (p.signedCommits) lines.push(`${plural(p.signedCommits, "commit")} carry a signature ${host} verified.`);
  if (p.technologiesConfirmed.length)
    lines.push(`The repository confirms the claimed ${joinWords(p.technologiesConfirmed)}.`);
  if (c.sharedWith) lines.push(`The same repository backs "${c.sharedWith}"; its findings are listed there.`);
  return lines;
}

function timelineOf(c: ClaimInput): string | null {
  const p = c.project;
  if (!p) return null;
  const first = day(p.firstCommitAt);
  const last = day(p.lastCommitAt);
  const parts: string[] = [];
  if (first && last)
    parts.push(
      first === last
        ? `The candidate's commits are dated ${first}`
        : `The candidate's commits are dated from ${first} to ${last}`,
    );
  const created = day(c.timeline?.repoCreatedAt);
  if (created) parts.push(`${c.repo ? hostWord(hostOfRepo(c.repo)) : "GitHub"} first saw the repository on ${created}`);
  const account = day(c.timeline?.accountCreatedAt);
  if (account) parts.push(`the account was created on ${account}`);
  return parts.length ? `${parts.join("; ")}.` : null;
}

const OPENING: Record<ClaimStatus, (name: string, repo: string | null) => string> = {
  backed: (n) => `Walk me through ${n}: what did you build yourself, and what was the hardest part?`,
  questions: (n) => `Walk me through ${n}: what did you build yourself, and what was the hardest part?`,
  thin: (n) => `How did ${n} come about, and where did the work happen before it was pushed?`,
  "not-own-work": (n) => `Which parts of ${n} did you write, and who wrote the rest?`,
  unlinked: (n) => `Which commits in ${n} are yours, and which email or account did you use?`,
  contradicted: (n, r) => `How was the history of ${r ?? n} made, and when did you actually work on it?`,
  empty: (n) => `Where is the code of ${n}?`,
  "not-checked": (n) => `Can you show ${n} another way: a demo, a private repository or a reference?`,
};
const MAX_QUESTIONS = 4;
/** Rules whose question the claim's opening question already asks. */
const ASKED_BY_OPENING = new Set(["UNMATCHED_CLAIM", "EMPTY_REPO", "NO_CANDIDATE_COMMITS", "FOREIGN_HISTORY"]);

/** One claimed project as the report states it: a plain verdict, its evidence, timeline, findings and questions. */
export function claimReport(c: ClaimInput): ClaimReport {
  const { status, verdict, reason } = statusOf(c);
  const findings = groupFindings(c.shown);
  const questions = [OPENING[status](c.name, c.repo ? repoAddress(c.repo) : null)];
  for (const g of findings)
    for (const rule of g.rules.filter((r) => !ASKED_BY_OPENING.has(r))) {
      const ask = glossaryEntry(rule).ask;
      if (!ask.startsWith("(") && !questions.includes(ask)) questions.push(ask);
    }
  return {
    name: c.name,
    status,
    label: CLAIM_LABELS[status],
    verdict,
    reason: sentence(reason),
    ownCommits: c.project ? c.project.commits : null,
    period: c.project ? monthSpan(c.project.firstCommitAt, c.project.lastCommitAt) : null,
    repo: c.repo ? repoAddress(c.repo) : null,
    host: c.repo ? hostOfRepo(c.repo) : null,
    evidence: evidenceOf(c),
    timeline: timelineOf(c),
    findings,
    questions: questions.slice(0, MAX_QUESTIONS),
  };
}
