import type { Principal } from "../accounts/index.ts";
import { decideLimits, RATE_WINDOW_MS } from "../accounts/index.ts";
import { ApiErrors, type Clock, isoOf } from "../lib/index.ts";
import type { VerificationStore } from "./verification-store.ts";

/**
 * Quota and rate limit decided before a request's body is read, so a refused upload never touches the
 * disk. Each admitted request holds a reservation until its acceptance is committed (or it fails). The
 * admissions of one client take turns (read the counts, decide, reserve), so concurrent uploads of one
 * key cannot all pass a count read before any of them was reserved, however long the read takes. This
 * is a pre-check of one process: the acceptance transaction checks the limits again against the
 * database under the client's lock, and stays the authority across replicas.
 */
export class Admission {
  private readonly byClient = new Map<string, number>();
  private readonly byKey = new Map<string, number>();
  /** the last admission of each client in line: the next one starts when it has decided */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(
    private readonly store: VerificationStore,
    private readonly clock: Clock,
  ) {}

  /** Reserve room for one submission or throw quota_exceeded; the returned release is idempotent. */
  async admit(principal: Principal, idempotencyKey: string | null): Promise<() => void> {
    const client = principal.client;
    // a retry of an accepted request answers its original job, whatever the limits say now
    if (idempotencyKey && (await this.store.idempotencyRecord(client.id, idempotencyKey))) return () => {};
    if (client.monthlyQuota <= 0 && client.rateLimitPerMinute <= 0) return this.reserve(principal);
    return this.inTurn(client.id, () => this.decide(principal));
  }

  private async decide(principal: Principal): Promise<() => void> {
    const client = principal.client;
    const now = this.clock.now();
    const [used, recent] = await Promise.all([
      client.monthlyQuota > 0 ? this.store.usage(client.id, isoOf(now).slice(0, 7)) : 0,
      client.rateLimitPerMinute > 0 ? this.store.recentByKey(principal.keyId, now - RATE_WINDOW_MS) : [],
    ]);
    const pendingClient = this.byClient.get(client.id) ?? 0;
    const pendingKey = this.byKey.get(principal.keyId) ?? 0;
    const decision = decideLimits({
      now,
      monthlyQuota: client.monthlyQuota,
      usedThisMonth: client.monthlyQuota > 0 ? used + pendingClient : 0,
      ratePerMinute: client.rateLimitPerMinute,
      recentByKey: client.rateLimitPerMinute > 0 ? [...recent, ...new Array<number>(pendingKey).fill(now)] : [],
    });
    if (!decision.ok) throw ApiErrors.quotaExceeded(decision.retryAfterSeconds, decision.message);
    return this.reserve(principal);
  }

  /** Run `fn` after the client's admissions before it have decided. */
  private inTurn<T>(clientId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.turns.get(clientId) ?? Promise.resolve();
    const mine = before.then(fn);
    const done = mine.then(
      () => {},
      () => {},
    );
    this.turns.set(clientId, done);
    void done.then(() => {
      if (this.turns.get(clientId) === done) this.turns.delete(clientId);
    });
    return mine;
  }

  private reserve(principal: Principal): () => void {
    const client = principal.client;
    const pendingClient = this.byClient.get(client.id) ?? 0;
    const pendingKey = this.byKey.get(principal.keyId) ?? 0;
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
