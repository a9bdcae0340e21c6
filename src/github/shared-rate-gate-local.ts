/**
 * What one replica of the shared rate gate keeps on its own: the local mirror of each budget (read on
 * every GitHub request, refreshed from the database in the background) and the fallback to that local
 * state while the database fails (log once, skip database steps for `retryMs`, then try again).
 */
import { type Clock, errorMessage, type Logger } from "../lib/index.ts";
import type { RateGateState } from "./rate-gate.ts";
import type { SharedPart } from "./shared-rate-gate-store.ts";

export interface Mirror extends SharedPart {
  /** this replica's requests in flight */
  own: number;
  /** the other live replicas' requests in flight, as of `refreshedAt` */
  others: number;
  refreshedAt: number;
  /** `own` as last written to the database (0 before: no row) */
  written: number;
  /** a change of the shared part not yet written (far from the reserve it waits for the next refresh) */
  dirty: boolean;
  beatAt: number;
  /** the refresh in flight, and whether another must follow it (a change it may have missed) */
  refreshing: Promise<void> | null;
  again: boolean;
}

/** The mirror of a budget never read yet: nothing known, stale at once. */
export function emptyMirror(): Mirror {
  return {
    window: null,
    pausedUntil: 0,
    own: 0,
    others: 0,
    refreshedAt: -Infinity,
    written: 0,
    beatAt: -Infinity,
    dirty: false,
    refreshing: null,
    again: false,
  };
}

/** The gate's view of a mirror: this replica's and the others' requests in flight summed. */
export function mirrorState(m: Mirror): RateGateState {
  return { window: m.window, inFlight: m.own + m.others, pausedUntil: m.pausedUntil };
}

/** Runs database steps until one fails, then none for `retryMs`; logs the switch each way once. */
export class DatabaseFallback {
  private failedUntil = 0;
  private degraded = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly retryMs: number,
  ) {}

  /** Whether the database failed within `retryMs` before `now` (database steps are skipped). */
  down(now: number): boolean {
    return now < this.failedUntil;
  }

  /** Runs a database step unless the database failed within `retryMs`; whether it ran. */
  async attempt(step: () => Promise<unknown>): Promise<boolean> {
    const now = this.clock.now();
    if (now < this.failedUntil) return false;
    try {
      await step();
    } catch (err) {
      this.failedUntil = this.clock.now() + this.retryMs;
      if (!this.degraded)
        this.log.warn("GitHub rate-limit gate: the database failed; this replica gates on its own state", {
          error: errorMessage(err),
        });
      this.degraded = true;
      return false;
    }
    if (this.degraded) this.log.info("GitHub rate-limit gate: shared through the database again");
    this.degraded = false;
    return true;
  }
}
