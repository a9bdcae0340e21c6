import type { AppError, FailureCode } from "../../lib/index.ts";

/**
 * The words the dashboard says to a recruiter: why a verification did not run and what to do next, why
 * the upload form was refused, and how a pasted profile address reads as a username. Plain words, no
 * field names or codes (those are for programs: the API keeps them).
 */

/** Why a verification failed, and the next step, by failure code. Unknown codes read as the last. */
export const FAILURE_WORDS: Record<FailureCode, string> = {
  pdf_encrypted: "The PDF is protected by a password. Save a copy without the password and submit it again.",
  pdf_no_text: "The PDF has no text to read (it is a scan or an image). Ask for a PDF exported from a text editor.",
  pdf_corrupt: "The PDF is damaged or incomplete. Download the complete file again and submit it.",
  pdf_too_complex: "The PDF is too complex to read. Print it to a new PDF and submit that.",
  pdf_timeout: "The PDF took too long to read. Print it to a new PDF and submit that.",
  pdf_too_large: "The PDF is too large. Export it again with smaller images and submit it.",
  no_projects_found: "The resume names no project to check. Check it is the right file.",
  github_user_not_found: "GitHub has no user with this username. Check the spelling (or paste the profile address).",
  account_not_found: "One of the accounts named has no such user on its site. Check the spelling.",
  github_unavailable: "GitHub could not be reached. Submit it again later.",
  host_unavailable: "One of the code-hosting sites could not be reached. Submit it again later.",
  github_rate_limited: "GitHub's limit of requests is spent for now. Submit it again in an hour.",
  deadline_exceeded: "The verification took too long. Submit it again later.",
  resume_purged: "The PDF was deleted before it was checked. Submit it again.",
  worker_crashed:
    "The verification stopped unexpectedly. Submit it again; if it happens again, tell your administrator.",
  internal_error:
    "The verification stopped unexpectedly. Submit it again; if it happens again, tell your administrator.",
};

/** A failure code in words with its next step. */
export function failureWords(code: string | null | undefined): string {
  return (code && FAILURE_WORDS[code as FailureCode]) || FAILURE_WORDS.internal_error;
}

/** Why the upload form was refused, in plain words with the next step. */
export function refusalWords(err: AppError, typedUsername: string): string {
  const fields = Array.isArray(err.extra.fields) ? (err.extra.fields as string[]) : [];
  if (err.code === "missing_fields" && fields.includes("resume")) return "Choose the resume's PDF file.";
  if (err.code === "missing_fields" && fields.includes("hostUsername"))
    return typedUsername.trim()
      ? `"${typedUsername.trim()}" is not a GitHub username. Type the candidate's login (as in github.com/login), paste their profile address, or write host:username for an account on GitLab or Codeberg (gitlab.com:login).`
      : "Type the candidate's GitHub username, or paste their profile address.";
  if (err.code === "missing_fields" && fields.includes("accounts"))
    return `The other accounts could not be read: ${err.message}. Write each as host:username, separated by commas (gitlab.com:login).`;
  if (err.code === "invalid_file" && err.status === 413)
    return "The PDF is too large. Export it again with smaller images.";
  if (err.code === "invalid_file") return "The file is not a PDF. Choose the resume's PDF file.";
  if (err.code === "quota_exceeded")
    return "No more verifications can be submitted for this client right now. Try again later, or ask your administrator.";
  return err.message;
}

/**
 * A username as people paste it: "@login", a profile address ("https://github.com/login", "github.com/login/",
 * "https://gitlab.com/login") read as "login" or "gitlab.com:login"; anything else as typed.
 */
export function usernameAsTyped(raw: string): string {
  const v = raw.trim();
  if (/^@[^\s@/:]+$/.test(v)) return v.slice(1);
  const url =
    /^(?:https?:\/\/)?(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?)\/([A-Za-z0-9_.-]+)\/?(?:[?#]\S*)?$/i.exec(v);
  if (!url) return v;
  const host = url[1]!.toLowerCase();
  return host === "github.com" ? url[2]! : `${host}:${url[2]!}`;
}
