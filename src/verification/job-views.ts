import type { FailureCode } from "../lib/index.ts";
import { isoOf, sha256Hex } from "../lib/index.ts";
import type { Submission } from "./acceptance.ts";
import { accountText } from "./accounts-field.ts";
import type { StageDetail } from "./github-watch.ts";
import type { AnalysisPart, PendingJobView, Stage, VerificationResult } from "./result.ts";
import type { Verification } from "./verifications.ts";

/** The `accounts` member of a job's views: the accounts on other hosts given at creation, when any. */
function accountsMember(v: Pick<Verification, "accounts">): { accounts?: string[] } {
  const list = v.accounts;
  return list.length ? { accounts: list.map(accountText) } : {};
}

/**
 * What a submission asks, as the idempotency check compares it: the username, the PDF's hash and the
 * accounts on other hosts (a request without them hashes as it always did).
 */
export function requestHashOf(s: Pick<Submission, "hostUsername" | "accounts">, pdfHash: string): string {
  const accounts = (s.accounts ?? []).map((a) => accountText(a).toLowerCase()).sort();
  return sha256Hex(`${s.hostUsername.toLowerCase()}\n${pdfHash}${accounts.length ? `\n${accounts.join(",")}` : ""}`);
}

/** A job not yet finished as its client polls it: queued, or processing with its stage and what it waits for. */
export function pendingView(
  v: Verification,
  stage: Stage | null | undefined,
  detail: StageDetail | null,
): PendingJobView {
  return {
    trackingId: v.trackingId,
    hostUsername: v.hostUsername,
    ...accountsMember(v),
    status: v.jobState === "running" ? "processing" : "queued",
    createdAt: isoOf(v.createdAt),
    ...(v.jobState === "running" && stage ? { stage } : {}),
    ...(v.jobState === "running" && stage && detail
      ? { stageDetail: detail.message, ...(detail.giveUpAt !== null ? { giveUpAt: isoOf(detail.giveUpAt) } : {}) }
      : {}),
  };
}

/** A job's final result as it is stored, before the extensions add their members. */
export function finalResult(
  v: Verification,
  status: "COMPLETED" | "FAILED",
  part: Omit<AnalysisPart, "commitTimelines">,
  error: { code: FailureCode; message: string } | null,
  now: number,
): VerificationResult {
  return {
    trackingId: v.trackingId,
    hostUsername: v.hostUsername,
    ...accountsMember(v),
    status,
    ...part,
    ...(error ? { error } : {}),
    createdAt: isoOf(v.createdAt),
    completedAt: isoOf(now),
  };
}
