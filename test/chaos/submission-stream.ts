/**
 * A steady stream of POST /v1/verify, the way a careful client sends them: every submission carries an
 * Idempotency-Key and is retried with the same key until it is acknowledged (202), so a request whose
 * answer was lost in a crash is neither lost nor duplicated. Records every acknowledgement and every
 * answer that was neither a 202 nor a dropped connection.
 */
import type { Candidate } from "./chaos-world.ts";

export interface Ack {
  idempotencyKey: string;
  trackingId: string;
  login: string;
  /** requests sent for this key (1 = acknowledged at the first try) */
  tries: number;
  /** the 202 was a replay of an earlier request that committed but whose answer was lost */
  replayed: boolean;
  at: number;
}

export interface StreamOptions {
  /** the current service URL; resolves when one is up */
  whenUp: () => Promise<string>;
  key: string;
  candidates: Candidate[];
  /** a new submission every `everyMs` */
  everyMs: number;
  /** a request with no answer after this long counts as a hang (and is retried) */
  requestTimeoutMs?: number;
  /** prefix of the idempotency keys (distinct per run) */
  prefix?: string;
}

export class SubmissionStream {
  readonly acks = new Map<string, Ack>();
  /** answers that were neither 202 nor a dropped connection: status -> count, with a sample body */
  readonly unexpected = new Map<number, { count: number; sample: string }>();
  connectionErrors = 0;
  timeouts = 0;
  /** an idempotency key answered with two different trackingIds */
  readonly conflicts: string[] = [];
  private next = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly pending = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly o: StreamOptions) {}

  /** A stream of a chaos world's candidates (or the ones given), one every `everyMs`, keys starting `prefix`. */
  static of(
    world: { whenUp: () => Promise<string>; key: string; candidates: Candidate[] },
    o: { everyMs: number; prefix: string; candidates?: Candidate[] },
  ): SubmissionStream {
    return new SubmissionStream({ whenUp: world.whenUp, key: world.key, candidates: world.candidates, ...o });
  }

  start(): void {
    this.timer = setInterval(() => this.launch(), this.o.everyMs);
  }

  /** Submit one now (outside the steady rate): the next candidate in turn, or the one given. */
  launch(candidate?: Candidate): Promise<void> {
    const n = this.next++;
    const p = this.submit(n, candidate).finally(() => this.pending.delete(p));
    this.pending.add(p);
    return p;
  }

  get submitted(): number {
    return this.next;
  }

  /** Stop issuing new submissions; resolves when every one issued is acknowledged (or the deadline passes). */
  async stop(deadlineMs = 60_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
    await Promise.race([Promise.all([...this.pending]), timeout]);
    clearTimeout(timer);
    this.stopping = true;
  }

  private async submit(n: number, candidate?: Candidate): Promise<void> {
    const c = candidate ?? this.o.candidates[n % this.o.candidates.length]!;
    const idem = `${this.o.prefix ?? "chaos"}-${n}`;
    let tries = 0;
    while (!this.stopping) {
      const url = await this.o.whenUp();
      tries++;
      const fd = new FormData();
      for (const [name, value] of c.fields ?? [["hostUsername", c.login]]) fd.append(name, value);
      fd.set(
        "resume",
        new Blob([c.pdf as BlobPart], { type: "application/pdf" }),
        `${c.login.replace(/[^\w.-]/g, "-")}.pdf`,
      );
      let res: Response;
      try {
        res = await fetch(`${url}/v1/verify`, {
          method: "POST",
          body: fd,
          headers: { authorization: `Bearer ${this.o.key}`, "idempotency-key": idem },
          signal: AbortSignal.timeout(this.o.requestTimeoutMs ?? 15_000),
        });
      } catch (err) {
        if ((err as Error).name === "TimeoutError") this.timeouts++;
        else this.connectionErrors++;
        await Bun.sleep(25); // the service is down (or just died): the next whenUp() waits for the restart
        continue;
      }
      const text = await res.text().catch(() => "");
      if (res.status === 202) {
        const { trackingId } = JSON.parse(text) as { trackingId: string };
        const prior = this.acks.get(idem);
        if (prior && prior.trackingId !== trackingId) this.conflicts.push(idem);
        this.acks.set(idem, {
          idempotencyKey: idem,
          trackingId,
          login: c.login,
          tries,
          replayed: res.headers.get("idempotent-replayed") === "true",
          at: Date.now(),
        });
        return;
      }
      const u = this.unexpected.get(res.status) ?? { count: 0, sample: text.slice(0, 300) };
      u.count++;
      this.unexpected.set(res.status, u);
      await Bun.sleep(100);
    }
  }
}
