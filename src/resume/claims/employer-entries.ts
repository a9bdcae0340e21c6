import type { ClaimedProject } from "../types.ts";
import { dateToEnd } from "./date-column.ts";
import { segmentEntries } from "./entries.ts";
import { parseTitle } from "./project-name.ts";
import type { Section } from "./sections.ts";

/**
 * A projects heading over employers ("Projekte" inside the employment part, listing what was done at
 * each company): an entry without any link whose name is an employer the experience or
 * education section names ("Firma 2 (Ort)", "Engineer, Acme") is that employer's work, not a project of the candidate's.
 * The organisations are the parts of the experience entries' title lines (split at commas, brackets,
 * "at", "@", bars and dashes); a project is left out only when its whole name is one of them. Pure.
 */

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The organisations and roles the experience (and education: apprenticeships) entry titles name. */
export function employerNames(sections: readonly Section[]): Set<string> {
  const names = new Set<string>();
  for (const s of sections) {
    if (s.kind !== "experience" && s.kind !== "education") continue;
    for (const e of segmentEntries(s.lines.map(dateToEnd))) {
      const title = parseTitle(e.title);
      for (const part of [title.name, ...title.rest.split(/\s{2,}/)].flatMap((t) =>
        t.split(/\s*(?:[,(|·•@]|\)|\s[–—-]\s|\sat\s|\bbei\b|\bchez\b)\s*/u),
      )) {
        const k = key(part);
        if (k.length >= 2 && /\p{L}/u.test(k)) names.add(k);
      }
    }
  }
  return names;
}

/** Is this project an employer's entry (see the module comment)? */
export function isEmployerEntry(project: ClaimedProject, employers: ReadonlySet<string>): boolean {
  return project.repoLinks.length === 0 && project.otherLinks.length === 0 && employers.has(key(project.name));
}
