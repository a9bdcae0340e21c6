import type { HostAccountRef } from "./accounts-field.ts";

/** The verifications' types as their stores return them. Times are epoch milliseconds (UTC). */

export type VerificationStatus = "queued" | "processing" | "COMPLETED" | "FAILED";

/** A verification as stored, with its job's state (which tells queued from processing). */
export interface Verification {
  trackingId: string;
  clientId: string;
  /** the API key it was submitted with; null for one submitted in the dashboard before keys were recorded */
  apiKeyId: string | null;
  jobId: number;
  /** a GitHub login, or host:username for a main account elsewhere; "" when only other accounts were given */
  hostUsername: string;
  /** the accounts on other hosts given at creation */
  accounts: readonly HostAccountRef[];
  resumeSha256: string;
  resumeSize: number;
  resumeFilename: string | null;
  /** whether the uploaded PDF is still kept (retention or an admin deletes it) */
  resumeStored: boolean;
  status: VerificationStatus;
  /** the final result as recorded (the JSON the client polls); null until the job ends */
  result: string | null;
  /** the commit timelines kept beside a final result (JSON); null when none */
  timelines: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  /** a job in progress's stage, shared by replicas (PostgreSQL only; SQLite's one process keeps it in memory) */
  stage: string | null;
  /** what that job waits for, as JSON (StageDetail; PostgreSQL only, like `stage`) */
  stageDetail: string | null;
  /** its job's state in the queue (queued, running, ...); null once the job is gone */
  jobState: string | null;
}

/** What a new verification is stored with. */
export type NewVerification = Pick<
  Verification,
  | "trackingId"
  | "clientId"
  | "apiKeyId"
  | "jobId"
  | "hostUsername"
  | "accounts"
  | "resumeSha256"
  | "resumeSize"
  | "resumeFilename"
  | "createdAt"
>;

/** One line of the jobs list. `state` is the state a person means: queued, processing, COMPLETED, FAILED. */
export interface JobSummary {
  trackingId: string;
  clientId: string;
  clientName: string;
  hostUsername: string;
  accounts: readonly HostAccountRef[];
  state: VerificationStatus;
  score: number | null;
  /** CRITICAL flags of a COMPLETED result (for the verdict word) */
  criticalFlags: number | null;
  /** the candidate's name as read from the resume, once the job has a result */
  candidateName: string | null;
  errorCode: string | null;
  createdAt: number;
  completedAt: number | null;
  /** the job's attempts so far (null once its job is gone) */
  attempts: number | null;
  /** the latest webhook delivery's state, when there is one */
  webhookState: string | null;
}
