import { sharedEvidence } from "./rules/registry.ts";
import {
  type ClaimScoreLine,
  type Flag,
  type MatchStrength,
  type RuleId,
  type ScoreBreakdown,
  SEVERITY_RANK,
  type Severity,
} from "./types.ts";
import { VERDICT_BANDS } from "./verdict.ts";

export const STRENGTH_WEIGHT: Record<MatchStrength, number> = { HIGH: 1, MEDIUM: 0.75, LOW: 0.4 };
/** Activity factor of a matched claim with one commit; it rises logarithmically to 1 at ACTIVITY_FULL_COMMITS. */
export const ACTIVITY_FLOOR = 0.5;
export const ACTIVITY_FULL_COMMITS = 20;
/** Each WARNING on a claim's repository multiplies its credibility by (1 - this), down to CREDIBILITY_FLOOR. */
export const WARNING_COST = 0.15;
export const CREDIBILITY_FLOOR = 0.4;
/**
 * Weight in the mean of a claim with no link and no matching public repository: unverified, not refuted
 * (closed-source work is common). A claim whose link is broken or holds none of the candidate's work
 * weighs fully.
 */
export const UNVERIFIED_CLAIM_WEIGHT = 0.5;
/**
 * The extent rule. A flag whose `evidence.extent` (the share of the claim's history it discredits: the
 * unanchored share, the share of the code in one dump, the share of files copied) is at least
 * EXTENT_MAJORITY weighs like most of the evidence is gone: the claim credits at most EXTENT_CREDIT_CAP
 * and is never HIGH (match-strength.ts). An honest import lands here too, in the middle band, not at zero.
 */
export const EXTENT_MAJORITY = 0.5;
export const EXTENT_CREDIT_CAP = 0.5;

/**
 * Verdict calibration: when half or more of the claim weight is discredited (a claim capped by the extent
 * rule, or contradicted by a CRITICAL flag), the candidate reads "mixed" at most, whatever the other claims
 * earn: the score is held below the "strong" band. One honest project beside one that is mostly a dump
 * scored 75 ("strong") before this rule, while half of what the resume claims could not be checked.
 */
export const DISCREDITED_WEIGHT_SHARE = 0.5;
export const DISCREDITED_SCORE_CAP = VERDICT_BANDS.strong - 1;

/**
 * The most a claim can credit when a flag on its repository shows how much of it is someone else's: a
 * mostly copied repository credits at most its share of files that are not copied (`evidence.creditCap`).
 */
export function creditCapOf(flags: readonly Flag[]): number | null {
  const caps = flags
    .filter((f) => f.severity !== "INFO" && sharedEvidence(f).creditCap !== undefined)
    .map((f) => Number(sharedEvidence(f).creditCap));
  return caps.length === 0 ? null : Math.min(...caps);
}

/** True when one of the flags discredits most of a history (see EXTENT_MAJORITY). */
export function discreditsMost(flags: readonly Flag[]): boolean {
  return flags.some((f) => f.severity !== "INFO" && Number(sharedEvidence(f).extent ?? 0) >= EXTENT_MAJORITY);
}

/**
 * A CRITICAL finding also costs points off the whole score: one forged history taints every claim. A forged
 * history is one finding however many rules see it (findings.ts); before grouping, its three or four
 * CRITICAL flags reached the cap of 45 together, so one CRITICAL finding now costs the cap at once: one
 * forged project beside three honest ones scores 30.
 */
export const CRITICAL_PENALTY = 45;
export const CRITICAL_PENALTY_CAP = 45;
/** WARNINGs about the resume itself (not one matched repository) cost points off the whole score. */
export const RESUME_WARNING_PENALTY = 5;
export const RESUME_WARNING_PENALTY_CAP = 20;

/**
 * Flags whose weight is already in a claim's credit (unmatched claims credit 0; a repository without the
 * candidate's commits credits 0), so they cost nothing more.
 */
const COUNTED_IN_CREDIT: ReadonlySet<RuleId> = new Set(["UNMATCHED_CLAIM", "NO_CANDIDATE_COMMITS", "REPO_UNAVAILABLE"]);

export const SCORE_FORMULA =
  "score = clamp(round(evidence - penalties), 0, 100), at most 69 when claims weighing half or more of the total are " +
  "discredited (extent-capped or contradicted); flags grouped into one finding (one fact) weigh once, at their " +
  "worst severity; evidence = 100 x weighted mean over claims of credit " +
  "(an unmatched claim without a link, or whose repository GitHub could not serve, weighs 0.5, every other claim 1); " +
  "credit = strength weight (HIGH 1, MEDIUM 0.75, LOW 0.4, unmatched 0) x activity (0 without commits, else " +
  "0.5 + 0.5 x min(1, log2(1+commits)/log2(21))) x credibility (0 with a CRITICAL finding on the repository, else " +
  "0.85 per WARNING finding on it, at least 0.4), at most 0.5 when a flag on the repository discredits most of its " +
  "history (extent >= 0.5), and at most the share of its files that is not copied from another account; penalties = 45 for a CRITICAL finding (at most 45 in all) + 5 per WARNING finding not " +
  "about a matched repository (at most 20)";

/** What the score weighs: a finding (flags of one fact, weighed once) or a flag that belongs to none. */
interface Unit {
  severity: Severity;
  rule: RuleId;
  repo?: string;
  finding?: string;
  countedInCredit: boolean;
}

/** One unit per finding (its worst severity and that flag's rule), one per flag without a finding. */
function weighingUnits(flags: readonly Flag[]): Unit[] {
  const units: Unit[] = [];
  const byFinding = new Map<string, Unit>();
  for (const f of flags) {
    const unit: Unit = {
      severity: f.severity,
      rule: f.rule,
      ...(f.repo ? { repo: f.repo } : {}),
      ...(f.finding ? { finding: f.finding } : {}),
      countedInCredit: COUNTED_IN_CREDIT.has(f.rule),
    };
    const known = f.finding ? byFinding.get(f.finding) : undefined;
    if (!known) {
      units.push(unit);
      if (f.finding) byFinding.set(f.finding, unit);
      continue;
    }
    known.countedInCredit &&= unit.countedInCredit;
    if (SEVERITY_RANK[f.severity] < SEVERITY_RANK[known.severity]) {
      known.severity = f.severity;
      known.rule = f.rule;
    }
  }
  return units;
}

export interface ScoredClaim {
  name: string;
  /** "owner/name" of the matched repository, or null when unmatched */
  repo: string | null;
  matchStrength: MatchStrength | null;
  commits: number;
  /** the resume links a repository for this claim */
  linked: boolean;
  /** GitHub could not serve the matched repository (blocked, gone, failing): unverified, not refuted */
  unavailable?: boolean;
}

/** 0 without commits; otherwise from ACTIVITY_FLOOR up to 1, logarithmic in the commit count. */
export function activityFactor(commits: number): number {
  if (commits <= 0) return 0;
  const ramp = Math.min(1, Math.log2(1 + commits) / Math.log2(1 + ACTIVITY_FULL_COMMITS));
  return ACTIVITY_FLOOR + (1 - ACTIVITY_FLOOR) * ramp;
}

/** 0 when any CRITICAL finding is about the repository; else shrinks per WARNING finding; INFO never counts. */
export function credibility(repoSeverities: Severity[]): number {
  if (repoSeverities.includes("CRITICAL")) return 0;
  const warnings = repoSeverities.filter((s) => s === "WARNING").length;
  return Math.max(CREDIBILITY_FLOOR, (1 - WARNING_COST) ** warnings);
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The confidence score: a pure function of the claims (with their match strength and commit counts) and
 * the flags. Every number in the breakdown is rounded to 3 decimals before it is used, so equal input
 * gives a byte-identical breakdown on any platform. With no claims the evidence is 0.
 */
export function confidenceScore(claims: ScoredClaim[], flags: Flag[], mentionsSkipped = 0): ScoreBreakdown {
  const units = weighingUnits(flags);
  const same = (a: string | undefined, repo: string) => a !== undefined && a.toLowerCase() === repo.toLowerCase();
  const flagsOn = (repo: string) => flags.filter((f) => same(f.repo, repo) && !COUNTED_IN_CREDIT.has(f.rule));
  const repoSeverities = (repo: string) =>
    units.filter((u) => same(u.repo, repo) && !u.countedInCredit).map((u) => u.severity);
  const lines: ClaimScoreLine[] = claims.map((c) => {
    const strengthWeight = c.matchStrength ? STRENGTH_WEIGHT[c.matchStrength] : 0;
    const act = r3(c.repo ? activityFactor(c.commits) : 0);
    const cred = r3(c.repo ? credibility(repoSeverities(c.repo)) : 0);
    const capped = c.repo !== null && discreditsMost(flagsOn(c.repo));
    const ownShare = c.repo !== null ? creditCapOf(flagsOn(c.repo)) : null;
    const raw = r3(strengthWeight * act * cred);
    const cap = Math.min(capped ? EXTENT_CREDIT_CAP : 1, ownShare ?? 1);
    return {
      name: c.name,
      repo: c.repo,
      weight: c.repo === null && (!c.linked || c.unavailable) ? UNVERIFIED_CLAIM_WEIGHT : 1,
      matchStrength: c.matchStrength,
      commits: c.commits,
      credit: Math.min(raw, cap),
      ...(capped ? { extentCapped: true } : {}),
      strengthWeight,
      activityFactor: act,
      credibility: cred,
    };
  });
  const weights = lines.reduce((s, l) => s + l.weight, 0);
  const evidence = weights === 0 ? 0 : r3((100 * lines.reduce((s, l) => s + l.weight * l.credit, 0)) / weights);
  const matchedRepos = new Set(lines.filter((l) => l.repo).map((l) => (l.repo as string).toLowerCase()));
  const penalties: ScoreBreakdown["penalties"] = [];
  let critical = 0;
  let resumeWarnings = 0;
  for (const u of units) {
    if (u.countedInCredit) continue;
    const where = { ...(u.repo ? { repo: u.repo } : {}), ...(u.finding ? { finding: u.finding } : {}) };
    if (u.severity === "CRITICAL") {
      const points = Math.min(CRITICAL_PENALTY, CRITICAL_PENALTY_CAP - critical);
      critical += points;
      if (points > 0) penalties.push({ rule: u.rule, severity: u.severity, ...where, points });
    } else if (u.severity === "WARNING" && !(u.repo && matchedRepos.has(u.repo.toLowerCase()))) {
      const points = Math.min(RESUME_WARNING_PENALTY, RESUME_WARNING_PENALTY_CAP - resumeWarnings);
      resumeWarnings += points;
      if (points > 0) penalties.push({ rule: u.rule, severity: u.severity, ...where, points });
    }
  }
  const penaltyTotal = critical + resumeWarnings;
  // verdict calibration: half or more of the claim weight discredited reads "mixed" at most
  const discredited = lines
    .filter((l) => l.repo !== null && (l.extentCapped || l.credibility === 0))
    .reduce((s, l) => s + l.weight, 0);
  const discreditedShare = weights === 0 ? 0 : r3(discredited / weights);
  const raw = Math.max(0, Math.min(100, Math.round(evidence - penaltyTotal)));
  const cap = discreditedShare >= DISCREDITED_WEIGHT_SHARE ? DISCREDITED_SCORE_CAP : null;
  const score = cap === null ? raw : Math.min(raw, cap);
  return {
    evidence,
    penalties,
    penaltyTotal,
    claims: lines,
    mentionsSkipped,
    discreditedShare,
    ...(cap !== null && raw > cap ? { cappedAt: cap } : {}),
    score,
    formula: SCORE_FORMULA,
  };
}
