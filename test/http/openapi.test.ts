/**
 * The OpenAPI document as an integrator uses it: the served document is the one generated from the
 * operations and the contract's schemas, valid for a standard validator, scoped (security only on /v1,
 * METRICS_TOKEN on /metrics, no dashboard pages), complete (headers, Idempotency-Key, every error answer
 * with its codes, webhooks), in step with the routes in both directions, and good enough to generate a
 * typed client that submits and polls a real server.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { AnyElysia } from "elysia";
import createClient from "openapi-fetch";
import { API_OPERATIONS } from "../../src/http/api-operations.ts";
import { openApiDocument } from "../../src/http/openapi-document.ts";
import { healthRoutes } from "../../src/http/routes/health-routes.ts";
import { reportPdfRoutes } from "../../src/http/routes/report-pdf-route.ts";
import { verifyRoutes } from "../../src/http/routes/verify-routes.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil, tempDir } from "../support/harness.ts";
import type { paths } from "./generated/claimcheck-api.ts";
import { clientTypes, GENERATED } from "./openapi-client-types.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON, read by path in the assertions
type Any = any;
type Doc = {
  openapi: string;
  security?: unknown[];
  paths: Record<string, Record<string, Record<string, Any>>>;
  webhooks: Record<string, Record<string, Any>>;
  components: { schemas: Record<string, Any>; securitySchemes: Record<string, unknown> };
};

/** The codes an error answer's schema allows (the Error component narrowed by allOf). */
function codesOf(answer: Any): string[] {
  const [base, narrowed] = answer.content["application/json"].schema.allOf;
  expect(base).toEqual({ $ref: "#/components/schemas/Error" });
  return narrowed.properties.error.enum;
}

const tmp = tempDir();
let sim: GitHubSimulator;
let server: ChildServer;
let doc: Doc;
let key = "";

beforeAll(async () => {
  sim = await startGitHubSimulator({ candidates: sampleCandidates(), tokens: ["t"] });
  const env = { DATA_DIR: tmp.dir, GITHUB_API_URL: sim.url, GITHUB_TOKEN: "t" };
  server = await startChildServer(env);
  key = (await runCliProcess(["keys", "create", "--name", "openapi"], env)).stdout.trim();
  doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc;
}, 60_000);

afterAll(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
  await sim?.stop();
  tmp.cleanup();
});

describe("/openapi.json", () => {
  test("is the document generated from the operations and the contract's schemas", () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument(10 * 1024 * 1024))));
  });

  test("is a valid OpenAPI 3.1 document for a standard validator", async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toStartWith("3.1");
  });

  test("API keys apply to /v1 only, METRICS_TOKEN to /metrics; the other operations need none; no dashboard pages", () => {
    expect(doc.security ?? []).toEqual([]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/healthz",
      "/metrics",
      "/readyz",
      "/v1/jobs/{trackingId}",
      "/v1/jobs/{trackingId}/report.pdf",
      "/v1/verify",
    ]);
    for (const [path, item] of Object.entries(doc.paths))
      for (const op of Object.values(item))
        expect({ path, security: op.security }).toEqual({
          path,
          security: path.startsWith("/v1/") ? [{ bearer: [] }] : path === "/metrics" ? [{ metricsToken: [] }] : [],
        });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearer", "metricsToken"]);
    const metrics = doc.paths["/metrics"]!.get!;
    expect(Object.keys(metrics.responses).sort()).toEqual(["200", "401", "403", "500"]);
    expect(metrics.responses["401"].headers["WWW-Authenticate"]).toBeDefined();
    expect(metrics.responses["403"].description).toContain("metrics_disabled");
  });

  test("declares Location, Retry-After, Idempotency-Key; integer fields are integers; extras are typed and optional", () => {
    const post = doc.paths["/v1/verify"]!.post!;
    expect(Object.keys(post.responses["202"].headers)).toEqual(["Location", "Idempotent-Replayed"]);
    expect(post.responses["429"].headers["Retry-After"].schema.type).toBe("integer");
    expect(post.responses["503"].headers["Retry-After"].schema.type).toBe("integer");
    expect(post.responses["401"].headers["WWW-Authenticate"]).toBeDefined();
    expect(post.parameters).toEqual([
      expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }),
    ]);
    const get = doc.paths["/v1/jobs/{trackingId}"]!.get!;
    expect(get.responses["200"].headers["Retry-After"].schema.type).toBe("integer");
    expect(get.parameters).toEqual([expect.objectContaining({ name: "trackingId", in: "path", required: true })]);
    const s = doc.components.schemas;
    expect(s.VerificationResult.properties.confidenceScore).toMatchObject({
      type: "integer",
      minimum: 0,
      maximum: 100,
    });
    expect(s.VerifiedProject.properties.commits.type).toBe("integer");
    expect(s.Error.properties.retryAfter.type).toBe("integer");
    expect(s.PendingJob.properties.stage.enum).toEqual(["extracting", "fetching", "analysing"]);
    expect(JSON.stringify(doc)).not.toContain('"format":"integer"'); // Elysia's coercing t.Integer would say so
    // the contract's fixed members are required, the service's extras typed and optional, every object open
    expect(s.VerificationResult.required).toEqual([
      "trackingId",
      "hostUsername",
      "confidenceScore",
      "status",
      "verifiedProjects",
      "flags",
      "completedAt",
      "createdAt",
    ]);
    expect(s.VerifiedProject.required).toEqual(["name", "repoUrl", "commits", "matchStrength"]);
    expect(s.Flag.required).toEqual(["severity", "message"]);
    expect(s.VerificationResult.properties.reportUrl.anyOf[0].format).toBe("uri"); // or null once the link no longer works
    expect(s.VerificationResult.properties.scoreBreakdown).toEqual({ $ref: "#/components/schemas/ScoreBreakdown" });
    expect(s.VerifiedProject.properties.worstFlag.anyOf).toHaveLength(2);
    expect(s.Flag.properties.evidence.additionalProperties).toEqual({
      anyOf: [{ type: "number" }, { type: "string" }],
    });
    for (const [name, schema] of Object.entries(s))
      expect({ name, open: schema.additionalProperties }).toEqual({ name, open: true });
    const pdf = doc.paths["/v1/jobs/{trackingId}/report.pdf"]!.get!;
    expect(Object.keys(pdf.responses["200"].content)).toEqual(["application/pdf"]);
  });

  test("every error answer names its codes; the contract's answers are where it puts them", () => {
    const codes = (path: string, method: string) =>
      Object.fromEntries(
        Object.entries(doc.paths[path]![method]!.responses as Record<string, Any>)
          .filter(([status]) => Number(status) >= 400)
          .filter(([, answer]) => answer.content?.["application/json"]?.schema?.allOf)
          .map(([status, answer]) => [status, codesOf(answer)]),
      );
    expect(codes("/v1/verify", "post")).toEqual({
      "400": ["missing_fields", "invalid_request", "client_closed_request"],
      "401": ["unauthorized"],
      "408": ["request_timeout"],
      "413": ["invalid_file"],
      "415": ["invalid_file"],
      "422": ["idempotency_key_reused"],
      "429": ["quota_exceeded"],
      "500": ["internal_error"],
      "503": ["storage_full", "server_busy", "database_unavailable"],
    });
    expect(codes("/v1/jobs/{trackingId}", "get")).toEqual({
      "400": ["invalid_request"],
      "401": ["unauthorized"],
      "404": ["job_not_found"],
      "500": ["internal_error"],
      "503": ["database_unavailable"],
    });
    expect(codes("/v1/jobs/{trackingId}/report.pdf", "get")).toMatchObject({ "409": ["report_not_ready"] });
    expect(codes("/metrics", "get")).toEqual({
      "401": ["unauthorized"],
      "403": ["metrics_disabled"],
      "500": ["internal_error"],
    });
  });

  test("webhooks: verification.completed with its body and headers, and the test event", () => {
    expect(Object.keys(doc.webhooks)).toEqual(["verification.completed", "webhook.test"]);
    const completed = doc.webhooks["verification.completed"]!.post!;
    expect(completed.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/VerificationCompleted",
    });
    const body = doc.components.schemas.VerificationCompleted;
    expect(body.required).toEqual(["event", ...doc.components.schemas.VerificationResult.required, "timestamp"]);
    expect(body.properties.event).toEqual({ type: "string", const: "verification.completed" });
    expect(body.properties.webhookStatus).toBeUndefined(); // a poll's member, never in the event
    expect(completed.parameters.map((p: Any) => [p.name, p.in, p.required])).toEqual([
      ["X-Service-Signature", "header", true],
      ["webhook-id", "header", true],
      ["webhook-timestamp", "header", true],
      ["webhook-signature", "header", true],
      ["User-Agent", "header", true],
    ]);
    expect(Object.keys(completed.responses)).toEqual(["2XX", "default"]);
  });

  test("every documented operation is a live route", async () => {
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item)) {
        const res = await fetch(`${server.url}${path.replace("{trackingId}", "vrf_none")}`, {
          method: method.toUpperCase(),
        });
        const body = await res.text();
        expect({ path, method, routed: !body.includes('"not_found"') }).toEqual({ path, method, routed: true });
      }
  });

  test("every API route is a documented operation, and every operation a route", () => {
    const deps = {} as never;
    const routes = [verifyRoutes(deps), reportPdfRoutes(deps), healthRoutes({} as never)].flatMap((r: AnyElysia) =>
      r.routes.map((route) => `${route.method} ${route.path}`),
    );
    expect(routes.sort()).toEqual(API_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort());
  });

  test("the committed client types are what openapi-typescript generates from the live document", async () => {
    expect(await clientTypes(doc)).toBe(await Bun.file(GENERATED).text());
  });

  test("a typed client generated from it submits a resume and polls the job to its result", async () => {
    const client = createClient<paths>({ baseUrl: server.url, headers: { authorization: `Bearer ${key}` } });
    const pdf = await sampleResumePdf({
      name: "Alice Honest",
      githubLogin: "alice-honest",
      projects: [{ name: "Weather Dash", repoUrl: "github.com/alice-honest/weather-dash" }],
    });
    const submitted = await client.POST("/v1/verify", {
      params: { header: { "Idempotency-Key": "openapi-client-1" } },
      body: { resume: new Blob([pdf as BlobPart], { type: "application/pdf" }), hostUsername: "alice-honest" },
      bodySerializer(body) {
        const form = new FormData();
        form.set("resume", body.resume, "alice.pdf");
        if (body.hostUsername) form.set("hostUsername", body.hostUsername);
        for (const a of body.accounts ?? []) form.append("accounts", a);
        return form;
      },
    });
    expect(submitted.response.status).toBe(202);
    const ack = submitted.data!;
    expect(ack.status).toBe("queued");
    expect(submitted.response.headers.get("location")).toBe(`/v1/jobs/${ack.trackingId}`);

    const seen = new Set<string>();
    const result = await pollUntil(
      async () => {
        const { data, response } = await client.GET("/v1/jobs/{trackingId}", {
          params: { path: { trackingId: ack.trackingId } },
        });
        if (!data) throw new Error(`poll answered ${response.status}`);
        if (data.status === "COMPLETED" || data.status === "FAILED") return data;
        seen.add(`${data.status} retry-after=${response.headers.get("retry-after")}`);
        return null;
      },
      "the job to end",
      60_000,
      50,
    );
    expect(result.status).toBe("COMPLETED");
    expect(result.hostUsername).toBe("alice-honest");
    expect(result.confidenceScore).toBeGreaterThanOrEqual(70);
    expect(result.verifiedProjects.map((p) => p.repoUrl)).toEqual(["github.com/alice-honest/weather-dash"]);
    for (const s of seen) expect(s).toMatch(/^(queued retry-after=5|processing retry-after=2)$/);

    const missing = await client.GET("/v1/jobs/{trackingId}", { params: { path: { trackingId: "vrf_nope" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toBe("job_not_found");
  }, 90_000);
});
