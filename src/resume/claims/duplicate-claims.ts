import { linkedFile } from "../resume-source.ts";
import type { ClaimedProject } from "../types.ts";

/**
 * One project reported once. A project linked from two places (listed under "Projects" and again
 * under "Open Source", or a title link and a "[Code]" link in two entries) is the same repository
 * claimed twice: the later claim merges into the first, its links kept. Two claims are the same when
 * their names agree (equal, one inside the other, or the repository's own name) and they name the
 * same repository (unless each links a different file of it: five reports in one repository are five
 * pieces of work), or neither names one and the names are equal. Different titles that reuse one link (a template's
 * "github.com/user/repo" under every project) stay different projects. Pure.
 */

function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The files of a repository a claim links ("" for the repository itself). */
function files(p: ClaimedProject): Set<string> {
  return new Set(p.repoLinks.map(linkedFile));
}

/** The same name, or one name the other's with more words, or the repository's own name. */
function sameName(a: ClaimedProject, b: ClaimedProject): boolean {
  const x = nameKey(a.name);
  const y = nameKey(b.name);
  if (x === "" || y === "") return false;
  const repo = nameKey(a.repoUrl?.split("/").pop() ?? "");
  return x === y || x.includes(y) || y.includes(x) || (repo !== "" && (x === repo || y === repo));
}

function sameClaim(a: ClaimedProject, b: ClaimedProject): boolean {
  if (!sameName(a, b)) return false;
  if (a.repoUrl && b.repoUrl) {
    if (a.repoUrl.toLowerCase() !== b.repoUrl.toLowerCase()) return false;
    const fa = files(a);
    const fb = files(b);
    const distinct = [...fb].every((f) => f !== "" && !fa.has(f)) && [...fa].every((f) => f !== "");
    return !distinct;
  }
  // without a repository only the very same name is the same project ("hypocaust" is not "hypocaust-2")
  return !a.repoUrl && !b.repoUrl && nameKey(a.name) === nameKey(b.name);
}

/** Merge claims of the same project (see the module comment), keeping the first's place and name. */
export function mergeDuplicateClaims(projects: ClaimedProject[]): ClaimedProject[] {
  const out: ClaimedProject[] = [];
  for (const p of projects) {
    const first = out.find((q) => sameClaim(q, p));
    if (!first) {
      out.push(p);
      continue;
    }
    for (const l of p.repoLinks)
      if (!first.repoLinks.some((r) => r.url === l.url && r.subpath === l.subpath)) first.repoLinks.push(l);
    for (const l of p.otherLinks) if (!first.otherLinks.some((r) => r.url === l.url)) first.otherLinks.push(l);
  }
  return out;
}
