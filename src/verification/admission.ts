import type { Principal } from "../accounts/account-service.ts";
import { decideLimits, RATE_WINDOW_MS } from "../accounts/limits.ts";
import { type Clock, isoOf } from "../lib/clock.ts";
import { ApiErrors } from "../lib/errors.ts";
import type { VerificationStore } from "./verification-store.ts";

/**
 * Quota and rate limit decided before a request's body is read, so a refused upload never touches the
 * disk. Each admitted request holds a reservation until its acceptance is committed (or it fails):
 * the check and the reservation happen in one synchronous step, so concurrent uploads of one key
 * cannot all pass a count read before any of them was recorded. The acceptance transaction checks
 * the limits again against the database, which stays the authority.
 */
export class Admission {
  private readonly byClient = new Map<string, number>();
  private readonly byKey = new Map<string, number>();

  constructor(
    private readonly store: VerificationStore,
    private readonly clock: Clock,
  ) {}

  /** Reserve room for one submission or throw quota_exceeded; the returned release is idempotent. */
  admit(principal: Principal, idempotencyKey: string | null): () => void {
    const client = principal.client;
    // a retry of an accepted request answers its original job, whatever the limits say now
    if (idempotencyKey && this.store.idempotencyRecord(client.id, idempotencyKey)) return () => {};
    const now = this.clock.now();
    const pendingClient = this.byClient.get(client.id) ?? 0;
    const pendingKey = this.byKey.get(principal.keyId) ?? 0;
    const decision = decideLimits({
      now,
      monthlyQuota: client.monthly_quota,
      usedThisMonth: client.monthly_quota > 0 ? this.store.usage(client.id, isoOf(now).slice(0, 7)) + pendingClient : 0,
      ratePerMinute: client.rate_limit_per_minute,
      recentByKey:
        client.rate_limit_per_minute > 0
          ? [
              ...this.store.recentByKey(principal.keyId, now - RATE_WINDOW_MS),
              ...new Array<number>(pendingKey).fill(now),
            ]
          : [],
    });
    if (!decision.ok) throw ApiErrors.quotaExceeded(decision.retryAfterSeconds, decision.message);
    this.byClient.set(client.id, pendingClient + 1);
    this.byKey.set(principal.keyId, pendingKey + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      decrement(this.byClient, client.id);
      decrement(this.byKey, principal.keyId);
    };
  }
}

function decrement(m: Map<string, number>, k: string): void {
  const n = (m.get(k) ?? 1) - 1;
  if (n <= 0) m.delete(k);
  else m.set(k, n);
}
