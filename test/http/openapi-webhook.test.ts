/**
 * The webhook contract against real deliveries: a `claimcheck serve` process verifies sample candidates
 * (honest, forged, copied, mixed, and an unreadable PDF that ends FAILED) against the GitHub simulator and
 * delivers to a local receiver. Every delivered body and every polled result must be described in full by
 * the contract's runtime schema, must type-check against the payload type openapi-typescript generates
 * from the served /openapi.json, and every delivery's headers must be the ones the document states.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { Value } from "@sinclair/typebox/value";
import {
  VERIFICATION_COMPLETED,
  VerificationCompletedSchema,
  VerificationResultSchema,
} from "../../src/contract/index.ts";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { forgeCandidate } from "../support/forge-sim/forge-candidate.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";
import { pollUntil, submit, tempDir } from "../support/harness.ts";
import { clientTypes } from "./openapi-client-types.ts";
import { closed, typeCheck, unusedMembers, violations } from "./openapi-contract.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON, read by path in the assertions
type Any = any;
interface Delivery {
  headers: Record<string, string>;
  raw: string;
  body: Record<string, unknown>;
}

const SECRET = "whsec_contract-test-secret-0123456789";
/** Headers any HTTP client adds; the document states the service's own. */
const TRANSPORT = ["host", "content-length", "connection", "accept", "accept-encoding", "content-type"];

const tmp = tempDir();
const checkDir = tempDir("claimcheck-typecheck-");
const candidates = sampleCandidates();
let sim: GitHubSimulator;
let gitlab: GitLabSimulator;
let server: ChildServer;
let receiver: ReturnType<typeof Bun.serve>;
let doc: Any;
let key = "";
const deliveries: Delivery[] = [];
const trackingIds: string[] = [];

beforeAll(async () => {
  receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const raw = await req.text();
      deliveries.push({ headers: Object.fromEntries(req.headers), raw, body: JSON.parse(raw) });
      return new Response(null, { status: 204 });
    },
  });
  sim = await startGitHubSimulator({ candidates, tokens: ["t"] });
  gitlab = await startGitLabSimulator({ candidates: [forgeCandidate("gl-dev")] });
  const env = {
    DATA_DIR: tmp.dir,
    GITHUB_API_URL: sim.url,
    GITHUB_TOKEN: "t",
    PUBLIC_URL: "http://claimcheck.test",
    FORGE_HOSTS: `gitlab.com@${gitlab.url}=gitlab`,
  };
  key = (await runCliProcess(["keys", "create", "--name", "contract", "--create"], env)).stdout.trim();
  const hook = await runCliProcess(
    ["webhook", "set", "--url", `http://127.0.0.1:${receiver.port}/hooks`, "--secret", SECRET],
    env,
  );
  if (hook.code !== 0) throw new Error(`webhook set failed: ${hook.stderr}`);
  server = await startChildServer(env);
  doc = await (await fetch(`${server.url}/openapi.json`)).json();
  for (const c of candidates) {
    const res = await submit(server.url, key, { resume: await sampleResumePdf(resumeOf(c)), hostUsername: c.login });
    trackingIds.push(((await res.json()) as { trackingId: string }).trackingId);
  }
  // a candidate with work on GitHub and on GitLab: the result names the accounts and each project's host
  const both = resumeOf(candidates[0]!);
  both.projects.push({ name: "Weather Dash", repoUrl: "gitlab.com/gl-dev/weather-dash" });
  const spanning = await submit(server.url, key, {
    resume: await sampleResumePdf(both),
    hostUsername: candidates[0]!.login,
    accounts: ["gitlab.com:gl-dev"],
  });
  trackingIds.push(((await spanning.json()) as { trackingId: string }).trackingId);
  // a PDF cut short: the job ends FAILED, and its event says why
  const cut = await submit(server.url, key, { resume: "%PDF-1.4\n1 0 obj\n", hostUsername: "alice-honest" });
  trackingIds.push(((await cut.json()) as { trackingId: string }).trackingId);
  await pollUntil(() => deliveries.length >= trackingIds.length, "every job's webhook", 120_000, 50);
}, 150_000);

afterAll(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
  await sim?.stop();
  await gitlab?.stop();
  receiver?.stop(true);
  tmp.cleanup();
  checkDir.cleanup();
});

describe("verification.completed as delivered", () => {
  test("one event per job, COMPLETED and FAILED alike", () => {
    expect(deliveries.map((d) => d.body.event)).toEqual(trackingIds.map(() => VERIFICATION_COMPLETED));
    expect(deliveries.map((d) => d.body.trackingId).sort()).toEqual([...trackingIds].sort());
    const statuses = deliveries.map((d) => d.body.status);
    expect(statuses).toContain("COMPLETED");
    expect(statuses).toContain("FAILED");
  });

  test("a verification across GitHub and GitLab names its accounts and each project's host", () => {
    const spanning = deliveries.find((d) => Array.isArray(d.body.accounts))!.body as Any;
    expect(spanning.accounts).toEqual(["gitlab.com:gl-dev"]);
    const hosts = spanning.verifiedProjects.map((p: Any) => [p.host, p.repoUrl.split("/")[0]]);
    expect(hosts).toContainEqual(["gitlab.com", "gitlab.com"]);
    expect(hosts).toContainEqual(["github.com", "github.com"]);
  });

  test("every body is the contract's runtime schema, every member described", () => {
    const strict = closed(VerificationCompletedSchema);
    for (const d of deliveries)
      expect({ trackingId: d.body.trackingId, problems: violations(strict, d.body) }).toEqual({
        trackingId: d.body.trackingId,
        problems: [],
      });
  });

  test("the check bites: an undescribed member or a value outside its enum is refused", () => {
    const strict = closed(VerificationCompletedSchema);
    const body = structuredClone(deliveries.find((d) => d.body.status === "COMPLETED")!.body) as Any;
    expect(Value.Check(strict, body)).toBe(true);
    expect(Value.Check(strict, { ...body, newMember: 1 })).toBe(false);
    expect(Value.Check(strict, { ...body, status: "DONE" })).toBe(false);
    const project = { ...body.verifiedProjects[0], undescribed: true };
    expect(Value.Check(strict, { ...body, verifiedProjects: [project] })).toBe(false);
    // the published schema stays open: a later version's members do not break an older client's check
    expect(Value.Check(VerificationCompletedSchema, { ...body, newMember: 1 })).toBe(true);
  });

  test("the sample runs use what the schema describes (so the checks above cover it)", () => {
    // members only some histories produce: an estimate needs a history too long to count, a cap needs a
    // flag that discredits most of a repository whose claim still earns credit, the score's hold needs
    // half or more of the claim weight discredited
    const rare = [
      "verifiedProjects[].commitsEstimated",
      "scoreBreakdown.claims[].extentCapped",
      "scoreBreakdown.cappedAt",
      "reportLinkState", // only once a result's link was revoked or expired (test/dashboard/report-url.test.ts)
    ];
    const bodies = deliveries.map((d) => d.body);
    expect(unusedMembers(VerificationCompletedSchema, bodies).filter((m) => !rare.includes(m))).toEqual([]);
  });

  test("every body type-checks against the payload type openapi-typescript generates from the served document", async () => {
    const types = await clientTypes(doc);
    expect(types).toContain('"verification.completed"');
    const completed = deliveries.find((d) => d.body.status === "COMPLETED")!.body as Any;
    const source = `import type { webhooks } from "./api.ts";
type Payload = NonNullable<webhooks["verification.completed"]["post"]["requestBody"]>["content"]["application/json"];
/** The payload type without its index signatures: a member the document does not describe is an error. */
type Described<T> = T extends readonly (infer U)[]
  ? Described<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Described<T[K]> }
    : T;
export const delivered: Described<Payload>[] = ${JSON.stringify(deliveries.map((d) => d.body))};
// the check bites:
// @ts-expect-error a member the document does not describe
export const undescribed: Described<Payload> = ${JSON.stringify({ ...completed, newMember: 1 })};
// @ts-expect-error a status outside the enum
export const badStatus: Described<Payload> = ${JSON.stringify({ ...completed, status: "DONE" })};
// @ts-expect-error a flag without its severity
export const badFlag: Described<Payload> = ${JSON.stringify({ ...completed, flags: [{ message: "x" }] })};
`;
    const checked = await typeCheck(checkDir.dir, types, source);
    expect(checked).toEqual({ code: 0, output: "" });
  }, 60_000);

  test("every delivery carries the headers the document states, and no other", () => {
    const documented = doc.webhooks[VERIFICATION_COMPLETED].post.parameters as Array<{
      name: string;
      in: string;
      required: boolean;
      schema: Record<string, unknown>;
    }>;
    expect(documented.map((p) => p.name)).toEqual([
      "X-Service-Signature",
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
      "User-Agent",
    ]);
    for (const d of deliveries) {
      for (const p of documented) {
        const value = d.headers[p.name.toLowerCase()];
        expect({ header: p.name, present: value !== undefined }).toEqual({ header: p.name, present: true });
        if (p.schema.pattern) expect(value).toMatch(new RegExp(p.schema.pattern as string));
        if (p.schema.const) expect(value).toBe(p.schema.const as string);
      }
      const names = new Set(documented.map((p) => p.name.toLowerCase()));
      expect(Object.keys(d.headers).filter((h) => !names.has(h) && !TRANSPORT.includes(h))).toEqual([]);
      expect(d.headers["content-type"]).toStartWith("application/json");
      const digest = createHmac("sha256", SECRET).update(d.raw, "utf8").digest("hex");
      expect(d.headers["x-service-signature"]).toBe(`sha256=${digest}`);
    }
  });
});

describe("results as polled", () => {
  test("every polled result is the contract's runtime schema, every member described, webhookStatus beside it", async () => {
    const strict = closed(VerificationResultSchema);
    for (const id of trackingIds) {
      const polled = (await (
        await fetch(`${server.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as Any;
      expect({ id, problems: violations(strict, polled) }).toEqual({ id, problems: [] });
      expect(polled.webhookStatus).toBe("delivered");
      const delivered = deliveries.find((d) => d.body.trackingId === id)!.body as Any;
      const { event: _e, timestamp, ...recorded } = delivered;
      const { webhookStatus: _w, ...rest } = polled;
      expect(rest).toEqual(recorded);
      expect(timestamp).toBe(polled.completedAt);
    }
  });
});
