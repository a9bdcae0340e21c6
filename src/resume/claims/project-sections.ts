import { isResumeSource } from "../resume-source.ts";
import type { ResumeLink } from "../types.ts";
import { findDateRange } from "./dates.ts";
import { type Entry, segmentEntries } from "./entries.ts";
import { leadRun } from "./lead-run.ts";
import type { LocatedLink } from "./link-finder.ts";
import { linksOfLines } from "./project-builder.ts";
import type { Section } from "./sections.ts";
import { isTechListLine, scanTechnologies } from "./technologies.ts";

/**
 * Which sections hold projects. The vocabulary names most of them ("Projects", "Open Source",
 * "Projekte"); the structure names the rest: a section whose heading the vocabulary does not know
 * ("Things I've Built") or that names research, and whose entries mostly link a repository of their
 * own, is a list of software. Its entries are then projects too, linked or not. Experience,
 * education and the other named sections never are (their linked repositories still count, one by
 * one, as linked software). An entry whose title links nothing while two or more bold lines under
 * it each link a repository of their own is a group over pieces of work (a job with the projects
 * done there), not one piece of work: it links no software of its own, so a section of such groups
 * under an unknown heading is read like experience, each linked line a claim of its own.
 *
 * A heading word is one signal, not the gate: a section the vocabulary reads as experience
 * ("Independent Work") whose entries have no employer's shape (no role on their first two lines, no
 * "at"/"@" an organisation) lists projects too when its entries look like pieces of software: one
 * or more link software of their own and most of them link software or name a technology.
 */

/** Kinds of section whose entries can be projects by their links alone. */
const OPEN_KINDS = new Set(["other", "research"]);

/**
 * A link that stands for a piece of software: a repository (not the resume's own source), or a
 * GitHub Pages project page (user.github.io/<project>), which a repository of that name serves.
 */
function claimsSoftware(link: ResumeLink): boolean {
  if (link.kind === "repository") return !isResumeSource(link);
  return !!link.impliedRepoUrl && !/\.github\.io$/i.test(link.impliedRepoUrl);
}

/** A group over linked pieces of work: nothing linked on its title, bold lines under it linking two or more repositories. */
function groupsLinkedWork(entry: Entry, links: LocatedLink[]): boolean {
  const software = (lines: Entry["lines"]) => linksOfLines(lines, links).filter((l) => claimsSoftware(l.link));
  if (software([entry.title]).length > 0) return false;
  const linked = entry.lines.slice(1).filter((l) => software([l]).length > 0);
  const repos = new Set(linked.flatMap((l) => software([l]).map((x) => x.link.repoUrl?.toLowerCase() ?? x.link.url)));
  return linked.length >= 2 && repos.size >= 2 && linked.every((l) => leadRun(l).bold);
}

/** Words that name a job held for an employer: an entry that says one on its first lines is employment. */
const ROLE =
  /\b(?:engineers?|developers?|programmers?|interns?|internship|analysts?|architects?|consultants?|managers?|scientists?|researchers?|assistants?|designers?|specialists?|administrators?|officers?|directors?|leads?|heads?|technicians?|contractors?|freelancer|founder|co-?founder|cto|ceo|maintainers?|contributors?|teaching|tutor|lecturer|professor|fellow|trainee|apprentice|employee|staff|member)\b|\s(?:at|@)\s/i;

/**
 * Has this entry an employer's shape: a role (or "at" an organisation) on its first two lines, or a
 * title part of two names split by a comma ("مهندس نرم افزار, Bluehaven Telecom": role, company in
 * any language) that is no list of technologies?
 */
function employerShaped(entry: Entry): boolean {
  const pair = entry.title.segments.some(
    (s) => /\p{L}.*[,،].*\p{L}/u.test(s.text) && !isTechListLine(s.text) && !findDateRange(s.text),
  );
  return pair || entry.lines.slice(0, 2).some((l) => ROLE.test(l.text));
}

/** One or more entries link software of their own, and most link software or name a technology. */
function looksLikeSoftware(entries: Entry[], links: LocatedLink[]): boolean {
  const linked = (e: Entry) => linksOfLines(e.lines, links).some((l) => claimsSoftware(l.link));
  const built = entries.filter((e) => linked(e) || scanTechnologies(e.lines.map((l) => l.text).join(" ")).length > 0);
  return entries.some(linked) && built.length >= 2 && built.length * 2 > entries.length;
}

/** Does this section list projects (see the module comment)? */
export function holdsProjects(section: Section, links: LocatedLink[]): boolean {
  if (section.kind === "projects") return true;
  const entries = segmentEntries(section.lines);
  const open = OPEN_KINDS.has(section.kind);
  if (!open && section.kind !== "experience") return false;
  if (entries.length < 2) return false;
  if (!open) return !entries.some(employerShaped) && looksLikeSoftware(entries, links);
  const linked = entries.filter(
    (e) => !groupsLinkedWork(e, links) && linksOfLines(e.lines, links).some((l) => claimsSoftware(l.link)),
  ).length;
  return linked >= 2 && linked * 2 > entries.length;
}
