import type { Principal } from "../accounts/index.ts";
import { decideLimits, RATE_WINDOW_MS } from "../accounts/index.ts";
import type { Acknowledgement as PublishedAcknowledgement } from "../contract/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { ApiErrors, isoOf } from "../lib/index.ts";
import type { Transaction } from "../storage/index.ts";
import type { HostAccountRef } from "./accounts-field.ts";
import type { VerificationStore } from "./verification-store.ts";

export const VERIFICATION_JOB = "verification";
/** Attempts before a verification that keeps failing transiently (GitHub down) ends FAILED. */
export const VERIFICATION_MAX_ATTEMPTS = 5;

export interface Submission {
  principal: Principal;
  /** the GitHub login; "" when only accounts on other hosts are given */
  hostUsername: string;
  /** the candidate's accounts on other hosts (parseAccounts), one per host */
  accounts?: readonly HostAccountRef[];
  pdf: Uint8Array;
  filename: string | null;
  idempotencyKey: string | null;
}

/** The contract's acknowledgement, and whether an earlier request with the same Idempotency-Key created the job. */
export type Acknowledgement = PublishedAcknowledgement & { replayed: boolean };

/**
 * The acceptance transaction (run inside one, by group commit, on its handle `tx`): idempotency, limits,
 * then the job, the row and the usage count. `extra`: writes of the caller's that commit with them (the
 * PDF, when the database holds it). The writes that need no answer are sent together (one round trip on
 * PostgreSQL).
 */
export async function recordAcceptance(
  tx: Transaction,
  verifications: VerificationStore,
  queue: JobQueue,
  now: number,
  s: Omit<Submission, "pdf">,
  file: { trackingId: string; pdfHash: string; requestHash: string; size: number },
  extra: (tx: Transaction) => Promise<unknown> = async () => {},
): Promise<Acknowledgement> {
  const store = verifications.on(tx);
  const { trackingId, pdfHash, requestHash, size } = file;
  const client = s.principal.client;
  if (s.idempotencyKey) {
    const prior = await store.idempotencyRecord(client.id, s.idempotencyKey);
    if (prior) {
      if (prior.requestHash !== requestHash) throw ApiErrors.idempotencyMismatch();
      const v = (await store.get(prior.trackingId))!;
      return { trackingId: v.trackingId, status: "queued", createdAt: isoOf(v.createdAt), replayed: true };
    }
  }
  const month = isoOf(now).slice(0, 7);
  const [usedThisMonth, recentByKey] = await Promise.all([
    client.monthlyQuota > 0 ? store.usage(client.id, month) : 0,
    client.rateLimitPerMinute > 0 ? store.recentByKey(s.principal.keyId, now - RATE_WINDOW_MS) : [],
  ]);
  const decision = decideLimits({
    now,
    monthlyQuota: client.monthlyQuota,
    usedThisMonth,
    ratePerMinute: client.rateLimitPerMinute,
    recentByKey,
  });
  if (!decision.ok) throw ApiErrors.quotaExceeded(decision.retryAfterSeconds, decision.message);
  const jobId = await queue.enqueue(
    VERIFICATION_JOB,
    { trackingId },
    { maxAttempts: VERIFICATION_MAX_ATTEMPTS, fairKey: client.id },
    tx,
  );
  await Promise.all([
    store.insert({
      trackingId,
      clientId: client.id,
      apiKeyId: s.principal.keyId,
      jobId,
      hostUsername: s.hostUsername,
      accounts: s.accounts ?? [],
      resumeSha256: pdfHash,
      resumeSize: size,
      resumeFilename: s.filename,
      createdAt: now,
    }),
    store.countUsage(client.id, month),
    s.idempotencyKey ? store.insertIdempotency(client.id, s.idempotencyKey, requestHash, trackingId, now) : null,
    extra(tx),
  ]);
  return { trackingId, status: "queued", createdAt: isoOf(now), replayed: false };
}
