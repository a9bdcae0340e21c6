import { candidateName } from "./claims/candidate-name.ts";
import { dateToEnd } from "./claims/date-column.ts";
import { mergeDuplicateClaims } from "./claims/duplicate-claims.ts";
import { employerNames, isEmployerEntry } from "./claims/employer-entries.ts";
import { segmentEntries } from "./claims/entries.ts";
import { type ForgeLinkHost, KNOWN_FORGE_HOSTS } from "./claims/forge-links.ts";
import { attachLinkCells } from "./claims/link-cells.ts";
import { findLinks, type LocatedLink } from "./claims/link-finder.ts";
import { splitLinkedItems } from "./claims/linked-items.ts";
import { linkedSoftware } from "./claims/linked-software.ts";
import { splitPhraseLinks } from "./claims/phrase-links.ts";
import { buildProject } from "./claims/project-builder.ts";
import { holdsProjects } from "./claims/project-sections.ts";
import { documentConfidence, withProvenance } from "./claims/provenance.ts";
import { detectSections, type Section } from "./claims/sections.ts";
import { isColumnHeader } from "./claims/table-header.ts";
import type { Line } from "./layout/layout-types.ts";
import { orderPage, type PageLayout, preparePage } from "./layout/page-layout.ts";
import type { LinkAnnotation, RawDocument } from "./pdf/raw-document.ts";
import {
  type ClaimedProject,
  type ExtractedResume,
  ResumeError,
  type ResumeLink,
  type ResumeTextLine,
} from "./types.ts";

/**
 * The whole pure pipeline: RawDocument -> ExtractedResume. Layout per page, sections, links,
 * projects from projects sections and from links elsewhere, profiles, hidden text, warnings.
 * No IO, no clock: the same document always gives the same result.
 */

/** Fewer visible letters than this and the PDF is treated as having no text layer. */
const MIN_TEXT_CHARS = 20;

function sectionOfLine(sections: Section[]): Map<number, Section> {
  const map = new Map<number, Section>();
  for (const s of sections) {
    if (s.heading) map.set(s.heading.index, s);
    for (const l of s.lines) map.set(l.index, s);
  }
  return map;
}

function profiles(links: LocatedLink[], onHost: (host: string | undefined) => boolean): ResumeLink[] {
  const seen = new Set<string>();
  const out: ResumeLink[] = [];
  for (const { link } of links) {
    if (!onHost(link.host) || (link.kind !== "profile" && link.kind !== "organisation")) continue;
    const key = link.url.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(link);
  }
  return out;
}

function outsideRepoLinks(
  links: LocatedLink[],
  sectionOf: Map<number, Section>,
): Array<ResumeLink & { section: string }> {
  const seen = new Set<string>();
  const out: Array<ResumeLink & { section: string }> = [];
  for (const { link, line } of links) {
    const section = sectionOf.get(line);
    if (link.kind !== "repository" || section?.kind === "projects") continue;
    const name = section && section.kind !== "header" ? section.title : "header";
    const key = `${link.url.toLowerCase()}|${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...link, section: name });
  }
  return out;
}

function projectsOf(sections: Section[], links: LocatedLink[], lines: Line[]): ClaimedProject[] {
  const projects: ClaimedProject[] = [];
  // each section judged once; a section read as projects names no employers, whatever its heading says
  const projectSections = new Set(sections.filter((s) => holdsProjects(s, links)));
  const employers = employerNames(sections.filter((s) => !projectSections.has(s)));
  for (const s of projectSections) {
    // a table's header row sets the title style its rows share, then names nothing
    const entries = attachLinkCells(segmentEntries(s.lines.map(dateToEnd)).filter((e) => !isColumnHeader(e.title)));
    for (const whole of entries) {
      const items = splitLinkedItems(whole);
      for (const entry of items) {
        const found = splitPhraseLinks(buildProject(entry, s, links), entry, links);
        const shape =
          items.length > 1 || found.length > 1
            ? "linked-item"
            : entry.title.segments.length >= 3
              ? "table-row"
              : "entry";
        for (const p of found)
          if (/\p{L}/u.test(p.name) && !isEmployerEntry(p, employers)) projects.push(withProvenance(p, shape, true));
      }
    }
  }
  const claimed = new Set(projects.flatMap((p) => p.repoLinks.map((r) => r.repoUrl?.toLowerCase())));
  for (const p of linkedSoftware(sections, links, lines)) {
    if (p.repoUrl && claimed.has(p.repoUrl.toLowerCase())) continue;
    // a link whose line names nothing ("(https://github.com/jane/funCKit)") is named by its repository
    const named = /\p{L}/u.test(p.name) ? p : { ...p, name: p.repoLinks[0]?.repo ?? p.name };
    projects.push(withProvenance(named, "link-elsewhere", false));
  }
  return mergeDuplicateClaims(projects);
}

/**
 * Every page laid out, lines numbered in reading order across pages. A page that splits into no
 * columns is laid out again with the gutters the other pages split at: one template, one set of
 * columns, even where a page's two columns share every baseline.
 */
export function layoutPages(doc: RawDocument): PageLayout[] {
  const prepared = doc.pages.map(preparePage);
  const layouts = prepared.map((p) => orderPage(p, 0));
  const known = [...new Set(layouts.flatMap((l) => l.gutters))];
  let next = 0;
  return layouts.map((layout, i) => {
    const again = known.length > 0 && layout.gutters.length === 0 ? orderPage(prepared[i]!, 0, known) : layout;
    for (const l of again.lines) l.index = next++;
    return again;
  });
}

export interface ExtractOptions {
  /** the GitLab and Gitea/Forgejo hosts whose repository and profile links are recognised (default gitlab.com, codeberg.org) */
  forgeHosts?: readonly ForgeLinkHost[];
}

/** Extract the claims of a parsed PDF. Throws ResumeError("pdf_no_text") when nothing is readable. */
export function extractFromDocument(doc: RawDocument, opts: ExtractOptions = {}): ExtractedResume {
  const forges = opts.forgeHosts ?? KNOWN_FORGE_HOSTS;
  const warnings: string[] = [];
  const lines: Line[] = [];
  const hiddenText: ExtractedResume["hiddenText"] = [];
  const annotations = new Map<number, LinkAnnotation[]>();
  for (const layout of layoutPages(doc)) {
    const page = doc.pages.find((p) => p.number === layout.page)!;
    lines.push(...layout.lines);
    hiddenText.push(...layout.hidden);
    annotations.set(page.number, page.links);
    if (layout.lines.length === 0) warnings.push(`page ${page.number} has no readable text`);
    if (layout.ocrLayer)
      warnings.push(
        `page ${page.number} is a scan; its text comes from an OCR layer and may contain recognition errors`,
      );
    if (layout.skippedRotated > 0) warnings.push(`page ${page.number} has vertical text that was not read`);
  }
  const letters = lines.reduce((n, l) => n + l.text.replace(/[^\p{L}\p{N}]/gu, "").length, 0);
  if (letters < MIN_TEXT_CHARS) {
    throw new ResumeError(
      "pdf_no_text",
      hiddenText.length > 0
        ? "the PDF has no visible text layer (its only text is hidden); export it with text or run OCR first"
        : "the PDF has no text layer (it is only images, e.g. a scan or a design export); export it with text or run OCR first",
    );
  }
  const sections = detectSections(lines);
  const links = findLinks(lines, annotations, forges);
  const sectionOf = sectionOfLine(sections);
  const projects = projectsOf(sections, links, lines);
  const hasProjectsSection = sections.some((s) => s.kind === "projects");
  const confidence = documentConfidence(projects, hasProjectsSection);
  if (!hasProjectsSection)
    warnings.push(
      projects.length > 0
        ? `no projects section found; ${projects.length === 1 ? "the project was" : `the ${projects.length} projects were`} inferred from repository links and entries elsewhere`
        : "no projects section found",
    );
  if (confidence.warning) warnings.push(confidence.warning);
  return {
    candidateName: candidateName(lines),
    githubProfiles: profiles(links, (host) => host === "github.com"),
    forgeProfiles: profiles(links, (host) => forges.some((f) => f.host.toLowerCase() === host)),
    repoLinksOutsideProjects: outsideRepoLinks(links, sectionOf),
    projects,
    hiddenText,
    pages: doc.pages.length,
    ...(doc.producer ? { producer: doc.producer } : {}),
    warnings,
    textLines: textLines(lines, sectionOf, links),
    extraction: confidence.extraction,
  };
}

/** The visible text line by line with its section, for matching repositories by name. */
function textLines(lines: Line[], sectionOf: Map<number, Section>, links: LocatedLink[]): ResumeTextLine[] {
  const linksAt = new Map<number, string[]>();
  for (const l of links) linksAt.set(l.line, [...(linksAt.get(l.line) ?? []), l.link.url]);
  return lines
    .filter((l) => !l.rotated && l.text.trim() !== "")
    .map((l) => {
      const s = sectionOf.get(l.index);
      return {
        text: l.text.replace(/\s{2,}/g, "  ").trim(),
        page: l.page,
        section: s?.title ?? "",
        sectionKind: s?.kind ?? "header",
        links: linksAt.get(l.index) ?? [],
      };
    });
}
