import type { ClaimedProject, ExtractedResume, ProjectProvenance } from "../types.ts";

/**
 * How each project was found and how sure the extractor is of it, and how sure it is of the document.
 * A project's confidence adds up what vouches for it: a projects section (by its heading or by its
 * linked entries), a repository link of its own, an entry's shape (a title with dates, technologies or
 * a description under it). A document is read with low confidence when it has claims but no projects
 * section and few of them link a repository, or when most of its projects are weakly found: the
 * verification then leans on repository-first matching (every repository of the candidate's that the
 * resume's text names is a claim) and the result says so. Pure.
 */

/** Below this mean project confidence, or with no projects at all, a document is read with low confidence. */
export const LOW_CONFIDENCE = 0.5;

const round = (n: number) => Math.round(n * 100) / 100;

/** A project with how it was found and its confidence (0-1). */
export function withProvenance(
  p: ClaimedProject,
  shape: ProjectProvenance["shape"],
  inProjectsSection: boolean,
): ClaimedProject {
  const link = p.repoLinks[0];
  const linkSource: ProjectProvenance["link"] = link ? link.source : p.otherLinks.length > 0 ? "other" : "none";
  let c = inProjectsSection ? 0.45 : 0.2;
  if (link) c += 0.35;
  else if (p.otherLinks.length > 0 || p.ownerUrl) c += 0.1;
  if (shape === "entry" || shape === "table-row") {
    if (p.dates) c += 0.05;
    if (p.technologies.length > 0) c += 0.05;
    if (p.description.length > 0) c += 0.1;
  }
  if (p.mentionOnly) c = Math.min(c, 0.3);
  return { ...p, foundBy: { section: p.section, shape, link: linkSource }, confidence: round(Math.min(1, c)) };
}

/** The document's confidence, and the warning a low one gives (null when confident). */
export function documentConfidence(
  projects: readonly ClaimedProject[],
  hasProjectsSection: boolean,
): { extraction: NonNullable<ExtractedResume["extraction"]>; warning: string | null } {
  const own = projects.filter((p) => !p.mentionOnly);
  const mean = own.length === 0 ? 0 : own.reduce((n, p) => n + (p.confidence ?? 0), 0) / own.length;
  const reasons: string[] = [];
  if (!hasProjectsSection) reasons.push("no projects section was found");
  if (own.length === 0) reasons.push("no project was found");
  else if (mean < LOW_CONFIDENCE) reasons.push(`the projects were found weakly (mean confidence ${round(mean)})`);
  const low = own.length === 0 || mean < LOW_CONFIDENCE || (!hasProjectsSection && own.every((p) => !p.repoUrl));
  const extraction = { confidence: round(mean), lowConfidence: low, repositoryFirst: low, reasons };
  const warning = low
    ? `read with low confidence (${reasons.join("; ") || "few projects link a repository"}): the candidate's repositories named anywhere in the resume are matched as claims (repository-first)`
    : null;
  return { extraction, warning };
}
