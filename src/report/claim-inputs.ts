import { type ClaimInput, claimReport } from "./claim-verdicts.ts";
import { repoName } from "./plain-words.ts";
import type { ClaimReport } from "./report-model.ts";
import type { StoredFlag, StoredVerification } from "./stored-result.ts";

const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();

/** The claims in resume order, each with the flags about it; flags about no claim are the resume's own. */
export function claimInputs(v: StoredVerification): { inputs: ClaimInput[]; resumeFlags: StoredFlag[] } {
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

/** Each claim as the report states it; a FAILED verification has none. */
export function claimsOf(v: StoredVerification): { claims: ClaimReport[]; resumeFlags: StoredFlag[] } {
  const { inputs, resumeFlags } = claimInputs(v);
  return { claims: v.status === "COMPLETED" ? inputs.map(claimReport) : [], resumeFlags };
}
