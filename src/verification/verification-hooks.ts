/**
 * The shapes the verification service is extended through: what an upload hands it, and the hooks other
 * modules register to add members to a result, a polled view or the transaction of a final state.
 */
import type { PolledMembers } from "../contract/index.ts";
import type { Transaction } from "../storage/index.ts";
import type { Submission } from "./acceptance.ts";
import type { VerificationResult } from "./result.ts";
import type { StagedFile } from "./resume-files.ts";
import type { Verification } from "./verifications.ts";

export interface UploadSubmission extends Omit<Submission, "pdf"> {
  staged: StagedFile;
  sha256: string;
  size: number;
}

/** A final state, handed to listeners inside the transaction that records it (e.g. to queue a webhook). */
export interface FinalEvent {
  clientId: string;
  result: VerificationResult;
}

/** Members a listener adds to every polled view (webhookStatus). */
export type ViewDecorator = (row: Verification) => Promise<PolledMembers>;

/** Writes that go with a final state, run on the handle of the transaction that records it. */
export type FinalListener = (tx: Transaction, e: FinalEvent) => Promise<void>;

/**
 * Extra members written into a final result when it is recorded (e.g. reportUrl, the verdict), inside the
 * transaction that records it (on its handle `tx`): stored, polled and sent by webhook alike. `result` is
 * the result as composed so far.
 */
export type ResultExtension = (
  tx: Transaction,
  e: {
    trackingId: string;
    clientId: string;
    /** the API key the job was submitted with (null: before keys were recorded) */
    apiKeyId: string | null;
    status: "COMPLETED" | "FAILED";
    now: number;
    result: Readonly<VerificationResult>;
  },
) => Promise<Pick<VerificationResult, "reportUrl" | "verdict" | "findings">>;
