import { hostAccountOf } from "../lib/index.ts";
import { type ClaimInput, claimReport } from "./claim-verdicts.ts";
import { groupFindings } from "./findings.ts";
import { glossaryEntry } from "./glossary.ts";
import { hostWord, joinWords, repoAddress, repoName } from "./plain-words.ts";
import { type ClaimReport, DISCLAIMER, type Report, type ReportVerdict, VERDICT_TITLES } from "./report-model.ts";
import { explainScore } from "./score-words.ts";
import type { StoredFlag, StoredVerification } from "./stored-result.ts";
import { verdictWhy } from "./verdict-words.ts";

/** The score bands (analysis/verdict.ts): 70 and up is strong, 41 and up mixed. */
const STRONG = 70;
const MIXED = 41;

const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();

/** The claims in resume order, each with the flags about it; flags about no claim are the resume's own. */
function claimInputs(v: StoredVerification): { inputs: ClaimInput[]; resumeFlags: StoredFlag[] } {
  const lines = v.breakdown?.claims ?? [];
  const taken = new Set<number>();
  /** The verified project of a claim line: same name and repository, else (a renamed claim) the repository. */
  const projectFor = (name: string, repo: string) => {
    const free = (k: number) => !taken.has(k);
    const sameRepo = (url: string) => lower(repoName(url)) === lower(repo);
    let i = v.projects.findIndex((p, k) => free(k) && p.name === name && sameRepo(p.repoUrl));
    if (i < 0) i = v.projects.findIndex((p, k) => free(k) && sameRepo(p.repoUrl));
    if (i < 0) return null;
    taken.add(i);
    return v.projects[i]!;
  };
  const bases: Array<Omit<ClaimInput, "flags" | "shown" | "sharedWith" | "timeline">> = lines.length
    ? lines.map((line) => ({
        name: line.name,
        repo: line.repo,
        project: line.repo ? projectFor(line.name, line.repo) : null,
        line,
        unmatchedReason: line.repo ? null : (v.unmatched.find((u) => u.name === line.name)?.reason ?? null),
      }))
    : [
        ...v.projects.map((p) => ({
          name: p.name,
          repo: repoName(p.repoUrl),
          project: p,
          line: null,
          unmatchedReason: null,
        })),
        ...v.unmatched.map((u) => ({ name: u.name, repo: null, project: null, line: null, unmatchedReason: u.reason })),
      ];

  const shownAt = new Map<StoredFlag, number>();
  const resumeFlags: StoredFlag[] = [];
  for (const f of v.flags) {
    let at = f.project !== null ? bases.findIndex((b) => b.name === f.project) : -1;
    if (at < 0 && f.repo !== null) at = bases.findIndex((b) => b.repo !== null && lower(b.repo) === lower(f.repo));
    if (at < 0) resumeFlags.push(f);
    else shownAt.set(f, at);
  }
  const inputs = bases.map((b, i) => {
    const first = b.repo === null ? i : bases.findIndex((x) => x.repo !== null && lower(x.repo) === lower(b.repo));
    const about = (f: StoredFlag) =>
      f.project === b.name || (b.repo !== null && f.repo !== null && lower(f.repo) === lower(b.repo));
    return {
      ...b,
      flags: v.flags.filter(about),
      shown: v.flags.filter((f) => shownAt.get(f) === i),
      sharedWith: first !== i ? bases[first]!.name : null,
      timeline: v.timelines.find((t) => b.repo !== null && lower(t.repo) === lower(b.repo)) ?? null,
    };
  });
  return { inputs, resumeFlags };
}

/** The verdict in words: the score's band, except where the band word would mislead a reader. */
function verdictKey(v: StoredVerification, claims: ClaimReport[]): ReportVerdict {
  if (v.status === "FAILED") return "failed";
  if (claims.some((c) => c.status === "contradicted") || v.flags.some((f) => f.severity === "CRITICAL"))
    return "contradicted";
  const backed = claims.filter((c) => c.status === "backed" || c.status === "questions").length;
  const notOwn = claims.some((c) => c.status === "not-own-work");
  if (backed === 0 && notOwn) return "not-own-work";
  if (claims.length > 0 && claims.every((c) => c.status === "not-checked")) return "unchecked";
  if (v.confidenceScore >= STRONG && !notOwn) return "backed";
  // a weak score with some claims backed reads "partly": the band word "weak" would hide the backed ones
  return v.confidenceScore >= MIXED || backed > 0 ? "partly" : "unbacked";
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
  const { inputs, resumeFlags } = claimInputs(v);
  const claims = v.status === "COMPLETED" ? inputs.map(claimReport) : [];
  const key = verdictKey(v, claims);
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
      key,
      title: VERDICT_TITLES[key],
      why: failed
        ? `The verification could not run: ${v.error?.message || "no reason was recorded"}. Nothing about the candidate's work was judged.`
        : verdictWhy(key, claims, v.confidenceScore, v.flags.length),
    },
    score: failed ? null : v.confidenceScore,
    claims,
    resumeFindings: groupFindings(resumeFlags),
    notChecked: failed ? [] : notCheckedOf(v, claims),
    glossary: rules.map((rule) => ({ rule, ...glossaryEntry(rule) })),
    scoreExplanation: failed || !v.breakdown ? null : explainScore(v.breakdown),
    disclaimer: DISCLAIMER,
  };
}
