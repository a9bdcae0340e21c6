import { hostAccountOf } from "../lib/index.ts";
import { claimsOf } from "./claim-inputs.ts";
import { failureWords } from "./failure-words.ts";
import { groupFindings } from "./findings.ts";
import { glossaryEntry } from "./glossary.ts";
import { hostWord, joinWords, repoAddress, repoName } from "./plain-words.ts";
import { readingWords } from "./reading-words.ts";
import { type ClaimReport, DISCLAIMER, type Report } from "./report-model.ts";
import { explainScore } from "./score-words.ts";
import type { StoredVerification } from "./stored-result.ts";
import { verdictOfVerification } from "./verdict.ts";
import { verdictWhy } from "./verdict-words.ts";

/** Claims by how much they need a conversation: evidence against first, backed last. */
const ASK_FIRST: ClaimReport["status"][] = [
  "contradicted",
  "not-own-work",
  "unlinked",
  "thin",
  "questions",
  "empty",
  "not-checked",
  "backed",
];
const TOP_QUESTIONS = 5;

/** The few questions most worth asking: each claim's first by seriousness, then the resume's, then the rest. */
function topQuestionsOf(claims: ClaimReport[], resumeAsks: string[]): string[] {
  const ranked = [...claims].sort((a, b) => ASK_FIRST.indexOf(a.status) - ASK_FIRST.indexOf(b.status));
  const out: string[] = [];
  const add = (q: string | undefined) => {
    if (q && !out.includes(q) && out.length < TOP_QUESTIONS) out.push(q);
  };
  for (const c of ranked.filter((c) => c.status !== "backed")) add(c.questions[0]);
  for (const q of resumeAsks) add(q);
  for (const c of ranked) for (const q of c.questions.slice(1)) add(q);
  for (const c of ranked) add(c.questions[0]);
  return out;
}

/** What could not be checked and why, one sentence each. */
function notCheckedOf(v: StoredVerification, claims: ClaimReport[]): string[] {
  const out: string[] = [];
  for (const c of claims)
    if (c.status === "not-checked") out.push(`"${c.name}": ${c.verdict.replace(/^Could not be checked: /, "")}`);
  for (const f of v.flags)
    if (f.rule === "UNLINKED_EMAIL_COMMITS" || f.rule === "BOT_AUTHOR") out.push(`Not counted: ${f.message}.`);
  for (const p of v.projects)
    if (p.commitsEstimated)
      out.push(
        `${repoAddress(repoName(p.repoUrl))}: its history is long and was read in part, so its count of the candidate's commits is an estimate.`,
      );
  const hosts = [...new Set(accountsOf(v).map((a) => hostWord(a.host)))];
  out.push(
    hosts.length === 1 && hosts[0] === "GitHub"
      ? "Private repositories, other code-hosting sites and work under a non-disclosure agreement are not visible to this check."
      : `Private repositories, code-hosting sites other than ${joinWords(hosts)}, and work under a non-disclosure agreement are not visible to this check.`,
  );
  return out;
}

/** Every account the verification checked, GitHub's first, with its profile address. */
function accountsOf(v: StoredVerification): Report["candidate"]["accounts"] {
  const main = hostAccountOf(v.hostUsername);
  const github =
    v.hostUsername && !main
      ? [
          {
            host: "github.com",
            login: v.hostUsername,
            profileUrl: `https://github.com/${encodeURIComponent(v.hostUsername)}`,
          },
        ]
      : [];
  const named = [...(main ? [`${main.host}:${main.username}`] : []), ...v.accounts];
  const others = named.flatMap((a) => {
    const account = hostAccountOf(a);
    if (!account) return [];
    const { host, username: login } = account;
    return [{ host, login, profileUrl: `https://${host}/${encodeURIComponent(login)}` }];
  });
  const all = [...github, ...others];
  // a result without any account named (never written by this version) still names GitHub's
  return all.length > 0 ? all : [{ host: "github.com", login: v.hostUsername, profileUrl: "https://github.com/" }];
}

/**
 * The report of one final verification, from its stored result. Pure: the same stored result always
 * gives the same report.
 */
export function buildReport(v: StoredVerification): Report {
  const { claims, resumeFlags } = claimsOf(v);
  const verdict = verdictOfVerification(v, claims);
  const rules: string[] = [];
  for (const f of v.flags) if (f.rule !== "" && !rules.includes(f.rule)) rules.push(f.rule);
  const failed = v.status === "FAILED";
  return {
    reference: v.trackingId,
    candidate: {
      name: v.candidateName,
      login: accountsOf(v)[0]!.login,
      profileUrl: accountsOf(v)[0]!.profileUrl,
      accounts: accountsOf(v),
    },
    checkedAt: v.completedAt,
    verdict: {
      ...verdict,
      why: failed
        ? `The verification could not run. ${failureWords(v.error?.code)} Nothing about the candidate's work was judged.`
        : verdictWhy(verdict.code, claims, v.confidenceScore, v.flags.length),
    },
    reading: readingWords(v),
    score: failed ? null : v.confidenceScore,
    claims,
    topQuestions: topQuestionsOf(
      claims,
      resumeFlags.map((f) => glossaryEntry(f.rule).ask).filter((a) => !a.startsWith("(")),
    ),
    resumeFindings: groupFindings(resumeFlags),
    notChecked: failed ? [] : notCheckedOf(v, claims),
    glossary: rules.map((rule) => ({ rule, ...glossaryEntry(rule) })),
    scoreExplanation: failed || !v.breakdown ? null : explainScore(v.breakdown),
    disclaimer: DISCLAIMER,
  };
}
