import type { AppError } from "../../lib/index.ts";

export { failureWords } from "../../report/index.ts";

/**
 * The words the dashboard says to a recruiter: why a verification did not run and what to do next, why
 * the upload form was refused, and how a pasted profile address reads as a username. Plain words, no
 * field names or codes (those are for programs: the API keeps them).
 */

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
