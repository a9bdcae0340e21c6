import { type TObject, type TSchema, Type } from "@sinclair/typebox";
import { errorBody, oneOf, open } from "../contract/index.ts";
import type { ApiErrorCode } from "../lib/index.ts";

/** What a description may depend on: the server's limits. */
export interface DocumentFacts {
  maxResumeBytes: number;
}

/** A header of an answer or a request, as the OpenAPI document states it. */
export interface HeaderDoc {
  description: string;
  /** JSON Schema of its value */
  schema: Record<string, unknown>;
  required?: boolean;
}

/** One answer of an operation: a JSON body (a contract schema), error codes, or another media type. */
export interface Answer {
  description: string;
  /** the JSON body; Elysia validates every answer of this status against it */
  json?: TSchema;
  /** an error answer: `{ error: <one of these> }` (the contract's Error, narrowed to them) */
  errors?: readonly [ApiErrorCode, ...ApiErrorCode[]];
  /** a body that is not JSON: media type -> JSON Schema */
  media?: Record<string, Record<string, unknown>>;
  headers?: Record<string, HeaderDoc>;
}

/**
 * Everything the API says about one route, in one place: the route is built from it (path, parameter
 * validation, answer validation) and the OpenAPI document is generated from it.
 */
export interface Operation<P extends string = string, Q extends TObject = TObject> {
  method: "get" | "post";
  /** Elysia's form, `:name` for a path parameter */
  path: P;
  operationId: string;
  tag: "verifications" | "operations";
  summary: string;
  description?: string | ((facts: DocumentFacts) => string);
  /** who may call it: an API key, the METRICS_TOKEN, anyone */
  auth: "apiKey" | "metricsToken" | "none";
  /** path parameters, validated by the route */
  params?: Q;
  /** request headers the operation reads */
  headers?: Record<string, HeaderDoc>;
  /** request body: media type -> schema (documented; an upload is read by the route itself) */
  body?: Record<string, { schema: TSchema; encoding?: Record<string, { contentType: string }> }>;
  answers: Record<number, Answer>;
}

/** Seconds as a header value. */
export const SECONDS = { type: "integer", minimum: 0 } as const;

export const retryAfter = (description: string): HeaderDoc => ({ description, schema: SECONDS });

/** An error answer with these codes. */
export function failing(
  description: string,
  codes: readonly [ApiErrorCode, ...ApiErrorCode[]],
  headers?: Record<string, HeaderDoc>,
): Answer {
  return { description, errors: codes, ...(headers ? { headers } : {}) };
}

/** What any operation may answer when the service fails. */
export const INTERNAL_ERROR = failing("internal_error: the service failed unexpectedly; its log has the details", [
  "internal_error",
]);

/** A route's validation hooks, from its operation: path parameters and every JSON answer. */
export function routeHooks<Q extends TObject>(
  op: Operation<string, Q>,
): { params: Q; response: Record<number, TSchema> } {
  const response: Record<number, TSchema> = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    const schema = answer.json ?? (answer.errors ? errorBody(answer.errors) : undefined);
    if (schema) response[Number(status)] = schema;
  }
  // an operation without path parameters validates none
  return { ...(op.params ? { params: op.params } : {}), response } as { params: Q; response: Record<number, TSchema> };
}

/** An operation, its path and parameters kept as literal types (Elysia types a handler's params from them). */
export function operation<const P extends string, Q extends TObject = TObject>(op: Operation<P, Q>): Operation<P, Q> {
  return { ...op, answers: { ...op.answers, 500: op.answers[500] ?? INTERNAL_ERROR } };
}

/** `{ status }` with these values, and the problems when there are any (health and readiness). */
export function statusObject(values: readonly [string, ...string[]]) {
  return open({ status: oneOf(values), problems: Type.Optional(Type.Array(Type.String())) });
}

/** /readyz's answer: the status, its problems, and the queue it reports (never a reason for 503). */
export function readinessObject(values: readonly [string, ...string[]]) {
  return open({
    status: oneOf(values),
    problems: Type.Optional(Type.Array(Type.String())),
    warnings: Type.Optional(
      Type.Array(Type.String(), { description: "what deserves a look without making the process unready" }),
    ),
    jobs: Type.Optional(
      open({
        runningPastDeadline: Type.Integer({
          minimum: 0,
          description:
            "jobs whose attempt passed JOB_DEADLINE and that their worker could not end (the lease rescue takes them back)",
        }),
        oldestDueSeconds: Type.Integer({
          minimum: 0,
          description: "how long the oldest due job has waited to be claimed",
        }),
      }),
    ),
  });
}
