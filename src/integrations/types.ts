/**
 * The integrations' domain types: a connection of an applicant tracking system (ATS) to one client, the
 * assessments it started, and the calls owed to it. Times are epoch milliseconds.
 */

export type AtsKind = "greenhouse" | "ashby";
export const ATS_KINDS: readonly AtsKind[] = ["greenhouse", "ashby"];

/** A verification profile an ATS may offer as a test: what the recruiter picks on a job stage. */
export interface TestProfile {
  id: string;
  name: string;
  description: string;
}

/** The profiles this service offers; a connection offers a subset (at least one). */
export const TEST_PROFILES: readonly TestProfile[] = [
  {
    id: "code-claims",
    name: "Code claims",
    description:
      "Checks the projects a resume claims against the candidate's public repositories (GitHub, GitLab, Gitea/Forgejo): own commits, anomalies, a 0-100 score and a verdict",
  },
];

export interface Connection {
  id: string;
  kind: AtsKind;
  clientId: string;
  name: string;
  /** the client's API key the ATS sends (HTTP Basic username) */
  apiKeyId: string;
  /** test profile ids offered */
  tests: string[];
  /** Ashby: the customer's own API key, for candidate.info, file.info and assessment.update */
  ashbyApiKey: string | null;
  ashbyApiUrl: string | null;
  createdAt: number;
  revokedAt: number | null;
}

/**
 * queued: a verification runs; needs_account: the resume names no code-hosting account; complete: the
 * verification completed; failed: it could not be done (the reason is in `detail`); cancelled: the ATS
 * cancelled it.
 */
export type AssessmentState = "queued" | "needs_account" | "complete" | "failed" | "cancelled";

export interface Assessment {
  id: string;
  connectionId: string;
  testId: string;
  candidateName: string;
  candidateEmail: string | null;
  externalRef: string | null;
  callbackUrl: string | null;
  callbackAuth: string | null;
  state: AssessmentState;
  detail: string | null;
  trackingId: string | null;
  accounts: string[];
  /** SHA-256 of the re-run page's token (the token is derived from the id, never stored) */
  rerunTokenHash: string;
  /** the report's share link given to the ATS once complete: its id and its token's SHA-256 */
  reportLinkId: string | null;
  reportTokenHash: string | null;
  hasResume: boolean;
  lastUpdateAt: number;
  createdAt: number;
  updatedAt: number;
}

export type CallbackState = "pending" | "delivered" | "failed";

/** A call owed to an ATS: Greenhouse's completion PATCH (no body) or an Ashby assessment.update. */
export interface Callback {
  id: string;
  assessmentId: string;
  seq: number;
  body: string | null;
  state: CallbackState;
  attempts: number;
  nextAt: number;
  lastError: string | null;
  createdAt: number;
}

/** What the ATS is told "no account" looks like, word for word. */
export const NO_ACCOUNT_TEXT = "no code-hosting account on the resume";
