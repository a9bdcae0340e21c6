/**
 * Sample resume PDFs written with pdf-lib, for the demo, the analysis benchmark and the verify CLI tests:
 * a name, a GitHub profile link, a Projects section whose entries carry link annotations, and optionally
 * hidden (white) text. The project generates these itself; no real person's resume is used.
 */
import { PDFDocument, type PDFFont, type PDFPage, PDFString, rgb, StandardFonts } from "pdf-lib";
import { findDateRange } from "../../src/resume/claims/dates.ts";
import type { ExtractedResume, ResumeLink } from "../../src/resume/types.ts";
import type { CandidateSpec } from "../support/github-sim/scenarios/index.ts";

export interface SampleProject {
  name: string;
  /** "host/owner/repo" (github.com, gitlab.com, codeberg.org ...) shown under the title and linked (omit for a project without a link) */
  repoUrl?: string;
  /** the word shown over the link instead of the URL, e.g. "Source" */
  linkWord?: string;
  technologies?: string[];
  /** e.g. "Jan 2023 – Present" */
  dates?: string;
  description?: string[];
}

export interface SampleResume {
  name: string;
  /** the GitHub login shown in the header (github.com/<login>), if any */
  githubLogin?: string;
  /** profiles on other hosts shown and linked in the header, host/login ("gitlab.com/alice", "codeberg.org/alice") */
  profiles?: string[];
  email?: string;
  projects: SampleProject[];
  /** text drawn in white: keyword stuffing a reader cannot see */
  hiddenText?: string;
  /** a short Experience section before the projects (employers are not projects) */
  experience?: string[];
}

function addLink(doc: PDFDocument, page: PDFPage, url: string, x: number, y: number, w: number, h: number): void {
  const annot = doc.context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [x, y - 2, x + w, y + h],
    Border: [0, 0, 0],
    A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
  });
  page.node.addAnnot(doc.context.register(annot));
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line === "" ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) > width && line !== "") {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line !== "") out.push(line);
  return out;
}

/** One-column US-letter resume; returns the PDF bytes. Deterministic: fixed dates in the document info. */
export async function sampleResumePdf(r: SampleResume): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${r.name} - Resume`);
  doc.setProducer("claimcheck sample generator (pdf-lib)");
  doc.setCreationDate(new Date("2025-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2025-01-01T00:00:00Z"));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  let page = doc.addPage([612, 792]);
  let y = 792 - margin;
  const width = 612 - 2 * margin;
  const ensure = (h: number) => {
    if (y - h < margin) {
      page = doc.addPage([612, 792]);
      y = 792 - margin;
    }
  };
  const text = (s: string, size: number, font = regular, x = margin) => {
    ensure(size + 4);
    page.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });
    y -= size + 5;
  };

  text(r.name, 20, bold);
  const linked = [...(r.githubLogin ? [`github.com/${r.githubLogin}`] : []), ...(r.profiles ?? [])];
  const contact = [...(r.email ? [r.email] : []), ...linked];
  if (contact.length > 0) {
    page.drawText(contact.join("  |  "), { x: margin, y, size: 10, font: regular });
    let x = margin + (r.email ? regular.widthOfTextAtSize(`${r.email}  |  `, 10) : 0);
    for (const profile of linked) {
      addLink(doc, page, `https://${profile}`, x, y, regular.widthOfTextAtSize(profile, 10), 10);
      x += regular.widthOfTextAtSize(`${profile}  |  `, 10);
    }
    y -= 22;
  }
  if (r.hiddenText) {
    page.drawText(r.hiddenText, { x: margin, y: y + 8, size: 6, font: regular, color: rgb(1, 1, 1) });
  }
  if (r.experience && r.experience.length > 0) {
    text("Experience", 13, bold);
    for (const line of r.experience) for (const l of wrap(line, regular, 10, width)) text(l, 10);
    y -= 8;
  }
  text("Projects", 13, bold);
  for (const p of r.projects) {
    ensure(60);
    const title = p.technologies && p.technologies.length > 0 ? `${p.name} | ${p.technologies.join(", ")}` : p.name;
    page.drawText(title, { x: margin, y, size: 11, font: bold });
    if (p.dates) {
      const w = regular.widthOfTextAtSize(p.dates, 10);
      page.drawText(p.dates, { x: margin + width - w, y, size: 10, font: regular });
    }
    y -= 15;
    if (p.repoUrl) {
      const shown = p.linkWord ?? p.repoUrl;
      page.drawText(shown, { x: margin, y, size: 10, font: regular, color: rgb(0.1, 0.2, 0.7) });
      addLink(doc, page, `https://${p.repoUrl}`, margin, y, regular.widthOfTextAtSize(shown, 10), 10);
      y -= 14;
    }
    for (const d of p.description ?? []) for (const l of wrap(`- ${d}`, regular, 10, width)) text(l, 10);
    y -= 8;
  }
  return await doc.save({ useObjectStreams: false });
}

/**
 * What a perfect extractor returns for a sample resume: lets the analysis benchmark separate analysis
 * errors from extraction errors (`bench:analysis --no-extract`).
 */
export function perfectExtraction(r: SampleResume): ExtractedResume {
  const repoLink = (url: string, visible: string): ResumeLink => {
    const [host = "", ...path] = url.split("/");
    return {
      url: `https://${url}`,
      raw: `https://${url}`,
      kind: "repository",
      owner: path.slice(0, -1).join("/"),
      repo: path[path.length - 1] ?? "",
      repoUrl: url,
      ...(host === "github.com" ? {} : { host }),
      visibleText: visible,
      visibleDiffers: false,
      source: "annotation",
      page: 1,
    };
  };
  return {
    candidateName: r.name,
    githubProfiles: r.githubLogin
      ? [
          {
            url: `https://github.com/${r.githubLogin}`,
            raw: `https://github.com/${r.githubLogin}`,
            kind: "profile",
            owner: r.githubLogin,
            visibleText: `github.com/${r.githubLogin}`,
            visibleDiffers: false,
            source: "both",
            page: 1,
          },
        ]
      : [],
    forgeProfiles: (r.profiles ?? []).map((profile) => ({
      url: `https://${profile}`,
      raw: `https://${profile}`,
      kind: "profile" as const,
      host: profile.split("/")[0]!,
      owner: profile.split("/")[1]!,
      visibleText: profile,
      visibleDiffers: false,
      source: "both" as const,
      page: 1,
    })),
    repoLinksOutsideProjects: [],
    projects: r.projects.map((p) => ({
      name: p.name,
      repoUrl: p.repoUrl ?? null,
      repoLinks: p.repoUrl ? [repoLink(p.repoUrl, p.linkWord ?? p.repoUrl)] : [],
      otherLinks: [],
      technologies: p.technologies ?? [],
      // the extractor's own date reader: a year stays a year, a season a season
      dates: p.dates ? (findDateRange(p.dates)?.range ?? { text: p.dates }) : null,
      description: p.description ?? [],
      section: "Projects",
      page: 1,
    })),
    hiddenText: r.hiddenText ? [{ text: r.hiddenText, page: 1, reason: "white-fill" }] : [],
    pages: 1,
    warnings: [],
  };
}

const title = (s: string) =>
  s
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

/**
 * The resume a sample candidate sends (the demo's): every repository of theirs, linked, plus one claim
 * without a link. `host`: where the candidate's account and repositories are (GitHub unless told); a
 * candidate on another host links its profile there instead of GitHub's.
 */
export function resumeOf(c: CandidateSpec, host = "github.com"): SampleResume {
  return {
    name: c.user.name ?? title(c.login),
    ...(host === "github.com" ? { githubLogin: c.login } : { profiles: [`${host}/${c.login}`] }),
    email: `${c.login}@example.com`,
    experience: ["Software engineer, Example Corp (2021 - present)"],
    projects: [
      ...c.scenarios.map((s) => ({
        name: title(s.fullName.split("/")[1]!),
        repoUrl: `${host}/${s.fullName}`,
        description: [s.label.notes.slice(0, 90)],
      })),
      { name: "Internal tooling at Example Corp", description: ["Closed-source build tooling"] },
    ],
  };
}
