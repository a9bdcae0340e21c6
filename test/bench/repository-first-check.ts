/**
 * What repository-first matching adds on a corpus file, without GitHub. The candidate's repositories
 * are taken to be the file's truth's repositories plus every repository the document links on an
 * account of the candidate's (the manifest's login, or a profile the resume links); the file's
 * extracted projects are matched to them as the analysis matches (matchClaims), then the
 * repository-first path runs as the analysis runs it (wide when the extraction says repositoryFirst).
 * Each repository it adds is true when the truth lists it, false otherwise: a negative (no project in
 * the truth) must get none, and an honest file nothing it does not claim.
 *
 * Decoys: the same run again with repositories named by common topic phrases of resumes added to the
 * candidate's (a fixed list, written before its first run): a resume that names a topic ("Machine
 * Learning Engineer") does not name a repository of that name, so every decoy added is false. It
 * shows how far a name in words can be trusted; it is reported, not a target.
 */
export const DECOY_REPOSITORIES = [
  "dotfiles",
  "portfolio",
  "notes",
  "blog",
  "website",
  "config",
  "todo-app",
  "weather-app",
  "machine-learning",
  "data-structures",
  "algorithms",
  "leetcode",
  "python-projects",
  "react-app",
  "personal-website",
  "deep-learning",
  "web-development",
  "computer-science",
  "data-science",
  "software-engineering",
];

import { matchClaims } from "../../src/analysis/match-claims.ts";
import { withRepositoryMentions } from "../../src/analysis/repository-first.ts";
import type { GhRepo } from "../../src/github/index.ts";
import { normalizeLink } from "../../src/resume/claims/link-normalizer.ts";
import type { ExtractedResume } from "../../src/resume/types.ts";
import { repo } from "../analysis/fixtures.ts";
import type { TruthProject } from "../resume/support/bench-scoring.ts";

/** A GitHub repository with nothing but its name known. */
const bareRepo = (owner: string, name: string): GhRepo => repo(`${owner}/${name}`, { language: null });

const keyOf = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();

/** The repositories repository-first matching adds to one file's claims: those the truth lists, and the rest. */
export function repositoryFirstAdds(
  result: ExtractedResume,
  truth: readonly TruthProject[],
  login: string | null | undefined,
  decoys: readonly string[] = [],
): { added: string[]; falseAdded: string[] } {
  const owners = new Set(
    [login, ...result.githubProfiles.map((p) => p.owner)].filter(Boolean).map((o) => o!.toLowerCase()),
  );
  const owned = new Map<string, GhRepo>();
  const truthKeys = new Set<string>();
  for (const t of truth) {
    const m = /^github\.com\/([^/]+)\/([^/]+)$/i.exec(t.repoUrl ?? "");
    if (!m) continue;
    truthKeys.add(keyOf(m[1]!, m[2]!));
    owned.set(keyOf(m[1]!, m[2]!), bareRepo(m[1]!, m[2]!));
  }
  for (const u of (result.textLines ?? []).flatMap((l) => l.links)) {
    const link = normalizeLink(u);
    if (link?.kind !== "repository" || link.host !== "github.com" || !link.owner || !link.repo) continue;
    if (owners.has(link.owner.toLowerCase())) owned.set(keyOf(link.owner, link.repo), bareRepo(link.owner, link.repo));
  }
  for (const d of decoys) owned.set(keyOf(login ?? "candidate", d), bareRepo(login ?? "candidate", d));
  const repos = [...owned.values()];
  const claims = result.projects.filter((p) => !p.mentionOnly);
  const linkTargets = new Map(repos.map((r) => [keyOf(r.owner, r.name), r] as const));
  const matches = withRepositoryMentions(matchClaims({ claims, repos, linkTargets }), repos, result.textLines ?? [], {
    wide: result.extraction?.repositoryFirst === true,
  });
  const added = matches.filter((m) => m.basis === "mention" && m.repo).map((m) => m.repo!.fullName);
  return { added, falseAdded: added.filter((k) => !truthKeys.has(k.toLowerCase())) };
}
