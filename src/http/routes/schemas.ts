import { t } from "elysia";

/** Response schemas of the /v1 API: they document the spec's shapes in the OpenAPI document. */
export const ErrorSchema = t.Object(
  {
    error: t.String({
      description: "invalid_file | missing_fields | unauthorized | quota_exceeded | job_not_found | ...",
    }),
    message: t.Optional(t.String()),
    retryAfter: t.Optional(t.Number({ description: "seconds (quota_exceeded)" })),
    fields: t.Optional(t.Array(t.String())),
  },
  { additionalProperties: true },
);

export const AckSchema = t.Object({
  trackingId: t.String(),
  status: t.Literal("queued"),
  createdAt: t.String({ format: "date-time" }),
});

const VerifiedProject = t.Object(
  {
    name: t.String(),
    repoUrl: t.String({ description: "host/owner/repository, no scheme" }),
    commits: t.Integer(),
    matchStrength: t.Union([t.Literal("HIGH"), t.Literal("MEDIUM"), t.Literal("LOW")]),
  },
  { additionalProperties: true },
);

const Flag = t.Object(
  { severity: t.Union([t.Literal("CRITICAL"), t.Literal("WARNING"), t.Literal("INFO")]), message: t.String() },
  { additionalProperties: true },
);

export const JobSchema = t.Union([
  t.Object(
    {
      trackingId: t.String(),
      hostUsername: t.String(),
      confidenceScore: t.Integer({ minimum: 0, maximum: 100 }),
      status: t.Union([t.Literal("COMPLETED"), t.Literal("FAILED")]),
      verifiedProjects: t.Array(VerifiedProject),
      flags: t.Array(Flag),
      completedAt: t.String({ format: "date-time" }),
      error: t.Optional(t.Object({ code: t.String(), message: t.String() })),
    },
    { additionalProperties: true },
  ),
  t.Object(
    {
      trackingId: t.String(),
      hostUsername: t.String(),
      status: t.Union([t.Literal("queued"), t.Literal("processing")]),
      createdAt: t.String({ format: "date-time" }),
    },
    { additionalProperties: true },
  ),
]);
