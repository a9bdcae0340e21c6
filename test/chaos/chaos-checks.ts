/**
 * The invariants every chaos phase ends with, as named checks (a failed check is a bug in the service,
 * not in the test): acknowledged work reaches one final state, once; every result is delivered with a
 * valid signature; nothing else was created; the database is intact.
 */
import { integrityCheck, type Ledger, readLedger, runningAttempts } from "./audit.ts";
import type { ChaosWorld } from "./chaos-world.ts";
import type { SubmissionStream } from "./submission-stream.ts";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface PhaseReport {
  phase: string;
  seconds: number;
  figures: Record<string, string | number>;
  checks: Check[];
  /** set when the phase could not run here (e.g. no permission to mount) */
  skipped?: string;
}

export const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

const sample = (xs: string[]) =>
  xs.length === 0 ? "none" : `${xs.length}: ${xs.slice(0, 5).join(", ")}${xs.length > 5 ? " ..." : ""}`;

/** What the checks read of a world: one service's (ChaosWorld) or several replicas' (ReplicaWorld). */
export type CheckedWorld = Pick<ChaosWorld, "dataDir" | "receiver" | "orphans"> & { databaseUrl?: string | null };

/** A settle gives up at this many times its stall time even while work still ends (a runaway guard). */
const SETTLE_CAP = 10;

/**
 * Wait until every acknowledged job is final in the database and its webhook was delivered (2xx, valid
 * signature). Gives up once no job has ended for `stallMs`: work that hangs stops the count, while a
 * machine that is merely slow (shared, loaded) keeps it moving, so slowness is never taken for a hang.
 */
export async function settle(
  world: CheckedWorld,
  trackingIds: string[],
  stallMs: number,
  opts: { delivered?: boolean; undeliverable?: (trackingId: string) => boolean } = {},
): Promise<Ledger> {
  const cap = Date.now() + SETTLE_CAP * stallMs;
  let done = -1;
  let movedAt = Date.now();
  for (;;) {
    const ledger = readLedger(world.dataDir, world.databaseUrl ?? null);
    const delivered = world.receiver.delivered();
    const ended = trackingIds.filter((id) => {
      const v = ledger.verifications.get(id);
      return (
        v &&
        (v.status === "COMPLETED" || v.status === "FAILED") &&
        (opts.delivered === false ||
          delivered.has(id) ||
          (opts.undeliverable?.(id) && ledger.deliveries.get(id)?.state === "failed"))
      );
    }).length;
    if (ended > done) {
      done = ended;
      movedAt = Date.now();
    }
    if (ended === trackingIds.length || Date.now() - movedAt > stallMs || Date.now() > cap) return ledger;
    await Bun.sleep(100);
  }
}

/**
 * Samples the running attempts every `everyMs` until stopped: the longest one seen running (a hung job
 * shows up here, a merely slow queue does not), and its candidate.
 */
export function watchAttempts(world: CheckedWorld, everyMs = 1_000): { stop(): { longestMs: number; login: string } } {
  const seen = new Map<string, { first: number; last: number; login: string }>();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const a of runningAttempts(world.dataDir, world.databaseUrl ?? null)) {
      const key = `${a.id}:${a.token}`;
      const e = seen.get(key);
      if (e) e.last = now;
      else seen.set(key, { first: now, last: now, login: a.login });
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      let longest = { longestMs: 0, login: "-" };
      for (const e of seen.values())
        if (e.last - e.first > longest.longestMs) longest = { longestMs: e.last - e.first, login: e.login };
      return longest;
    },
  };
}

/**
 * The end-of-phase checks. `expectStatus` is the final status every job must have (the sample
 * candidates all complete); `scores` maps each login to the score a calm run gives it, when known.
 */
export function finalChecks(
  world: CheckedWorld,
  stream: SubmissionStream,
  ledger: Ledger,
  o: {
    expectStatus?: "COMPLETED";
    scores?: Map<string, number | null>;
    delivered?: boolean;
    undeliverable?: (trackingId: string) => boolean;
  } = {},
): Check[] {
  const acks = [...stream.acks.values()];
  const ids = new Set(acks.map((a) => a.trackingId));
  const checks: Check[] = [];
  checks.push(
    check(
      "every submission acknowledged (202)",
      stream.acks.size === stream.submitted,
      `${stream.acks.size} of ${stream.submitted}`,
    ),
  );
  checks.push(
    check(
      "no answer other than 202 or a dropped connection",
      stream.unexpected.size === 0 && stream.timeouts === 0,
      stream.unexpected.size === 0 && stream.timeouts === 0
        ? "none"
        : `${[...stream.unexpected].map(([s, u]) => `${s} x${u.count} (${u.sample})`).join("; ")}${stream.timeouts ? `; ${stream.timeouts} hung requests` : ""}`,
    ),
  );
  checks.push(
    check("an idempotency key never maps to two jobs", stream.conflicts.length === 0, sample(stream.conflicts)),
  );
  const extra = [...ledger.verifications.keys()].filter((id) => !ids.has(id));
  checks.push(check("no job exists that was never acknowledged", extra.length === 0, sample(extra)));
  const notFinal = [...ids].filter((id) => !ledger.finals.has(id));
  checks.push(
    check(
      "every acknowledged job reached a final state",
      notFinal.length === 0,
      notFinal.length
        ? sample(notFinal.map((id) => `${id} (${ledger.verifications.get(id)?.status ?? "missing"})`))
        : `${ids.size} jobs`,
    ),
  );
  const twice = [...ledger.finals].filter(([, n]) => n > 1).map(([id, n]) => `${id} x${n}`);
  checks.push(check("no job reached a final state twice", twice.length === 0, sample(twice)));
  if (o.expectStatus) {
    const other = [...ids].filter((id) => ledger.verifications.get(id)?.status !== o.expectStatus);
    checks.push(
      check(
        `every job ended ${o.expectStatus}`,
        other.length === 0,
        sample(
          other.map(
            (id) => `${id}: ${ledger.verifications.get(id)?.status} ${ledger.verifications.get(id)?.errorCode ?? ""}`,
          ),
        ),
      ),
    );
  }
  // the candidate as submitted (a GitHub login, or the label of one whose accounts are on other hosts)
  const candidateOf = new Map(acks.map((a) => [a.trackingId, a.login]));
  const byLogin = new Map<string, Set<number | null>>();
  for (const id of ids) {
    const v = ledger.verifications.get(id);
    if (v?.status !== "COMPLETED") continue;
    const who = candidateOf.get(id) ?? v.hostUsername;
    byLogin.set(who, (byLogin.get(who) ?? new Set()).add(v.score));
  }
  const inconsistent = [...byLogin]
    .filter(([login, s]) => s.size > 1 || (o.scores?.has(login) && !s.has(o.scores.get(login)!)))
    .map(([l, s]) => `${l}: ${[...s].join("/")} (calm: ${o.scores?.get(l) ?? "?"})`);
  checks.push(
    check(
      "the same candidate always gets the same score",
      inconsistent.length === 0,
      inconsistent.length ? sample(inconsistent) : [...byLogin].map(([l, s]) => `${l} ${[...s][0]}`).join(", "),
    ),
  );
  if (o.delivered !== false) {
    const delivered = world.receiver.delivered();
    const undelivered = [...ids].filter((id) => !delivered.has(id) && !o.undeliverable?.(id));
    checks.push(
      check(
        "every job's webhook delivered at least once with a valid signature",
        undelivered.length === 0,
        undelivered.length ? sample(undelivered) : `${delivered.size} delivered`,
      ),
    );
    const events = [...ids]
      .filter((id) => ledger.deliveries.get(id)?.count !== 1)
      .map((id) => `${id} x${ledger.deliveries.get(id)?.count ?? 0}`);
    checks.push(check("one webhook event per job", events.length === 0, sample(events)));
  }
  const bad = world.receiver.requests.filter((r) => !r.signatureOk).length;
  checks.push(check("no request with an invalid signature", bad === 0, `${bad} of ${world.receiver.requests.length}`));
  checks.push(
    check(
      "no extractor process outlived a killed service",
      world.orphans.length === 0,
      sample(world.orphans.map(String)),
    ),
  );
  const integrity = integrityCheck(world.dataDir, world.databaseUrl ?? null);
  checks.push(check("PRAGMA integrity_check", integrity === "ok", integrity));
  return checks;
}

/** Prints a phase as a table of figures and checks; returns true when every check passed. */
export function printPhase(r: PhaseReport, log: (s: string) => void = console.log): boolean {
  log(`\n== chaos: ${r.phase} (${r.seconds.toFixed(1)} s)`);
  if (r.skipped) {
    log(`   SKIPPED: ${r.skipped}`);
    return true;
  }
  for (const [k, v] of Object.entries(r.figures)) log(`   ${k}: ${v}`);
  for (const c of r.checks) log(`   ${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
  return r.checks.every((c) => c.ok);
}
