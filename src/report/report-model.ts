/**
 * The recruiter's report as data: everything a person deciding whether to interview reads, computed from
 * the stored result (build-report.ts) and rendered twice from the same model, as an HTML page (the
 * dashboard and the share page) and as a PDF (report-pdf.ts). Text is final here: the renderers only lay
 * it out, so both faces say exactly the same thing.
 */
import type { VerdictCode } from "../contract/index.ts";
import type { GlossaryEntry } from "./glossary.ts";
import type { SeverityWord } from "./stored-result.ts";

/** The verdict of the whole report: the contract's code (contract/result-shapes.ts VERDICTS). */
export type ReportVerdict = VerdictCode;

/** What the evidence says about one claimed project. */
export type ClaimStatus =
  /** the candidate's own commits back it and nothing weighs against them */
  | "backed"
  /** backed, with findings worth asking about (WARNING) */
  | "questions"
  /** some own work, but a finding discredits most of it, or the match is weak */
  | "thin"
  /** the repository is mostly someone else's work (another author's history, a fork, a copy) */
  | "not-own-work"
  /** no commit in it is linked to the candidate's account (may be an unlinked email) */
  | "unlinked"
  /** a finding no honest history has shown (CRITICAL) */
  | "contradicted"
  /** the matched repository is empty */
  | "empty"
  /** no public repository to check: not evidence against */
  | "not-checked";

/** Findings raised by the same fact or rule about one claim, shown as one item. */
export interface FindingGroup {
  /** the rule ids in the group (usually one) */
  rules: string[];
  /** the most severe of its flags */
  severity: SeverityWord;
  /** the finding's plain name (the fact's words, or the rule's name): the same as the API's findings[].title */
  title: string;
  /** the finding in one plain sentence, what a skimming reader reads; the messages are the detail */
  sentence: string;
  /** each flag's own message, as the analysis wrote it (names the repository and the numbers) */
  messages: string[];
  /** how an honest candidate's work can produce it */
  innocent: string;
}

export interface ClaimReport {
  name: string;
  status: ClaimStatus;
  /** the status in two or three words ("Backed", "Not the candidate's work") */
  label: string;
  /** the plain verdict on the claim, one sentence */
  verdict: string;
  /** the one reason behind the status, a few words (the claims-at-a-glance table) */
  reason: string;
  /** the candidate's own commits in the matched repository, or null without one */
  ownCommits: number | null;
  /** the months the candidate's commits span ("Mar 2024 – Jul 2025"), or null without commits */
  period: string | null;
  /** host/owner/name of the matched repository (github.com/owner/name, gitlab.com/group/project ...), or null */
  repo: string | null;
  /** the host serving it ("github.com", "gitlab.com", "codeberg.org" ...), or null */
  host: string | null;
  /** facts behind the verdict, one line each */
  evidence: string[];
  /** when the work happened, as far as the history says; null without commits */
  timeline: string | null;
  findings: FindingGroup[];
  questions: string[];
}

export interface ScoreExplanation {
  score: number;
  evidence: number;
  penaltyTotal: number;
  /** the formula in plain words */
  summary: string;
  /** the formula exactly as the analysis computes it */
  formula: string;
  /** one line of arithmetic per claim */
  claims: string[];
  /** one line per penalty */
  penalties: string[];
}

export interface Report {
  /** the verification's tracking id */
  reference: string;
  candidate: {
    name: string | null;
    /** the GitHub login, or the first account's username when no GitHub account was given */
    login: string;
    /** that account's profile */
    profileUrl: string;
    /** every account checked, GitHub's first: host, username and profile address */
    accounts: Array<{ host: string; login: string; profileUrl: string }>;
  };
  /** when the check ended (ISO), or null */
  checkedAt: string | null;
  /** the contract's verdict (code and label, as the API sends it) and the paragraph of why */
  verdict: { code: ReportVerdict; label: string; why: string };
  /** how the resume was read, when the reader was unsure of it or found claims repository-first; else null */
  reading: string | null;
  /** 0-100, null when the verification failed */
  score: number | null;
  claims: ClaimReport[];
  /** the few questions most worth asking, the most serious claims' first */
  topQuestions: string[];
  /** findings about the resume as a whole, not one claim */
  resumeFindings: FindingGroup[];
  /** what could not be checked and why, one sentence each */
  notChecked: string[];
  /** the words for every rule that appears in this report, in order of appearance */
  glossary: Array<GlossaryEntry & { rule: string }>;
  scoreExplanation: ScoreExplanation | null;
  /** evidence for a conversation, not a hiring decision */
  disclaimer: string;
}

/** The words a reader sees for a finding's severity. */
export const SEVERITY_WORDS: Record<SeverityWord, string> = {
  CRITICAL: "Evidence against",
  WARNING: "Worth asking about",
  INFO: "For information",
};

export const CLAIM_LABELS: Record<ClaimStatus, string> = {
  backed: "Backed",
  questions: "Backed, with questions",
  thin: "Thin evidence",
  "not-own-work": "Not the candidate's work",
  unlinked: "Not linked to the candidate",
  contradicted: "Contradicted",
  empty: "Empty repository",
  "not-checked": "Could not be checked",
};

export const DISCLAIMER =
  "This report is evidence for a conversation with the candidate, not a hiring decision. It reads only public " +
  "activity of the accounts checked, at the time of the check: work in private repositories, on other sites or under a " +
  "non-disclosure agreement is invisible to it, and every finding has an innocent reading. Ask the questions " +
  "and hear the candidate's side before deciding.";

/** The accounts checked and the word that leads them in the report's header ("GitHub account", "Accounts"). */
export function checkedAccounts(candidate: Report["candidate"]): {
  lead: string;
  list: Report["candidate"]["accounts"];
} {
  const list = candidate.accounts.length
    ? candidate.accounts
    : [{ host: "github.com", login: candidate.login, profileUrl: candidate.profileUrl }];
  const lead =
    list.length === 1 && list[0]!.host === "github.com" ? "GitHub account" : list.length === 1 ? "Account" : "Accounts";
  return { lead, list };
}

/** The accounts checked, as the report's header names them: "GitHub account github.com/ana", or each host's. */
export function accountsWords(candidate: Report["candidate"]): string {
  const { lead, list } = checkedAccounts(candidate);
  return `${lead} ${list.map((a) => `${a.host}/${a.login}`).join(", ")}`;
}

/** Where a claim's repository lives, as its line under the claim says it: "on GitHub", "on gitlab.com". */
export function hostLine(c: Pick<ClaimReport, "host">): string {
  return c.host === null ? "" : `on ${c.host === "github.com" ? "GitHub" : c.host}`;
}
