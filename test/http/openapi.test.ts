/**
 * The OpenAPI document as an integrator uses it: valid for a standard validator, scoped (security only
 * on /v1, METRICS_TOKEN on /metrics, no dashboard pages), complete (headers, Idempotency-Key, 503
 * storage_full and server_busy, 408 request_timeout, integers), in step
 * with the routes, and good enough to generate a typed client that submits and polls a real server.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import createClient from "openapi-fetch";
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
  components: { schemas: Record<string, Any>; securitySchemes: Record<string, unknown> };
};

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
    expect(Object.keys(metrics.responses).sort()).toEqual(["200", "401", "403"]);
    expect(metrics.responses["401"].headers["WWW-Authenticate"]).toBeDefined();
    expect(metrics.responses["403"].description).toContain("metrics_disabled");
  });

  test("declares Location, Retry-After, Idempotency-Key, 503 storage_full and server_busy, 408 request_timeout; integer fields are integers", () => {
    const post = doc.paths["/v1/verify"]!.post!;
    expect(post.responses["503"].description).toContain("server_busy");
    expect(post.responses["408"].description).toContain("request_timeout");
    expect(Object.keys(post.responses["202"].headers)).toContain("Location");
    expect(post.responses["429"].headers["Retry-After"].schema.type).toBe("integer");
    expect(post.responses["503"].description).toContain("storage_full");
    expect(post.responses["503"].headers["Retry-After"].schema.type).toBe("integer");
    expect(post.parameters).toEqual([
      expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }),
    ]);
    const get = doc.paths["/v1/jobs/{trackingId}"]!.get!;
    expect(get.responses["200"].headers["Retry-After"].schema.type).toBe("integer");
    const s = doc.components.schemas;
    expect(s.VerificationResult.properties.confidenceScore).toEqual({ type: "integer", minimum: 0, maximum: 100 });
    expect(s.VerifiedProject.properties.commits.type).toBe("integer");
    expect(s.Error.properties.retryAfter.type).toBe("integer");
    expect(s.PendingJob.properties.stage.anyOf.map((a: { const: string }) => a.const)).toEqual([
      "extracting",
      "fetching",
      "analysing",
    ]);
    expect(JSON.stringify(doc)).not.toContain('"format":"integer"'); // Elysia's coercing t.Integer would say so
    // the extra member reportUrl is documented; the spec's required fields stay as they are
    expect(s.VerificationResult.properties.reportUrl.format).toBe("uri");
    expect(s.VerificationResult.required).not.toContain("reportUrl");
    const pdf = doc.paths["/v1/jobs/{trackingId}/report.pdf"]!.get!;
    expect(Object.keys(pdf.responses).sort()).toEqual(["200", "401", "404", "409"]);
    expect(Object.keys(pdf.responses["200"].content)).toEqual(["application/pdf"]);
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
        form.set("hostUsername", body.hostUsername);
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
