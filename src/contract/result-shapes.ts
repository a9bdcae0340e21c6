import { type Static, Type } from "@sinclair/typebox";
import { FAILURE_CODES, type FailureCode } from "../lib/index.ts";
import {
  FindingSchema,
  FlagSchema,
  ScoreBreakdownSchema,
  UnmatchedClaimSchema,
  VerifiedProjectSchema,
} from "./analysis-shapes.ts";
import { ExtractionSchema } from "./extraction-shapes.ts";
import { Int, named, nullable, oneOf, open } from "./schema-kit.ts";

/** What a processing job is doing, shown as `stage` while it is polled. */
export const STAGES = ["extracting", "fetching", "analysing"] as const;
export type Stage = (typeof STAGES)[number];

/** Delivery state of a final job's webhook, shown as `webhookStatus` when it is polled. */
export const WEBHOOK_STATUSES = ["pending", "retrying", "delivered", "webhook_failed", "not_configured"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const FINAL_STATUSES = ["COMPLETED", "FAILED"] as const;

/**
 * The verdict vocabulary: a stable code a program switches on, and the exact words every face shows it
 * with (the dashboard, the share page, the PDF, the CLI, the demo). A contract: codes are added, never
 * renamed or removed. src/report/verdict.ts decides which one a result gets; docs/api.md says when.
 */
export const VERDICTS = {
  backed: "Backed by the candidate's own work",
  partly_backed: "Partly backed",
  mostly_unbacked: "Mostly not backed",
  not_own_work: "Not the candidate's work",
  contradicted: "Contradicted by the evidence",
  not_checked: "Could not be checked",
  not_verified: "Not verified",
} as const;
export type VerdictCode = keyof typeof VERDICTS;
export const VERDICT_CODES = Object.keys(VERDICTS) as [VerdictCode, ...VerdictCode[]];

export const VerdictSchema = named(
  "Verdict",
  open(
    {
      code: oneOf(VERDICT_CODES, {
        description:
          "backed: the claims are backed by the candidate's own commits; partly_backed: some are, others are not or could not be checked; mostly_unbacked: little is backed; not_own_work: the claimed repositories are mostly other people's histories; contradicted: a claimed history shows what no honest history has shown (a CRITICAL flag); not_checked: no claimed project has a public repository (no evidence either way); not_verified: the verification could not run (FAILED). The list only grows",
      }),
      label: Type.String({ description: "the verdict in the words the report shows, for a person" }),
    },
    { description: "the verdict on the whole resume: one code, the same words on every face" },
  ),
);
export type Verdict = Static<typeof VerdictSchema>;

const date = (description?: string) => Type.String({ format: "date-time", ...(description ? { description } : {}) });

export const FailureSchema = named(
  "Failure",
  open(
    {
      code: oneOf(Object.keys(FAILURE_CODES) as [FailureCode, ...FailureCode[]], {
        description: "a code a program can switch on (docs/api.md lists them; the list only grows)",
      }),
      message: Type.String({ description: "for a person: what happened and what to do" }),
    },
    { description: "why the verification could not run, and what to do" },
  ),
);

/** The VerificationResult members the contract fixes (docs/api.md): they never change. */
const resultSpec = {
  trackingId: Type.String({ description: "the job's id, returned when it was queued" }),
  hostUsername: Type.String({
    description: "the username given at creation: a GitHub login, or host:username for an account on another host",
  }),
  confidenceScore: Int({
    minimum: 0,
    maximum: 100,
    description: "how well public evidence backs the resume's claims; the same input gives the same score",
  }),
  status: oneOf(FINAL_STATUSES, { description: "COMPLETED: analysed; FAILED: could not be analysed (see error)" }),
  verifiedProjects: Type.Array(VerifiedProjectSchema, { description: "the claimed projects matched to a repository" }),
  flags: Type.Array(FlagSchema, { description: "anomalies and notes, most severe first; may be empty" }),
  completedAt: date("when the job reached its final state"),
};

/** The accounts on other hosts a verification was created with (absent when none were given). */
const accountsMember = Type.Optional(
  Type.Array(Type.String({ description: "host:username, e.g. gitlab.com:alice" }), {
    description:
      "the candidate's accounts on hosts other than GitHub given at creation (GitLab, Gitea/Forgejo); absent when none were given",
  }),
);

/** What this service adds to a final result when it records it (stored, polled and sent by webhook alike). One line per member. */
const resultExtras = {
  accounts: accountsMember,
  verdict: Type.Optional(VerdictSchema),
  createdAt: date("when the job was queued"),
  error: Type.Optional(FailureSchema),
  candidateName: Type.Optional(
    nullable(Type.String(), { description: "COMPLETED: the candidate's name as read from the resume, or null" }),
  ),
  findings: Type.Optional(
    Type.Array(FindingSchema, {
      description: "COMPLETED: the facts behind the flags, one per fact, most severe first; each flag names its own",
    }),
  ),
  scoreBreakdown: Type.Optional(ScoreBreakdownSchema),
  extraction: Type.Optional(ExtractionSchema),
  unmatchedClaims: Type.Optional(
    Type.Array(UnmatchedClaimSchema, { description: "COMPLETED: the claimed projects no repository backs, and why" }),
  ),
  reportUrl: Type.Optional(
    nullable(Type.String({ format: "uri" }), {
      description:
        "COMPLETED, when the server has a PUBLIC_URL: a read-only share link to the recruiter's report (HTML; its PDF at reportUrl + /report.pdf), working for REPORT_LINK_TTL (default 14 days); null once the link no longer works, reportLinkState saying why. Never stored: added as the result is polled or sent",
    }),
  ),
  reportLinkState: Type.Optional(
    oneOf(["revoked", "expired", "not_shown"] as const, {
      description:
        "with reportUrl null: the link was revoked, has expired, or was made before links could be shown again (not_shown; make a new one on the job's page)",
    }),
  ),
};

/** A final result's members, as recorded: the webhook payload is built from these. */
export const recordedResultMembers = { ...resultSpec, ...resultExtras };

/** Added when a final job is polled (never stored, never in a webhook). */
const pollExtras = {
  webhookStatus: Type.Optional(oneOf(WEBHOOK_STATUSES, { description: "delivery state of the job's webhook" })),
};

export const VerificationResultSchema = named(
  "VerificationResult",
  open(
    { ...recordedResultMembers, ...pollExtras },
    {
      description:
        "a final job: COMPLETED with the analysis, or FAILED with `error` (then confidenceScore is 0 and the lists are empty)",
    },
  ),
);
export type VerificationResult = Static<typeof VerificationResultSchema>;
/** The members a poll adds to a recorded result. */
export type PolledMembers = Pick<VerificationResult, keyof typeof pollExtras>;

export const PendingJobSchema = named(
  "PendingJob",
  open(
    {
      trackingId: Type.String({ description: "the job's id, returned when it was queued" }),
      hostUsername: Type.String({
        description: "the username given at creation: a GitHub login, or host:username for an account on another host",
      }),
      accounts: accountsMember,
      status: oneOf(["queued", "processing"], {
        description: "queued: waiting for a worker; processing: being verified",
      }),
      createdAt: date("when the job was queued"),
      stage: Type.Optional(
        oneOf(STAGES, {
          description:
            "processing only: extracting (reading the PDF), fetching (evidence from GitHub and the other hosts), analysing (flags and score)",
        }),
      ),
      stageDetail: Type.Optional(
        Type.String({
          description:
            "processing only, while the job waits on something it does not control: what (e.g. GitHub cannot be reached, and why) and until when it keeps trying",
        }),
      ),
      giveUpAt: Type.Optional(
        date("with stageDetail: when the job fails (e.g. github_unavailable) if what it waits for does not recover"),
      ),
    },
    { description: "a job before its final state" },
  ),
);
export type PendingJob = Static<typeof PendingJobSchema>;

/** A polled job: final or pending, told apart by `status`. */
export const JobSchema = Type.Union([VerificationResultSchema, PendingJobSchema]);

export const AcknowledgementSchema = named(
  "Acknowledgement",
  open({
    trackingId: Type.String(),
    status: Type.Literal("queued"),
    createdAt: date(),
  }),
);
export type Acknowledgement = Static<typeof AcknowledgementSchema>;
