import type { Transaction } from "../storage/index.ts";

/** What a kind of job plugs into the worker: its handler, the job as the handler sees it, the events. */

export interface RunningJob<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first attempt */
  attempt: number;
  maxAttempts: number;
  /** aborted when the lease is lost, the attempt passes its deadline, or the worker stops past its grace */
  signal: AbortSignal;
}

/** Writes to run inside the transaction that finishes the job (exactly-once side effects), on its handle. */
export type CommitFn = (tx: Transaction) => Promise<void>;

export interface JobHandler<P = unknown> {
  kind: string;
  /** Do the work; return the writes that record its outcome. Throw DeferJob / PermanentJobError / anything. */
  run(job: RunningJob<P>): Promise<CommitFn | undefined>;
  /** Writes that record a final failure (attempts exhausted or a PermanentJobError): `error` is what was thrown. */
  onFailure?(job: RunningJob<P>, error: unknown): CommitFn | undefined;
}

export type JobEvents = {
  "job.claimed": { id: number; kind: string; attempt: number };
  "job.completed": { id: number; kind: string };
  "job.failed": { id: number; kind: string; error: string };
  "job.retried": { id: number; kind: string; error: string; runAt: number };
  "job.deferred": { id: number; kind: string; until: number; reason: string };
  "job.rescued": { id: number; kind: string };
  "job.lease_lost": { id: number; kind: string };
};
