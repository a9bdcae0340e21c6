import type { Principal } from "../accounts/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { ApiErrors, type Clock, type FailureCode, newId } from "../lib/index.ts";
import type { Database, Queryable, Transaction } from "../storage/index.ts";
import { GroupCommit } from "../storage/index.ts";
import { type Acknowledgement, recordAcceptance, type Submission } from "./acceptance.ts";
import { Admission } from "./admission.ts";
import type { StageDetail } from "./github-watch.ts";
import type { JobFilter } from "./job-filters.ts";
import { finalResult, pendingView, requestHashOf } from "./job-views.ts";
import type { AnalysisPart, PendingJobView, Stage, VerificationResult } from "./result.ts";
import type { StagedFile } from "./resume-files.ts";
import type { ResumeStore } from "./resume-store.ts";
import type { FinalListener, ResultExtension, UploadSubmission, ViewDecorator } from "./verification-hooks.ts";
import {
  type JobPage,
  type QueueState,
  VerificationListStore,
  type VerificationLists,
} from "./verification-list-store.ts";
import type { VerificationStore } from "./verification-store.ts";
import type { Verification } from "./verifications.ts";

/** How long an Idempotency-Key is remembered (Stripe keeps 24 h; we keep 48 h). */
export const IDEMPOTENCY_RETENTION_MS = 48 * 3_600_000;
/** A PDF file with no row claiming it is deleted once this old (wall clock: it compares file times). */
const ORPHAN_AGE_MS = 3_600_000;

/** Seconds a client is told (Retry-After) to wait before polling a pending job again. */
export const POLL_AFTER_S = { queued: 5, processing: 2 } as const;

/**
 * The verification lifecycle: accept (quota, rate, idempotency, durable enqueue in one transaction),
 * record the single final state, and render the job as polled.
 */
export class VerificationService {
  private readonly finalListeners: FinalListener[] = [];
  private readonly decorators: ViewDecorator[] = [];
  private readonly extensions: ResultExtension[] = [];
  /** stage of each job this process is working on (in memory: only a job in progress has one) */
  private readonly stages = new Map<string, { stage: Stage; detail: StageDetail | null }>();
  /** with several replicas (PostgreSQL) the stage is also written to the row, so any replica answers it */
  private readonly sharedStages: boolean;
  private readonly commits: GroupCommit;
  private readonly admission: Admission;

  constructor(
    readonly db: Database,
    private readonly store: VerificationStore,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly files: ResumeStore,
    private readonly lists: VerificationLists = new VerificationListStore(db),
  ) {
    this.commits = new GroupCommit(db);
    this.admission = new Admission(store, clock);
    this.sharedStages = db.dialect === "postgres";
  }

  /** Run `fn` in the transaction that records each final state; a throw rolls the final state back. */
  onFinal(fn: FinalListener): void {
    this.finalListeners.push(fn);
  }

  decorateView(fn: ViewDecorator): void {
    this.decorators.push(fn);
  }

  /** Add members to every final result as it is recorded (they become part of the stored result). */
  extendResult(fn: ResultExtension): void {
    this.extensions.push(fn);
  }

  /**
   * Reserve room for one submission before its body is read (quota_exceeded when there is none); call
   * the returned function once the submission is accepted or has failed.
   */
  admit(principal: Principal, idempotencyKey: string | null): Promise<() => void> {
    return this.admission.admit(principal, idempotencyKey);
  }

  /** A new upload file to stream a resume into (see `submitUpload`). */
  stageUpload(): Promise<StagedFile> {
    return this.files.stage();
  }

  /**
   * Accept a submission: idempotency, quota and rate checks and the durable enqueue happen in one
   * transaction (shared with concurrent submissions by group commit); resolves once it is committed.
   */
  async submit(s: Submission): Promise<Acknowledgement> {
    const pdfHash = Buffer.from(await crypto.subtle.digest("SHA-256", s.pdf as Uint8Array<ArrayBuffer>)).toString(
      "hex",
    );
    const trackingId = newId("vrf", this.clock.now());
    // the PDF is on disk (fsynced) before the row that promises it is committed; a database-held store
    // writes it in the acceptance transaction itself (one commit for both, shared by the group)
    const inTx = !!this.files.writeInTransaction;
    if (!inTx) await this.files.writeDurable(trackingId, s.pdf);
    return this.accept(s, trackingId, pdfHash, s.pdf.byteLength, inTx ? s.pdf : null);
  }

  /** `submit` for a resume already streamed to a staged file, with its SHA-256 and size. */
  async submitUpload(s: UploadSubmission): Promise<Acknowledgement> {
    const trackingId = newId("vrf", this.clock.now());
    let pdf: Uint8Array | null = null;
    try {
      if (this.files.writeInTransaction) {
        // a database-held store (PostgreSQL): the staged bytes go into the acceptance transaction
        await s.staged.close();
        pdf = await Bun.file(s.staged.path).bytes();
        await s.staged.discard();
      } else await this.files.adopt!(s.staged, trackingId);
    } catch (err) {
      await s.staged.discard();
      throw err;
    }
    return this.accept(s, trackingId, s.sha256, s.size, pdf);
  }

  /** The acceptance transaction; `pdf` is written in it when the store holds PDFs in the database. */
  private async accept(
    s: Omit<Submission, "pdf">,
    trackingId: string,
    pdfHash: string,
    size: number,
    pdf: Uint8Array | null,
  ): Promise<Acknowledgement> {
    const requestHash = requestHashOf(s, pdfHash);
    let ack: Acknowledgement;
    try {
      // limits and idempotency keys are per client: on PostgreSQL other clients' acceptances need not wait
      const writePdf = pdf && this.files.writeInTransaction?.bind(this.files);
      ack = await this.commits.run(
        (tx) =>
          recordAcceptance(
            tx,
            this.store,
            this.queue,
            this.clock.now(),
            s,
            { trackingId, pdfHash, requestHash, size },
            writePdf ? (t) => writePdf(t, trackingId, pdf) : undefined,
          ),
        `acceptance:${s.principal.client.id}`,
      );
    } catch (err) {
      await this.files.remove(trackingId);
      throw err;
    }
    if (ack.replayed) await this.files.remove(trackingId);
    else this.queue.notify();
    return ack;
  }

  /** The job as its client may see it; job_not_found for unknown ids and other clients' jobs alike. */
  async view(trackingId: string, clientId: string): Promise<VerificationResult | PendingJobView> {
    const v = await this.store.getForClient(trackingId, clientId);
    if (!v) throw ApiErrors.jobNotFound();
    return this.render(v);
  }

  async render(v: Verification): Promise<VerificationResult | PendingJobView> {
    const extras = Object.assign({}, ...(await Promise.all(this.decorators.map((d) => d(v)))));
    // this process's own jobs from memory; another replica's from the row (PostgreSQL)
    const own = this.stages.get(v.trackingId);
    const stage = own?.stage ?? (v.stage as Stage | null | undefined);
    const detail = own ? own.detail : v.stageDetail ? (JSON.parse(v.stageDetail) as StageDetail) : null;
    if ((v.status === "COMPLETED" || v.status === "FAILED") && v.result) {
      return { ...(JSON.parse(v.result) as VerificationResult), ...extras };
    }
    return { ...pendingView(v, stage, detail), ...extras };
  }

  /**
   * Record what a job in progress is doing (shown as `stage` while it is polled), and what it waits for
   * (`stageDetail`, `giveUpAt`); null when it stops. Never fails: a stage is a hint, and one that could not
   * be written leaves the previous one showing.
   */
  async setStage(trackingId: string, stage: Stage | null, detail: StageDetail | null = null): Promise<void> {
    if (stage) this.stages.set(trackingId, { stage, detail });
    else this.stages.delete(trackingId);
    if (this.sharedStages)
      await this.store.setStage(trackingId, stage, detail ? JSON.stringify(detail) : null).catch(() => {});
  }

  /** A verification by id; read on `q` (a transaction's handle) when given. */
  get(trackingId: string, q?: Queryable): Promise<Verification | null> {
    return (q ? this.store.on(q) : this.store).get(trackingId);
  }

  /** The uploaded PDF, or null once retention (or an admin) deleted it. */
  async resume(trackingId: string): Promise<Uint8Array | null> {
    return (await this.store.get(trackingId))?.resumeStored ? this.files.read(trackingId) : null;
  }

  /** Delete a verification's PDF now (an admin's request, or retention). */
  async deleteResume(trackingId: string): Promise<void> {
    await this.store.markResumeDeleted(trackingId);
    await this.files.removeNow(trackingId);
  }

  async markStarted(trackingId: string): Promise<void> {
    await this.store.markStarted(trackingId, this.clock.now());
  }

  /** Writes for a COMPLETED result, on the handle of the job's completion transaction. */
  complete(tx: Transaction, trackingId: string, analysis: AnalysisPart): Promise<void> {
    return this.finish(tx, trackingId, "COMPLETED", analysis, null);
  }

  /** Writes for a FAILED result with an actionable reason, on the handle of the job's failure transaction. */
  fail(tx: Transaction, trackingId: string, code: FailureCode, message: string): Promise<void> {
    return this.finish(
      tx,
      trackingId,
      "FAILED",
      { confidenceScore: 0, verifiedProjects: [], flags: [] },
      { code, message },
    );
  }

  private async finish(
    tx: Transaction,
    trackingId: string,
    status: "COMPLETED" | "FAILED",
    analysis: AnalysisPart,
    error: { code: FailureCode; message: string } | null,
  ): Promise<void> {
    this.stages.delete(trackingId);
    const store = this.store.on(tx);
    const v = await store.get(trackingId);
    if (!v) return;
    const now = this.clock.now();
    const { commitTimelines, ...part } = analysis;
    const result = finalResult(v, status, part, error, now);
    for (const fn of this.extensions)
      Object.assign(
        result,
        await fn(tx, { trackingId, clientId: v.clientId, apiKeyId: v.apiKeyId, status, now, result }),
      );
    const json = JSON.stringify(result);
    const timelines = Array.isArray(commitTimelines) ? JSON.stringify(commitTimelines) : null;
    if (
      !(await store.finish(trackingId, {
        status,
        result: json,
        timelines,
        errorCode: error?.code ?? null,
        errorMessage: error?.message ?? null,
        now,
      }))
    )
      return;
    for (const fn of this.finalListeners) await fn(tx, { clientId: v.clientId, result });
  }

  /** Retention: idempotency keys after 48 h, PDFs of ended jobs after `resumeRetentionMs`, orphan files after an hour. */
  async purge(
    now: number,
    resumeRetentionMs: number,
  ): Promise<{ idempotency: number; resumes: number; orphans: number }> {
    const idempotency = await this.store.purgeIdempotency(now - IDEMPOTENCY_RETENTION_MS);
    let resumes = 0;
    for (const id of await this.store.resumesToPurge(now - resumeRetentionMs)) {
      await this.deleteResume(id);
      resumes++;
    }
    const orphans = await this.files.sweepOrphans(Date.now() - ORPHAN_AGE_MS, (id) => this.store.keepsResume(id));
    return { idempotency, resumes, orphans };
  }

  countsByStatus(): Promise<Record<string, number>> {
    return this.store.countsByStatus();
  }

  /** One page of the jobs list (dashboard and `claimcheck jobs list`); `clientId` resolves the filter's client. */
  listJobs(filter: JobFilter, clientId: string | null, limit?: number): Promise<JobPage> {
    return this.lists.listJobs(filter, clientId, limit);
  }

  /** Jobs created at or after `since`, by the state a person means. */
  stateCounts(since: number): Promise<Record<string, number>> {
    return this.lists.stateCounts(since);
  }

  queueState(now: number): Promise<QueueState> {
    return this.lists.queue(now);
  }

  /** Verifications created at or after `since`, by client id. */
  countsByClientSince(since: number): Promise<Map<string, number>> {
    return this.lists.countsByClientSince(since);
  }
}
