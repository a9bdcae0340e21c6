import { joinWords, plural } from "./plain-words.ts";
import type { ClaimReport, ClaimStatus, ReportVerdict } from "./report-model.ts";

const LEAD: Record<ReportVerdict, string> = {
  not_verified: "The verification could not run.",
  contradicted:
    "The public history of at least one claimed project shows signs that no honest history has shown: the evidence goes against the resume there.",
  not_own_work:
    "The repositories the resume claims hold little of the candidate's own work: their histories are mostly other people's.",
  not_checked:
    "None of the claimed projects has a public repository to check; that is not evidence against the candidate, only an absence of evidence.",
  backed: "The claimed projects are backed by the candidate's own public work.",
  partly_backed:
    "Some claimed projects are backed by the candidate's own work; others are not, or could not be checked.",
  mostly_unbacked: "Little of what the resume claims is backed by the candidate's own public work.",
};

/** How each status is counted in the paragraph (one, many), most serious first. */
const PHRASES: Array<[ClaimStatus, string, string]> = [
  ["contradicted", "is contradicted by its own history", "are contradicted by their own history"],
  ["not-own-work", "is not the candidate's work", "are not the candidate's work"],
  ["unlinked", "is not linked to the candidate's account", "are not linked to the candidate's account"],
  ["thin", "is backed thinly", "are backed thinly"],
  ["empty", "is an empty repository", "are empty repositories"],
  ["backed", "is backed by the candidate's own commits", "are backed by the candidate's own commits"],
  ["questions", "is backed, with findings worth asking about", "are backed, with findings worth asking about"],
  [
    "not-checked",
    "could not be checked, which is not evidence against",
    "could not be checked, which is not evidence against",
  ],
];

/** The paragraph of why under the verdict: what the claims came to, in words, and the score. */
export function verdictWhy(key: ReportVerdict, claims: ClaimReport[], score: number, findings: number): string {
  const parts: string[] = [];
  for (const [status, one, many] of PHRASES) {
    const names = claims.filter((c) => c.status === status).map((c) => c.name);
    if (names.length === 0) continue;
    const shown = names.length > 3 ? joinWords([...names.slice(0, 3), `${names.length - 3} more`]) : joinWords(names);
    parts.push(`${names.length} ${names.length === 1 ? one : many} (${shown})`);
  }
  const claimsText = claims.length
    ? `Of ${plural(claims.length, "claimed project")}, ${joinWords(parts)}.`
    : "The resume claims no project.";
  return `${LEAD[key]} ${claimsText} The confidence score is ${score} of 100, with ${plural(findings, "finding")} in all.`;
}
