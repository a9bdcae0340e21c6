import type { Principal } from "../accounts/index.ts";
import { ApiErrors, AppError, GITHUB_LOGIN } from "../lib/index.ts";
import type { Acknowledgement, VerificationService } from "../verification/index.ts";
import { type HostAccountRef, parseAccounts } from "../verification/index.ts";
import { type ConnectionTimer, connectionIdleSeconds, withServiceTimers } from "./connection-timing.ts";
import { MULTIPART_OVERHEAD_BYTES, readVerifyUpload, type UploadLimits, type VerifyUpload } from "./upload.ts";

export interface AcceptUploadDeps {
  verifications: Pick<VerificationService, "admit" | "stageUpload" | "submitUpload">;
  maxResumeBytes: number;
  /** the global body budget, the body timeout and the upload deadline */
  uploads: Pick<UploadLimits, "budget" | "idleTimeoutMs" | "timers" | "deadlineMs">;
  /** the hosts an `accounts` value may name (config.forgeHosts); gitlab.com and codeberg.org when absent */
  forgeHosts?: readonly { host: string }[];
}

/** The hosts read without configuration, for callers that pass none. */
const DEFAULT_FORGE_HOSTS = [{ host: "gitlab.com" }, { host: "codeberg.org" }];

/** Who submits: known before the body (an API key), or read from the form's fields before its file (the dashboard). */
export type Submitter =
  | { principal: Principal; idempotencyKey: string | null }
  | {
      /** the form's text fields to read before the file */
      fields: readonly string[];
      /** the submitter from those fields; a throw (a stale form, an unknown client) refuses the upload */
      resolve(fields: Map<string, string>): Promise<{ principal: Principal; idempotencyKey: string | null }>;
      /** told what was typed for the candidate once the body is read, so a refused form can show it again */
      typed?(t: { hostUsername: string; accounts: string }): void;
      /** reads a person's way of writing the username (a profile address, @login) as a username */
      username?(raw: string): string;
    };

/**
 * The acceptance of a multipart resume upload, as POST /v1/verify does it and the dashboard's upload
 * form reuses it: quota and rate limit reserved before the file is read (admission), the resume streamed
 * to a staged file, the parts checked (missing or repeated fields, a GitHub login, at most the size
 * limit, %PDF- bytes), then the durable, idempotent acceptance. The staged file is discarded and the
 * reservation released whatever happens. With the request's `server`, the body is read with the
 * connection's idle timeout off, under the service's own timers (http/connection-timing.ts).
 */
/** hostUsername written host:username, read as an account (its errors name hostUsername, not accounts). */
function hostUsernameAccount(value: string, hosts: readonly { host: string }[]): HostAccountRef[] {
  try {
    return parseAccounts([value], hosts);
  } catch (err) {
    if (err instanceof AppError && err.code === "missing_fields")
      throw ApiErrors.missingFields(["hostUsername"], err.message.replace(/\bin accounts\b/g, "in hostUsername"));
    throw err;
  }
}

export async function acceptUpload(
  deps: AcceptUploadDeps,
  request: Request,
  who: Submitter,
  server?: ConnectionTimer,
): Promise<{ ack: Acknowledgement; fields: Map<string, string> }> {
  const { verifications, maxResumeBytes } = deps;
  let submitter = "principal" in who ? who : null;
  let release = submitter ? await verifications.admit(submitter.principal, submitter.idempotencyKey) : () => {};
  let form: VerifyUpload | null = null;
  try {
    form = await withServiceTimers(server, request, connectionIdleSeconds(deps.uploads.idleTimeoutMs), () =>
      readVerifyUpload(
        request,
        { ...deps.uploads, maxBodyBytes: maxResumeBytes + MULTIPART_OVERHEAD_BYTES, maxResumeBytes },
        () => verifications.stageUpload(),
        "resolve" in who
          ? {
              names: who.fields,
              beforeFile: async (fields) => {
                submitter = await who.resolve(fields);
                release = await verifications.admit(submitter.principal, submitter.idempotencyKey);
              },
            }
          : { names: [] },
      ),
    );
    if ("resolve" in who) who.typed?.({ hostUsername: form.hostUsername ?? "", accounts: form.accounts.join(", ") });
    // a form without a file still has its fields checked first (a stale or forged form is refused as such)
    if (!submitter && "resolve" in who) submitter = await who.resolve(form.fields);
    if (form.duplicated.length)
      throw ApiErrors.missingFields(
        form.duplicated,
        `send each of ${form.duplicated.join(", ")} once; the request repeats it`,
      );
    const hosts = deps.forgeHosts ?? DEFAULT_FORGE_HOSTS;
    const accounts: HostAccountRef[] = parseAccounts(form.accounts, hosts);
    const missing = [...(form.resume ? [] : ["resume"]), ...(form.hostUsername?.trim() ? [] : ["hostUsername"])];
    if (missing.length) throw ApiErrors.missingFields(missing);
    const typedName = form.hostUsername!.trim();
    const hostUsername = "resolve" in who && who.username ? who.username(typedName) : typedName;
    // a GitHub login, or host:username for a candidate whose main account is on another host
    if (hostUsername.includes(":")) {
      const [main] = hostUsernameAccount(hostUsername, hosts);
      if (accounts.some((a) => a.host === main!.host))
        throw ApiErrors.missingFields(
          ["accounts"],
          `hostUsername names an account on ${main!.host} already; give one account per host`,
        );
    } else if (!GITHUB_LOGIN.test(hostUsername))
      throw ApiErrors.missingFields(
        ["hostUsername"],
        "hostUsername must be a GitHub login (1-39 letters, digits or single inner hyphens), or host:username for an account on another host the service reads (e.g. gitlab.com:alice)",
      );
    const resume = form.resume!;
    if (resume.tooLarge) throw ApiErrors.invalidFileTooLarge();
    if (!resume.isPdf || !resume.staged) throw ApiErrors.invalidFileNotPdf();
    const s = submitter!; // set before the resume part was read
    const ack = await verifications.submitUpload({
      principal: s.principal,
      hostUsername,
      accounts,
      staged: resume.staged,
      sha256: resume.sha256,
      size: resume.size,
      filename: resume.filename,
      idempotencyKey: s.idempotencyKey,
    });
    resume.staged = null; // adopted: the job's PDF now
    return { ack, fields: form.fields };
  } finally {
    await form?.discard();
    release();
  }
}
