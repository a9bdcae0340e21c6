import type { ResumeLink } from "./types.ts";

/**
 * Which repository links are not claims of work, and why. Every repository link in a resume is a
 * claim candidate wherever it sits; one is left out only for a reason that can be stated:
 *  - "resume-source": the document's own source: a repository named for a CV or resume ("cv",
 *    "resume", "Lebenslauf", "резюме", "简历"), a commit or release of it, a CV/resume file kept in
 *    any repository, or a link whose words say so ("View this resume on GitHub", "built from
 *    .../cv at commit ddff472", "Download as PDF / EPUB");
 *  - "not-owned-contact": a repository of someone else in the header, contact details, skills or
 *    interests, mentioned without a claim.
 * A link into a repository (a file, a folder, a pull request) otherwise claims the repository: a
 * data-analysis report at /blob/main/report.pdf is the work. Pure.
 */

export type ExclusionReason = "resume-source" | "not-owned-contact";

const RESUME_WORD = /^(?:cv|resumes?|résumés?|curriculum|vitae|lebenslauf|резюме|简历)$/iu;
/** Words that go with a CV's own name without making it something else: "my-cv", "resume-latex", "cv-2024". */
const CV_COMPANION =
  /^(?:my|the|latex|tex|typst|pdf|source|src|public|web|site|online|english|en|de|fr|es|ru|zh|jp|\d{2,4})$/i;

/**
 * Does a repository or file name say it is the CV or resume itself ("cv", "my-resume",
 * "Resume_2024.pdf", "jane-doe-cv")? Only resume words, the owner's own name and companions such as
 * "latex" or a year: "resume-parser" or "cv-generator" is a project about resumes, not the resume.
 */
export function namesResume(name: string, owner = ""): boolean {
  const words = name
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .split(/[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})/u)
    .filter(Boolean);
  const own = new Set(
    owner
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  if (!words.some((w) => RESUME_WORD.test(w))) return false;
  return words.every((w) => RESUME_WORD.test(w) || CV_COMPANION.test(w) || own.has(w.toLowerCase()));
}

/** The file a link into a repository points at (".../blob/main/a/report.pdf" -> "report.pdf"), or "". */
export function linkedFile(link: ResumeLink): string {
  const path = (link.subpath ?? "").split("?")[0]!;
  if (!/^\/(?:blob|raw|releases\/download)\//.test(path)) return "";
  return decodeURIComponent(path.split("/").pop() ?? "");
}

/** Is this repository link the resume's own source (its repository, a commit or release of it, a CV file)? */
export function isResumeSource(link: ResumeLink): boolean {
  if (link.kind !== "repository") return false;
  if (namesResume(link.repo ?? "", link.owner)) return true;
  const file = linkedFile(link);
  // a document file named for a resume, wherever it is kept ("Jane_Doe_Resume.pdf", "cv-en.pdf")
  if (!/\.(?:pdf|docx?|odt|rtf|epub|tex|html?)$/i.test(file)) return false;
  return file
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .split(/[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})/u)
    .some((w) => RESUME_WORD.test(w));
}

/** Words around a link that say it is this document's own source or a download of it. */
const SOURCE_WORDS =
  /\b(?:download(?:\s+(?:it|this|as|in))*\s+(?:pdf|epub|docx?|html)|(?:pdf|epub)\s+version|this\s+(?:cv|resume|résumé|document)|sources?\s+of\s+this|built\s+from|view\s+(?:the\s+)?source)\b/i;

/** Does the link's anchor or its line say it is the resume's own source ("View this resume on GitHub", "Download as PDF")? */
export function saysResumeSource(anchor: string, lineText: string): boolean {
  return SOURCE_WORDS.test(anchor) || SOURCE_WORDS.test(lineText);
}
