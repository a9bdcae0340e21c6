import type { Clock, Logger } from "../lib/index.ts";
import { errorMessage, WorkLoop } from "../lib/index.ts";

/** One retention chore: deletes what is past its keep-time as of `now`, returns counts for the log. */
export interface MaintenanceTask {
  name: string;
  run(now: number): Promise<Record<string, number>>;
}

export interface MaintenanceOptions {
  tasks: MaintenanceTask[];
  clock: Clock;
  logger: Logger;
  /** time between rounds (default 1 h) */
  everyMs?: number;
}

/**
 * Hourly retention work (expired idempotency keys, PDFs of finished jobs, stale GitHub cache entries):
 * a round at start, then one every `everyMs`; each task runs on its own, so one failing does not stop
 * the others.
 */
export class MaintenanceLoop {
  private readonly tasks: MaintenanceTask[];
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly loop: WorkLoop;

  constructor(options: MaintenanceOptions) {
    this.tasks = options.tasks;
    this.clock = options.clock;
    this.logger = options.logger;
    this.loop = new WorkLoop({
      name: "maintenance",
      clock: options.clock,
      logger: options.logger,
      pollMs: options.everyMs ?? 3_600_000,
      work: {
        turn: async () => {
          await this.runOnce();
        },
      },
    });
  }

  /** One round of every task now; what each deleted, by task. */
  async runOnce(): Promise<Record<string, Record<string, number>>> {
    const now = this.clock.now();
    const out: Record<string, Record<string, number>> = {};
    for (const task of this.tasks) {
      try {
        const counts = await task.run(now);
        out[task.name] = counts;
        if (Object.values(counts).some((n) => n > 0))
          this.logger.info("retention purge", { task: task.name, ...counts });
      } catch (err) {
        this.logger.error("retention purge failed", { task: task.name, error: errorMessage(err) });
      }
    }
    return out;
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop(0);
  }
}
