import type { FailureCode } from "../lib/index.ts";

/**
 * Why a verification did not run and what to do next, for the person reading the report or the jobs
 * list: plain words, no field names or codes (the API's `error` keeps those for programs).
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
