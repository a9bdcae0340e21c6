import type { FoundBy } from "../contract/index.ts";
/**
 * What the extractor finds in a resume. This is the contract between src/resume (producer) and
 * src/analysis (consumer): fields may be added, never renamed or removed.
 */

/** repository = github.com/owner/repo; profile = github.com/user; organisation = github.com/orgs/x or a known org. */
export type LinkKind = "repository" | "profile" | "organisation" | "other";

export interface ResumeLink {
  /** the link target, normalized (scheme added, doubled prefixes and /tree/... /pull/N suffixes removed) */
  url: string;
  /** the link exactly as found (annotation URI or visible text) before normalization */
  raw: string;
  kind: LinkKind;
  /** for GitHub links: the owner (user or organisation) */
  owner?: string;
  /** for repository links: the repository name */
  repo?: string;
  /** "github.com/owner/repo" for repository links (the repoUrl form of docs/api.md) */
  repoUrl?: string;
  /** text a reader sees where the link is (the word under the annotation, or the URL as printed) */
  visibleText?: string;
  /** true when the visible text is itself a URL that points somewhere other than the target */
  visibleDiffers: boolean;
  /** where the link came from: a link annotation, the visible text, or both agreeing */
  source: "annotation" | "text" | "both";
  page: number;
  /** lower-cased host without "www." (e.g. "github.com", "gitlab.com", "0xkilty.github.io") */
  host?: string;
  /** for repository links: what inside the repository was linked ("/pull/41/files", "/tree/main/prow") */
  subpath?: string;
  /** the visible URL when it differs from the target (visibleDiffers), normalized the same way */
  visibleUrl?: string;
  /** for GitHub Pages sites: the repository that most likely serves them ("github.com/user/site") */
  impliedRepoUrl?: string;
  /** for package-registry pages: "npm:name", "pypi:name", "crates:name" (a repository can be looked up) */
  packageRef?: string;
}

/**
 * How precisely a resume wrote one end of a date range: a year ("2021") means any time in that year, a
 * season ("Summer 2022") any time in that season, a month ("Jan 2021") any time in that month.
 */
export type DatePrecision = "year" | "season" | "month";

export interface DateRange {
  /** as written, e.g. "Весна 2024", "Jan 2021 – Present" */
  text: string;
  /** ISO "YYYY" (a year), "YYYY-MM" (a month, or the first month of a season) when it could be parsed */
  start?: string;
  /** the same forms as start, or "present" */
  end?: string;
  /**
   * the precision each end was written at ("present" for an open end); absent in results stored before it
   * was kept, where the analysis reads it from the form of start/end ("YYYY" a year, "YYYY-MM" a month)
   */
  precision?: { start?: DatePrecision; end?: DatePrecision | "present" };
}

export interface ClaimedProject {
  name: string;
  /** the best repository link in host/owner/repository form ("github.com/acme/tool"), or null */
  repoUrl: string | null;
  /** every repository link attached to this project (the first is repoUrl's) */
  repoLinks: ResumeLink[];
  /** non-repository links (demo sites, papers, github.io pages ...) */
  otherLinks: ResumeLink[];
  technologies: string[];
  dates: DateRange | null;
  /** the description lines under the project's title, cleaned */
  description: string[];
  /** the heading of the section it was found in, as written */
  section: string;
  /** 1-based page number */
  page: number;
  /** linked but not claimed as own work (e.g. "contributed to X") when the text says so */
  mentionOnly?: boolean;
  /**
   * "github.com/owner" when the project links a GitHub account or organisation instead of a
   * repository (repoUrl is then null): the matcher can look among that owner's repositories.
   */
  ownerUrl?: string;
  /** a commit count the resume claims for this project ("260+ commits" -> 260), to check against history */
  claimedCommits?: number;
  /** a star count the resume claims ("300+ GitHub stars" -> 300) */
  claimedStars?: number;
  /** how the extractor found this project; absent from older results */
  foundBy?: ProjectProvenance;
  /** how sure the extractor is that this is a project the candidate claims, 0-1; absent from older results */
  confidence?: number;
}

/**
 * How a project was found: the section, the shape of what named it (contract/extraction-shapes.ts: the
 * extractor's entry, table-row, linked-item or link-elsewhere; the analysis's repository-first), and where
 * its repository link came from.
 */
export type ProjectProvenance = FoundBy;

export interface HiddenText {
  text: string;
  page: number;
  /**
   * hidden-layer: in an optional-content layer (OCG) that is off when the PDF opens;
   * clipped: outside the clipping path, so never painted
   */
  reason: "white-fill" | "tiny-font" | "off-page" | "covered" | "invisible-render-mode" | "hidden-layer" | "clipped";
}

/**
 * One line of the resume's visible text, in reading order, with the section it sits in: what the
 * repository-first matching reads to find a repository the resume names outside its projects.
 */
export interface ResumeTextLine {
  text: string;
  /** 1-based page number */
  page: number;
  /** the heading of its section as written ("" in the header) */
  section: string;
  /** the kind of that section: "projects", "experience", "skills", "header", "other", ... */
  sectionKind: string;
  /** targets of the links on the line, normalized */
  links: string[];
}

export interface ExtractedResume {
  candidateName: string | null;
  /** GitHub profile links anywhere in the PDF (kind "profile") */
  githubProfiles: ResumeLink[];
  /**
   * profile (and group) links on the other forges the extractor recognises (gitlab.com, codeberg.org and
   * the configured hosts), each with its `host` and `owner`; absent from older results
   */
  forgeProfiles?: ResumeLink[];
  /** repository links outside a projects section (experience, education, publications ...) */
  repoLinksOutsideProjects: Array<ResumeLink & { section: string }>;
  projects: ClaimedProject[];
  /** text a reader cannot see: reported separately so the analysis can flag keyword stuffing */
  hiddenText: HiddenText[];
  pages: number;
  /** PDF producer from the document info, when present */
  producer?: string;
  /** non-fatal oddities worth showing a recruiter ("2 pages had no text") */
  warnings: string[];
  /** the visible text line by line with its section (rotated text left out); absent from older results */
  textLines?: ResumeTextLine[];
  /**
   * how sure the extractor is of the whole document: the mean confidence of its own projects; when low,
   * the verification leans on repository-first matching (repositoryFirst) and a warning says so; absent
   * from older results
   */
  extraction?: { confidence: number; lowConfidence: boolean; repositoryFirst: boolean; reasons: string[] };
}

/** Why a PDF could not be read. Every code has a message a person can act on. */
export type ResumeErrorCode =
  | "pdf_encrypted"
  | "pdf_no_text"
  | "pdf_corrupt"
  | "pdf_too_complex"
  | "pdf_timeout"
  | "pdf_too_large";

export class ResumeError extends Error {
  constructor(
    readonly code: ResumeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ResumeError";
  }
}
