import type { Clock } from "../lib/clock.ts";
import { errorMessage } from "../lib/errors.ts";
import type { Logger } from "../lib/log.ts";

/** One retention chore: deletes what is past its keep-time as of `now`, returns counts for the log. */
export interface MaintenanceTask {
  name: string;
  run(now: number): Record<string, number>;
}

/**
 * Hourly retention work (expired idempotency keys, PDFs of finished jobs, stale GitHub cache entries):
 * each task runs on its own, so one failing does not stop the others.
 */
export class MaintenanceLoop {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly o: { tasks: MaintenanceTask[]; clock: Clock; logger: Logger; everyMs?: number }) {}

  runOnce(): Record<string, Record<string, number>> {
    const now = this.o.clock.now();
    const out: Record<string, Record<string, number>> = {};
    for (const task of this.o.tasks) {
      try {
        out[task.name] = task.run(now);
        if (Object.values(out[task.name]!).some((n) => n > 0))
          this.o.logger.info("retention purge", { task: task.name, ...out[task.name] });
      } catch (err) {
        this.o.logger.error("retention purge failed", { task: task.name, error: errorMessage(err) });
      }
    }
    return out;
  }

  start(): void {
    this.runOnce();
    this.timer = setInterval(() => this.runOnce(), this.o.everyMs ?? 3_600_000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
