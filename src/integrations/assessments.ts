import type { AccountService, Principal } from "../accounts/index.ts";
import { type Clock, errorMessage, type Logger, newId, sha256Hex } from "../lib/index.ts";
import { type ExtractedResume, ResumeError } from "../resume/index.ts";
import type { Database, Transaction } from "../storage/index.ts";
import type { VerificationResult, VerificationService } from "../verification/index.ts";
import type { AssessmentLinks } from "./assessment-links.ts";
import { type AssessmentView, assessmentView } from "./assessment-view.ts";
import { planCallback } from "./callback-plan.ts";
import { IntakeProblem } from "./intake.ts";
import { IntegrationStore } from "./integration-store.ts";
import { type AccountsToVerify, accountList, accountsFromInput, accountsFromResume } from "./resume-accounts.ts";
import { type Assessment, type Connection, NO_ACCOUNT_TEXT } from "./types.ts";

export interface AssessmentDeps {
  db: Database;
  accounts: AccountService;
  verifications: VerificationService;
  /** the links given to the ATS, derived under the report link key */
  links: AssessmentLinks;
  clock: Clock;
  logger: Logger;
  /** the resume reader (the verification's own extractor) */
  extract(pdf: Uint8Array, signal: AbortSignal): Promise<ExtractedResume>;
  /** the hosts besides GitHub the service reads (config.forgeHosts) */
  forgeHosts: readonly { host: string }[];
  /** life of the share link given to an ATS; null: as long as the result is kept */
  linkTtlMs: number | null;
  /** a callback became due */
  onCallback(): void;
}

/** What an ATS asked for, read from its request. */
export type AssessmentRequest = Pick<
  Assessment,
  "testId" | "candidateName" | "candidateEmail" | "externalRef" | "callbackUrl" | "callbackAuth"
>;

/** A request the recruiter can fix (the re-run page shows it). */
export class RerunProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reading a resume for its accounts gets this long (the extractor's own budget applies inside it). */
const EXTRACT_DEADLINE_MS = 60_000;

/**
 * The assessments an ATS starts: the resume it gave is read for the candidate's accounts, a
 * verification is queued for the connection's client (its quota and rate limit apply), and every step
 * is recorded with what the ATS is owed (callback-plan.ts). With no account on the resume, nothing is
 * queued: the ATS is told so, with the re-run page where a recruiter names one.
 */
export class Assessments {
  readonly store: IntegrationStore;

  constructor(private readonly deps: AssessmentDeps) {
    this.store = new IntegrationStore(deps.db);
    // a verification that ends moves its assessment on, in the transaction that records it
    deps.verifications.onFinal((tx, e) => this.finish(tx, e.result));
  }

  async start(connection: Connection, principal: Principal, req: AssessmentRequest, pdf: Uint8Array) {
    if (!this.deps.links.ready)
      throw new IntakeProblem(
        503,
        "link_key_missing",
        "this claimcheck server cannot give report links: its operator must set REPORT_LINK_KEY",
      );
    const now = this.deps.clock.now();
    const id = newId("ats", now);
    const base = {
      ...req,
      id,
      connectionId: connection.id,
      rerunTokenHash: this.deps.links.rerunHash(id),
      createdAt: now,
    };
    let found: AccountsToVerify;
    try {
      found = accountsFromResume(
        await this.deps.extract(pdf, AbortSignal.timeout(EXTRACT_DEADLINE_MS)),
        this.deps.forgeHosts,
      );
    } catch (err) {
      if (!(err instanceof ResumeError)) throw err;
      return this.record(connection, {
        ...base,
        state: "failed",
        detail: err.message,
        trackingId: null,
        accounts: [],
        resumePdf: null,
      });
    }
    if (!found.hostUsername && !found.accounts.length)
      return this.record(connection, {
        ...base,
        state: "needs_account",
        detail: NO_ACCOUNT_TEXT,
        trackingId: null,
        accounts: [],
        resumePdf: Buffer.from(pdf).toString("base64"),
      });
    const ack = await this.submit(principal, found, pdf, id);
    const a = await this.record(connection, {
      ...base,
      state: "queued",
      detail: null,
      trackingId: ack.trackingId,
      accounts: accountList(found),
      resumePdf: null,
    });
    return (await this.catchUp(a)) ?? a;
  }

  /** The re-run page's form: verify the accounts a recruiter named, with the resume the ATS gave. */
  async rerun(token: string, text: string): Promise<Assessment> {
    const a = await this.byToken(token);
    if (!a) throw new RerunProblem(404, "There is no assessment at this address.");
    if (a.state !== "needs_account" && a.state !== "failed")
      throw new RerunProblem(409, `This assessment is ${a.state === "queued" ? "running" : a.state} already.`);
    const connection = await this.store.connection(a.connectionId);
    const client =
      connection && !connection.revokedAt ? await this.deps.accounts.clientById(connection.clientId) : null;
    if (!connection || !client) throw new RerunProblem(410, "The ATS connection of this assessment was revoked.");
    let found: AccountsToVerify;
    try {
      found = accountsFromInput(text, this.deps.forgeHosts);
    } catch (err) {
      throw new RerunProblem(400, errorMessage(err));
    }
    const pdf =
      (await this.store.resumePdf(a.id)) ?? (a.trackingId ? await this.deps.verifications.resume(a.trackingId) : null);
    if (!pdf) throw new RerunProblem(410, "The resume is no longer kept; send the assessment again from the ATS.");
    const ack = await this.submit({ keyId: connection.apiKeyId, client }, found, pdf, `${a.id}:${newId("run")}`);
    const now = this.deps.clock.now();
    const next = await this.deps.db.transaction(async (tx) => {
      const store = this.store.on(tx);
      await store.setState(
        a.id,
        { state: "queued", detail: null, trackingId: ack.trackingId, accounts: accountList(found), dropResume: true },
        now,
      );
      const moved = (await store.assessment(a.id))!;
      await planCallback(tx, this.store, connection, moved, null, now, this.deps.onCallback);
      return moved;
    });
    return (await this.catchUp(next)) ?? next;
  }

  /** The ATS cancelled: nothing more is sent; a verification under way still ends, unseen by the ATS. */
  async cancel(connection: Connection, id: string): Promise<Assessment | null> {
    const a = await this.store.assessment(id);
    if (!a || a.connectionId !== connection.id) return null;
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.store.on(tx).setState(id, { state: "cancelled", dropResume: true }, now);
      await this.store.on(tx).dropPending(id, now);
    });
    return this.store.assessment(id);
  }

  /** One of the connection's assessments; null for an unknown id or another connection's. */
  async of(connection: Connection, id: string): Promise<Assessment | null> {
    const a = await this.store.assessment(id);
    return a && a.connectionId === connection.id ? a : null;
  }

  byToken(token: string): Promise<Assessment | null> {
    return /^[A-Za-z0-9_-]{43}$/.test(token)
      ? this.store.assessmentByRerunToken(sha256Hex(token))
      : Promise.resolve(null);
  }

  /** What the ATS is shown of `a` now, its links derived. */
  async view(a: Assessment): Promise<AssessmentView> {
    const v = a.trackingId ? await this.deps.verifications.get(a.trackingId) : null;
    return assessmentView(a, v, await this.deps.links.of(a));
  }

  private submit(principal: Principal, found: AccountsToVerify, pdf: Uint8Array, key: string) {
    return this.deps.verifications.submit({
      principal,
      hostUsername: found.hostUsername,
      accounts: found.accounts,
      pdf,
      filename: "resume.pdf",
      idempotencyKey: `ats:${key}`,
    });
  }

  private record(
    connection: Connection,
    row: Omit<Assessment, "hasResume" | "updatedAt" | "lastUpdateAt" | "reportLinkId" | "reportTokenHash"> & {
      resumePdf: string | null;
    },
  ): Promise<Assessment> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await this.store.on(tx).insertAssessment(row);
      const a = (await this.store.on(tx).assessment(row.id))!;
      await planCallback(tx, this.store, connection, a, null, now, this.deps.onCallback);
      return a;
    });
  }

  /** A verification that ended before its assessment recorded it (a fast job): finish it now. */
  private async catchUp(a: Assessment): Promise<Assessment | null> {
    const v = a.trackingId ? await this.deps.verifications.get(a.trackingId) : null;
    if (!v?.result || (v.status !== "COMPLETED" && v.status !== "FAILED")) return null;
    await this.deps.db.transaction((tx) => this.finish(tx, JSON.parse(v.result!) as VerificationResult));
    return this.store.assessment(a.id);
  }

  /** A verification's final state: its assessment completes (with a share link) or fails; the ATS is told. */
  private async finish(tx: Transaction, result: VerificationResult): Promise<void> {
    // the job's completion and a start that caught up with it may both finish it: one at a time (PostgreSQL)
    await tx.lock([`ats-finish:${result.trackingId}`]);
    const store = this.store.on(tx);
    const a = await store.assessmentByTracking(result.trackingId);
    if (a?.state !== "queued") return;
    const connection = (await store.connection(a.connectionId))!;
    const now = this.deps.clock.now();
    if (result.status === "COMPLETED") {
      const ttl = this.deps.linkTtlMs ?? "retained";
      // without a link key (made unavailable since the start) the result is shown without a report link
      const reportLink = this.deps.links.ready
        ? await this.deps.links.createReportLink(tx, result.trackingId, connection.kind, ttl)
        : null;
      await store.setState(a.id, { state: "complete", reportLink }, now);
    } else {
      const why = (result as { error?: { message?: string } }).error?.message ?? "the verification failed";
      await store.setState(a.id, { state: "failed", detail: why, reportLink: null }, now);
    }
    const moved = (await store.assessment(a.id))!;
    const v = await this.deps.verifications.get(result.trackingId, tx);
    await planCallback(tx, this.store, connection, moved, v, now, this.deps.onCallback);
    this.deps.logger.info("ATS assessment finished", { assessment: a.id, ats: connection.kind, state: moved.state });
  }
}
