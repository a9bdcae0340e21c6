import type { GhRepo } from "../github/index.ts";
import type { ClaimedProject } from "../resume/index.ts";
import { canonicalUrl, claimRepoRefs, GITHUB_ONLY } from "./claim-links.ts";
import { contentWords, nameSimilarity, nameTokens, rawTokens } from "./name-tokens.ts";
import { isGitHub, pagesSiteOf, repoKeyOf, repoOrderKey } from "./repo-hosts.ts";
import type { MatchBasis } from "./types.ts";

/** A name similarity at or above this is a name match (equal identity tokens score 1). */
export const NAME_MATCH_MIN = 0.9;
/** A claim is tied to a repository only when the best combined score reaches this. */
export const MATCH_ACCEPT_MIN = 0.5;
/** Weight of "the claim's name words appear in the repository's description or topics". */
export const CONTENT_NAME_WEIGHT = 0.75;
/** Bonus for overlap of the claim's description with the repository's description and topics. */
export const DESCRIPTION_BONUS = 0.1;
/** Bonus for a claimed technology that is the repository's language or one of its topics. */
export const TECH_BONUS = 0.05;
/** A match that is not by name or link never scores as high as one. */
export const FUZZY_CAP = 0.89;

export interface ClaimMatch {
  /** index into the claims given to matchClaims */
  index: number;
  claim: ClaimedProject;
  repo: GhRepo | null;
  basis: MatchBasis | null;
  /** 1 for a link, else the combined similarity */
  score: number;
  /** for an unmatched claim: why, in plain English */
  reason?: string;
}

export interface MatchInput {
  claims: ClaimedProject[];
  /** repositories that may be matched by name: the candidate's own, plus any linked elsewhere in the resume */
  repos: GhRepo[];
  /** every linked repository (repo-hosts.ts key) resolved through its host: the repository, or null when it does not exist */
  linkTargets: ReadonlyMap<string, GhRepo | null>;
  /** the hosts the verification reads (default GitHub alone): links elsewhere are not followed */
  hosts?: ReadonlySet<string>;
}

function wordsOverlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let hit = 0;
  for (const w of a) if (b.has(w)) hit++;
  return hit / Math.min(a.size, 8);
}

/** Repositories a claim's non-repository links point at (a homepage or the host's pages site: github.io ...). */
function homepageHit(claim: ClaimedProject, repo: GhRepo): boolean {
  const targets = claim.otherLinks.map((l) => canonicalUrl(l.url));
  if (repo.homepage && repo.homepage.trim() !== "") {
    const home = canonicalUrl(repo.homepage);
    if (home !== "" && targets.includes(home)) return true;
  }
  const pages = pagesSiteOf(repo);
  return pages !== null && targets.some((t) => t === pages || t.startsWith(`${pages}/`));
}

/**
 * How well a claim without a usable link fits a repository, in 0..1, and on what basis. Name first
 * (normalized tokens), then the claim's name words in the repository's description/topics, plus small
 * bonuses for description and technology overlap. Pure and deterministic.
 */
export function scoreCandidate(claim: ClaimedProject, repo: GhRepo): { score: number; basis: MatchBasis } {
  if (homepageHit(claim, repo)) return { score: 0.95, basis: "homepage" };
  const nameSim = nameSimilarity(claim.name, repo.name);
  if (nameSim >= NAME_MATCH_MIN) return { score: nameSim, basis: "name" };
  const repoWords = contentWords([repo.description ?? "", ...repo.topics, repo.name].join(" "));
  const claimNameWords = new Set(nameTokens(claim.name).filter((t) => t.length >= 3));
  const nameInContent =
    claimNameWords.size === 0 ? 0 : [...claimNameWords].filter((w) => repoWords.has(w)).length / claimNameWords.size;
  const descOverlap = wordsOverlap(contentWords(claim.description.join(" ")), repoWords);
  const repoTech = new Set([repo.language ?? "", ...repo.topics].flatMap((t) => rawTokens(t)));
  const techHit = claim.technologies.some((t) => rawTokens(t).some((w) => repoTech.has(w)));
  const base = Math.max(nameSim, CONTENT_NAME_WEIGHT * nameInContent);
  const score = Math.min(FUZZY_CAP, base + DESCRIPTION_BONUS * descOverlap + (techHit ? TECH_BONUS : 0));
  return { score: Math.round(score * 1000) / 1000, basis: "fuzzy" };
}

const byUrl = repoOrderKey;

/**
 * Ties each claim to at most one repository. An explicit link wins (the first linked repository that
 * exists); the remaining claims are matched by name/description one-to-one, best pair first, ties broken
 * by claim order then repository name, so the same input always gives the same matches.
 */
export function matchClaims(input: MatchInput): ClaimMatch[] {
  const results: ClaimMatch[] = input.claims.map((claim, index) => ({
    index,
    claim,
    repo: null,
    basis: null,
    score: 0,
  }));
  const hosts = input.hosts ?? GITHUB_ONLY;
  const taken = new Set<string>();
  for (const r of results) {
    for (const ref of claimRepoRefs(r.claim, hosts)) {
      const target = input.linkTargets.get(ref.key);
      if (target) {
        r.repo = target;
        r.basis = "link";
        r.score = 1;
        taken.add(repoKeyOf(target));
        break;
      }
    }
  }
  const pairs: Array<{ i: number; repo: GhRepo; score: number; basis: MatchBasis }> = [];
  const repos = [...input.repos].sort((a, b) => (byUrl(a) < byUrl(b) ? -1 : 1));
  for (const r of results) {
    if (r.repo) continue;
    for (const repo of repos) {
      if (taken.has(repoKeyOf(repo))) continue;
      const { score, basis } = scoreCandidate(r.claim, repo);
      if (score >= MATCH_ACCEPT_MIN) pairs.push({ i: r.index, repo, score, basis });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.i - b.i || (byUrl(a.repo) < byUrl(b.repo) ? -1 : 1));
  for (const p of pairs) {
    const r = results[p.i];
    const key = repoKeyOf(p.repo);
    if (!r || r.repo || taken.has(key)) continue;
    r.repo = p.repo;
    r.basis = p.basis;
    r.score = p.score;
    taken.add(key);
  }
  for (const r of results) {
    if (r.repo) continue;
    const refs = claimRepoRefs(r.claim, hosts);
    r.reason =
      refs.length > 0
        ? `the linked repository ${refs.map((x) => (isGitHub(x.host) ? `${x.owner}/${x.name}` : `${x.host}/${x.owner}/${x.name}`)).join(", ")} does not exist or is not public, and no public repository matches the name`
        : "no public repository matches its name or description";
  }
  return results;
}
