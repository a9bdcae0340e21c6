import type { TSchema } from "@sinclair/typebox";
import { ErrorSchema, nameOf } from "../contract/index.ts";
import type { Answer, DocumentFacts, HeaderDoc, Operation } from "./api-operation.ts";
import { API_OPERATIONS } from "./api-operations.ts";
import { WEBHOOK_ANSWERS, WEBHOOK_EVENTS, WEBHOOK_HEADERS, type WebhookEvent } from "./api-webhooks.ts";

type Json = Record<string, unknown>;

const SECURITY: Record<Operation["auth"], Json[]> = {
  apiKey: [{ bearer: [] }],
  metricsToken: [{ metricsToken: [] }],
  none: [],
};

/**
 * The OpenAPI 3.1 document of the public interface, generated from the operations the routes are built
 * from (http/api-operations.ts), the webhook events (http/api-webhooks.ts) and the contract's schemas
 * (contract/). Nothing in it is written twice: a named contract shape becomes one component, referred to
 * wherever it is used; every error answer is the Error component narrowed to the codes its operation
 * declares. test/http/openapi.test.ts checks that the served document is this one and valid.
 */
export function openApiDocument(maxResumeBytes: number): Json {
  const facts: DocumentFacts = { maxResumeBytes };
  const components = new Components();
  const paths: Record<string, Json> = {};
  for (const op of API_OPERATIONS) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [op.method]: operationObject(op, facts, components) };
  }
  const webhooks = Object.fromEntries(WEBHOOK_EVENTS.map((w) => [w.event, { post: webhookObject(w, components) }]));
  return {
    openapi: "3.1.0",
    info: {
      title: "claimcheck API",
      version: "1",
      description:
        "Resume verification: submit a resume PDF and a GitHub username, get a scored verification by signed webhook or by polling. Every /v1 operation needs `Authorization: Bearer <API key>`; the operations endpoints need none, except /metrics (its own `METRICS_TOKEN` bearer). Objects may gain members in later versions: a client ignores the members it does not know.",
    },
    tags: [
      { name: "verifications", description: "submit a resume and read the result" },
      {
        name: "operations",
        description: "health and readiness for orchestrators (no key); metrics for Prometheus (METRICS_TOKEN)",
      },
    ],
    security: [],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "an API key (`keys create`)" },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "the server's METRICS_TOKEN (set by the operator), for GET /metrics only",
        },
      },
      schemas: components.schemas,
    },
  };
}

function operationObject(op: Operation, facts: DocumentFacts, components: Components): Json {
  const description = typeof op.description === "function" ? op.description(facts) : op.description;
  const pathParams = Object.entries(op.params?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "path",
    required: true,
    ...describedBy(schema),
    schema: components.json(schema),
  }));
  const body = op.body && {
    required: true,
    content: Object.fromEntries(
      Object.entries(op.body).map(([media, b]) => [
        media,
        { schema: components.json(b.schema), ...(b.encoding ? { encoding: b.encoding } : {}) },
      ]),
    ),
  };
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(description ? { description } : {}),
    security: SECURITY[op.auth],
    ...(pathParams.length || op.headers ? { parameters: [...pathParams, ...headerParameters(op.headers ?? {})] } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries(
      Object.entries(op.answers).map(([status, answer]) => [status, answerObject(answer, components)]),
    ),
  };
}

function webhookObject(w: WebhookEvent, components: Components): Json {
  return {
    operationId: w.operationId,
    summary: w.summary,
    description: w.description,
    parameters: headerParameters(WEBHOOK_HEADERS),
    requestBody: { required: true, content: { "application/json": { schema: components.json(w.body) } } },
    responses: WEBHOOK_ANSWERS,
  };
}

function headerParameters(headers: Record<string, HeaderDoc>): Json[] {
  return Object.entries(headers).map(([name, h]) => ({
    name,
    in: "header",
    required: h.required ?? false,
    description: h.description,
    schema: h.schema,
  }));
}

function answerObject(answer: Answer, components: Components): Json {
  const headers = answer.headers
    ? Object.fromEntries(
        Object.entries(answer.headers).map(([name, h]) => [
          name,
          { description: h.description, ...(h.required ? { required: true } : {}), schema: h.schema },
        ]),
      )
    : undefined;
  let content: Json | undefined;
  if (answer.json) content = { "application/json": { schema: components.json(answer.json) } };
  else if (answer.errors)
    content = {
      "application/json": {
        schema: {
          allOf: [
            components.json(ErrorSchema),
            {
              type: "object",
              required: ["error"],
              properties: { error: { type: "string", enum: [...answer.errors] } },
            },
          ],
        },
      },
    };
  else if (answer.media)
    content = Object.fromEntries(Object.entries(answer.media).map(([media, schema]) => [media, { schema }]));
  return { description: answer.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

/** A parameter's description lives beside the parameter, not inside its schema. */
function describedBy(schema: TSchema): Json {
  return typeof schema.description === "string" ? { description: schema.description } : {};
}

/**
 * TypeBox schemas as the document's JSON Schema: named shapes become components (each converted once)
 * referred to by $ref; a union of string literals becomes an enum; a record of any key becomes an
 * object whose additionalProperties are its values. TypeBox's own symbols are dropped.
 */
class Components {
  readonly schemas: Record<string, unknown> = {};

  json(schema: unknown): unknown {
    const name = nameOf(schema);
    if (name) {
      if (!(name in this.schemas)) {
        this.schemas[name] = {}; // claimed before converting: a shape that contains itself refers to itself
        this.schemas[name] = this.convert(schema as Json);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return this.convert(schema);
  }

  private convert(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.json(s));
    if (typeof schema !== "object" || schema === null) return schema;
    const s = schema as Json;
    const literals = stringLiterals(s.anyOf);
    if (literals) return { type: "string", enum: literals, ...metadata(s) };
    const pattern = s.patternProperties as Json | undefined;
    if (s.type === "object" && pattern && Object.keys(pattern).length === 1 && !s.properties) {
      const { patternProperties: _, ...rest } = s;
      return { ...this.convertMembers(rest), additionalProperties: this.json(Object.values(pattern)[0]) };
    }
    return this.convertMembers(s);
  }

  private convertMembers(s: Json): Json {
    const out: Json = {};
    for (const key of Object.keys(s)) {
      const value = s[key];
      out[key] =
        key === "properties" && value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.json(v)]))
          : this.json(value);
    }
    return out;
  }
}

/** The values of a union whose every member is a string literal, else null. */
function stringLiterals(anyOf: unknown): string[] | null {
  if (!Array.isArray(anyOf) || anyOf.length === 0) return null;
  const values = anyOf.map((m) => (m && typeof m === "object" && typeof m.const === "string" ? m.const : null));
  return values.every((v): v is string => v !== null) ? values : null;
}

/** The annotations of a schema (description, examples ...), without its structure. */
function metadata(s: Json): Json {
  const { anyOf: _, type: __, ...rest } = s;
  return rest;
}
