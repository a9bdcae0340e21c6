import type { Clock } from "./clock.ts";
import { errorMessage } from "./errors.ts";
import type { Logger } from "./log.ts";

/** What one background loop does; the scaffold supplies the start, stop, idle and wake-up around it. */
export interface LoopWork {
  /**
   * One turn: look for due work and start it without awaiting it (hand each piece to `track`). A throw
   * is logged and the loop goes on at the next turn.
   */
  turn(): void | Promise<void>;
  /**
   * Claim one batch of due work and run it to the end; how many pieces ran (0: nothing is due). Used by
   * `runOnce`, for tests and tools that drive the loop by hand.
   */
  runBatch?(): Promise<number>;
  /** Milliseconds until the next known due work, or null when unknown; the idle wait is at most `pollMs`. */
  msUntilDue?(): number | null | Promise<number | null>;
  /** `stop` past its deadline: abort what still runs and release it so it runs again; returns how many. */
  abandon?(): number | Promise<number>;
}

export interface WorkLoopOptions {
  /** for log lines: "worker", "webhook dispatcher", "maintenance" */
  name: string;
  clock: Clock;
  logger: Logger;
  /** longest idle wait between turns, so work scheduled by another process is seen */
  pollMs: number;
  work: LoopWork;
}

/**
 * The scaffold of every background loop (job worker, webhook dispatcher, maintenance): `start` runs a
 * turn at once and then one after each idle wait; `wake` ends the wait early (a wake-up that arrives
 * during a turn is remembered, so none is lost); `stop(deadline)` stops turning, gives tracked work
 * until the deadline to finish, then has the rest abandoned; `runOnce` drains due work by hand.
 * Time is read from the injected clock; the idle wait itself is a real timer, cut short by `wake`.
 */
export class WorkLoop {
  /** clock time of the last turn; /readyz reports a loop stale when this stops moving */
  lastTickAt = 0;
  private running = false;
  private loopDone: Promise<void> | null = null;
  private endIdle: (() => void) | null = null;
  private woken = false;
  private readonly tracked = new Set<Promise<unknown>>();

  constructor(private readonly options: WorkLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** pieces of tracked work not finished yet */
  get trackedCount(): number {
    return this.tracked.size;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Something became due: take the next turn now instead of after the idle wait. */
  wake(): void {
    this.woken = true;
    this.endIdle?.();
  }

  /** Work that runs on after the turn that started it; `stop` waits for it, its end wakes the loop. */
  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => {},
      (err) => this.options.logger.error(`${this.options.name} work failed`, { error: errorMessage(err) }),
    );
    this.tracked.add(settled);
    void settled.finally(() => {
      this.tracked.delete(settled);
      this.wake();
    });
  }

  /**
   * Stop turning; tracked work gets until `deadlineMs` to finish, then the rest is abandoned (aborted and
   * released by the owner) and awaited. `finished` counts work that ended within the deadline.
   */
  async stop(deadlineMs: number): Promise<{ finished: number; released: number }> {
    const before = this.tracked.size;
    this.running = false;
    this.wake();
    await this.loopDone;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(this.tracked),
      new Promise((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    const left = this.tracked.size;
    let released = 0;
    try {
      released = (await this.options.work.abandon?.()) ?? 0;
    } catch (err) {
      // the database is away: what was not released is due again when its lease lapses
      this.options.logger.error(`${this.options.name} could not release its work`, { error: errorMessage(err) });
    }
    await Promise.allSettled(this.tracked);
    return { finished: before - left, released };
  }

  /** Run batches of due work until none is due at the clock's now; how many pieces ran. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = (await this.options.work.runBatch?.()) ?? 0;
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.lastTickAt = this.options.clock.now();
      try {
        await this.options.work.turn();
      } catch (err) {
        this.options.logger.error(`${this.options.name} loop error`, { error: errorMessage(err) });
      }
      await this.idle();
    }
  }

  private async idle(): Promise<void> {
    if (this.woken || !this.running) {
      this.woken = false;
      return;
    }
    let wait = this.options.pollMs;
    try {
      const due = (await this.options.work.msUntilDue?.()) ?? null;
      if (due !== null) wait = Math.max(0, Math.min(wait, due));
    } catch (err) {
      this.options.logger.error(`${this.options.name} due check failed`, { error: errorMessage(err) });
    }
    if (this.woken || !this.running) {
      this.woken = false;
      return;
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.endIdle = null;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.endIdle = done;
    });
  }
}
