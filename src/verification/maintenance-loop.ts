import type { Clock } from "../lib/clock.ts";
import { errorMessage } from "../lib/errors.ts";
import type { Logger } from "../lib/log.ts";
import type { VerificationService } from "./verification-service.ts";

/** Hourly retention work: expire idempotency keys and delete PDFs of finished jobs past retention. */
export class MaintenanceLoop {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly o: { verifications: VerificationService; clock: Clock; logger: Logger; resumeRetentionMs: number; everyMs?: number },
  ) {}

  runOnce(): { idempotency: number; resumes: number } {
    const r = this.o.verifications.purge(this.o.clock.now(), this.o.resumeRetentionMs);
    if (r.idempotency || r.resumes) this.o.logger.info("retention purge", r);
    return r;
  }

  start(): void {
    const tick = () => {
      try {
        this.runOnce();
      } catch (err) {
        this.o.logger.error("retention purge failed", { error: errorMessage(err) });
      }
    };
    tick();
    this.timer = setInterval(tick, this.o.everyMs ?? 3_600_000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
