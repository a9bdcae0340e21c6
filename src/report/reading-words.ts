import { joinWords, plural } from "./plain-words.ts";
import type { StoredVerification } from "./stored-result.ts";

/**
 * How the resume was read, in plain words for the recruiter: said when the reader was unsure of the
 * document (its sections or its projects) and so also matched the candidate's repositories against the
 * resume's text (repository-first), and whenever a claim was found that way; null otherwise. Pure.
 */
export function readingWords(v: StoredVerification): string | null {
  if (v.status === "FAILED") return null;
  const found = v.projects.filter(
    (p) => (p.foundBy ?? (p.matchedBy === "mention" ? "repository-first" : null)) === "repository-first",
  );
  const names = joinWords(found.map((p) => `"${p.name}"`));
  const e = v.extraction;
  const were = found.length === 1 ? "One project was" : `${plural(found.length, "project")} were`;
  if (e?.lowConfidence) {
    const head = `The resume was read with low confidence${e.reasons.length ? ` (${e.reasons.join("; ")})` : ""}`;
    if (!e.repositoryFirst) return `${head}.`;
    const outcome = found.length
      ? `${were} found that way: ${names}; ask the candidate whether ${found.length === 1 ? "it is meant as a claim" : "they are meant as claims"}.`
      : "No project was found that way.";
    return `${head}, so the candidate's repositories were also looked for anywhere in its text, by their addresses and by their names where it writes them as a project's, not a topic's (repository-first). ${outcome}`;
  }
  if (!found.length) return null;
  return `${were} found repository-first (the resume names the candidate's repository in its text, outside the projects the reader recognised): ${names}.`;
}
