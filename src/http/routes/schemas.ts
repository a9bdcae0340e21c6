import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { STAGES } from "../../verification/result.ts";

/** A plain JSON Schema integer (Elysia's t.Integer also accepts numeric strings, which is for parsing input). */
const Int = (o: { minimum?: number; maximum?: number; description?: string }) => Type.Integer(o);

/**
 * Response schemas of the /v1 API: Elysia checks every answer against them, and the OpenAPI document
 * (http/openapi-document.ts) publishes them. Objects may carry more members than these (interface.md
 * leaves room for extra members; README "API" lists them), so none is closed.
 */
export const ErrorSchema = t.Object(
  {
    error: t.String({
      description:
        "invalid_file | missing_fields | unauthorized | quota_exceeded | job_not_found | idempotency_key_reused | storage_full | database_unavailable | invalid_request | payload_too_large | length_required | internal_error",
    }),
    message: t.Optional(t.String({ description: "for a person: what happened and what to do" })),
    retryAfter: t.Optional(Int({ minimum: 0, description: "seconds to wait (quota_exceeded)" })),
    fields: t.Optional(t.Array(t.String(), { description: "the missing or invalid parts (missing_fields)" })),
  },
  { additionalProperties: true },
);

export const AckSchema = t.Object({
  trackingId: t.String(),
  status: t.Literal("queued"),
  createdAt: t.String({ format: "date-time" }),
});

export const VerifiedProjectSchema = t.Object(
  {
    name: t.String(),
    repoUrl: t.String({ description: "host/owner/repository, no scheme" }),
    commits: Int({ minimum: 0, description: "the candidate's own commits" }),
    matchStrength: t.Union([t.Literal("HIGH"), t.Literal("MEDIUM"), t.Literal("LOW")]),
  },
  { additionalProperties: true },
);

export const FlagSchema = t.Object(
  { severity: t.Union([t.Literal("CRITICAL"), t.Literal("WARNING"), t.Literal("INFO")]), message: t.String() },
  { additionalProperties: true },
);

export const ResultSchema = t.Object(
  {
    trackingId: t.String(),
    hostUsername: t.String(),
    confidenceScore: Int({ minimum: 0, maximum: 100 }),
    status: t.Union([t.Literal("COMPLETED"), t.Literal("FAILED")]),
    verifiedProjects: t.Array(VerifiedProjectSchema),
    flags: t.Array(FlagSchema),
    createdAt: t.String({ format: "date-time" }),
    completedAt: t.String({ format: "date-time" }),
    error: t.Optional(
      t.Object({ code: t.String(), message: t.String() }, { description: "FAILED only: why, and what to do" }),
    ),
    webhookStatus: t.Optional(
      t.Union([
        t.Literal("pending"),
        t.Literal("retrying"),
        t.Literal("delivered"),
        t.Literal("webhook_failed"),
        t.Literal("not_configured"),
      ]),
    ),
  },
  { additionalProperties: true },
);

export const PendingJobSchema = t.Object(
  {
    trackingId: t.String(),
    hostUsername: t.String(),
    status: t.Union([t.Literal("queued"), t.Literal("processing")]),
    createdAt: t.String({ format: "date-time" }),
    stage: t.Optional(
      t.Union([t.Literal(STAGES[0]), t.Literal(STAGES[1]), t.Literal(STAGES[2])], {
        description:
          "processing only: extracting (reading the PDF), fetching (GitHub evidence), analysing (flags and score)",
      }),
    ),
    stageDetail: t.Optional(
      t.String({
        description:
          "processing only, while the job waits on something it does not control: what (e.g. GitHub cannot be reached, and why) and until when it keeps trying",
      }),
    ),
    giveUpAt: t.Optional(
      t.String({
        format: "date-time",
        description:
          "with stageDetail: when the job fails (e.g. github_unavailable) if what it waits for does not recover",
      }),
    ),
  },
  { additionalProperties: true },
);

export const JobSchema = t.Union([ResultSchema, PendingJobSchema]);
