import type { GitHubAnswer } from "../github/index.ts";
import { PermanentJobError } from "../jobs/index.ts";
import { type Clock, isoOf } from "../lib/index.ts";

/**
 * How long a verification keeps trying while GitHub does not answer (no connection, no answer in time,
 * 5xx) before it fails with github_unavailable. Counted from the first failed request after the last
 * answer, so a GitHub that answers now and then is waited for, one that is gone is given up on.
 */
export const GITHUB_GIVE_UP_MS = 2 * 60_000;

/** What a verification waits for beside its stage, shown to a client polling it. */
export interface StageDetail {
  /** for a person: what the job waits for and until when */
  message: string;
  /** epoch ms at which the job fails if nothing changes (null: no such time) */
  giveUpAt: number | null;
}

/**
 * Watches one attempt's GitHub requests: after the first request GitHub did not answer it reports a
 * StageDetail (what is wrong, since when, until when the job keeps trying), clears it at the next answer,
 * and aborts `signal` with github_unavailable once GitHub has not answered for GITHUB_GIVE_UP_MS. (An
 * attempt that reaches its deadline first ends there and is retried, with a watch of its own.)
 */
export class GitHubWatch {
  private readonly ctrl = new AbortController();
  private since: number | null = null;
  private problem = "";
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly o: {
      clock: Clock;
      giveUpMs?: number;
      onDetail: (detail: StageDetail | null) => void;
    },
  ) {}

  /** aborted (with a PermanentJobError github_unavailable) once the job gives up on GitHub */
  get signal(): AbortSignal {
    return this.ctrl.signal;
  }

  /** GitHub is not answering right now (a request failed since the last answer) */
  get troubled(): boolean {
    return this.since !== null;
  }

  report = (answer: GitHubAnswer): void => {
    if (this.ctrl.signal.aborted) return;
    if (answer.ok) {
      if (this.since === null) return;
      this.since = null;
      clearTimeout(this.timer);
      this.o.onDetail(null);
      return;
    }
    const now = this.o.clock.now();
    if (this.since === null) {
      this.since = now;
      const giveUpAt = this.giveUpAt();
      this.timer = setTimeout(() => this.giveUp(), Math.max(0, giveUpAt - now));
    } else if (answer.problem === this.problem) return;
    this.problem = answer.problem;
    const giveUpAt = this.giveUpAt();
    this.o.onDetail({
      message: `GitHub cannot be reached since ${isoOf(this.since)} (${this.problem}); retrying until ${isoOf(giveUpAt)}, then the verification fails with github_unavailable`,
      giveUpAt,
    });
  };

  close(): void {
    clearTimeout(this.timer);
  }

  private giveUpAt(): number {
    return (this.since ?? this.o.clock.now()) + (this.o.giveUpMs ?? GITHUB_GIVE_UP_MS);
  }

  private giveUp(): void {
    if (this.since === null) return;
    const waited = Math.round((this.o.clock.now() - this.since) / 1000);
    this.ctrl.abort(
      new PermanentJobError(
        "github_unavailable",
        `GitHub could not be reached for ${waited} s (${this.problem}); check the server's network access to GITHUB_API_URL, then submit the resume again`,
      ),
    );
  }
}
