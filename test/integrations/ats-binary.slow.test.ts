/**
 * Both ATS through the compiled executable (src/build.ts, as `bun run build` makes dist/claimcheck): the
 * connections are made with its CLI, its server is started like any deployment (ATS_ALLOW_PRIVATE only
 * because the simulators are on loopback), and the Greenhouse and Ashby simulators drive it from a stage
 * assignment to the result the ATS shows, against the GitHub simulator.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type AshbySimulator, startAshbySimulator } from "../support/ats-sim/ashby-sim.ts";
import { type GreenhouseSimulator, startGreenhouseSimulator } from "../support/ats-sim/greenhouse-sim.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil } from "../support/harness.ts";

const alice = sampleCandidates().find((c) => c.login === "alice-honest")!;
const CUSTOMER_KEY = "ashby-customer-key-binary-test";
let dir = "";
let binary = "";
let github: GitHubSimulator;
let server: ChildServer;
let gh: GreenhouseSimulator;
let ashby: AshbySimulator;
let env: Record<string, string>;

const cli = async (...args: string[]) => {
  const r = await runCliProcess(args, env, [binary]);
  if (r.code !== 0) throw new Error(`${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  return r.stdout.trim();
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "claimcheck-ats-binary-"));
  binary = join(dir, "claimcheck");
  const build = Bun.spawn(
    [process.execPath, join(import.meta.dir, "..", "..", "src", "build.ts"), "--outfile", binary],
    { stdout: "pipe", stderr: "pipe" },
  );
  if ((await build.exited) !== 0) throw new Error(`src/build.ts failed: ${await new Response(build.stderr).text()}`);
  github = await startGitHubSimulator({ candidates: [alice], tokens: ["t"] });
  env = {
    DATA_DIR: join(dir, "data"),
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: "t",
    ATS_ALLOW_PRIVATE: "true",
    WEBHOOK_RETRY_SCHEDULE: "100ms,100ms",
  };
  const greenhouseKey = await cli("integrations", "create", "greenhouse", "--client", "default", "--create");
  let ashbyKey = "";
  let partner = "";
  ashby = startAshbySimulator({
    get partnerBase() {
      return partner;
    },
    get partnerKey() {
      return ashbyKey;
    },
    customerKey: CUSTOMER_KEY,
  });
  ashbyKey = await cli(
    "integrations",
    "create",
    "ashby",
    "--client",
    "default",
    "--ashby-key",
    CUSTOMER_KEY,
    "--ashby-api-url",
    ashby.url,
  );
  server = await startChildServer(env, ["serve"], 30_000, { command: binary, cwd: dir });
  partner = `${server.url}/integrations/ashby`;
  gh = startGreenhouseSimulator({ partnerBase: `${server.url}/integrations/greenhouse`, key: greenhouseKey });
  ashby.addCandidate({
    id: "cand-alice",
    firstName: "Alice",
    lastName: "Honest",
    email: "alice@example.com",
    resume: await sampleResumePdf(resumeOf(alice)),
  });
}, 240_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await server?.exited;
  await gh?.stop();
  await ashby?.stop();
  await github?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("Greenhouse: send_test, the resume download, the verification, the PATCH, the status on the profile", async () => {
  expect((await gh.listTests()).map((t) => t.partner_test_id)).toEqual(["code-claims"]);
  const sent = await gh.sendTest({
    testId: "code-claims",
    candidate: { first_name: "Alice", last_name: "Honest", email: "alice@example.com" },
    resume: await sampleResumePdf(resumeOf(alice)),
  });
  expect(sent.status).toBe(200);
  expect(gh.downloads).toBe(1);
  const id = (sent.body as { partner_interview_id: string }).partner_interview_id;
  const shown = await pollUntil(() => gh.shown.get(id), "the profile's test status", 120_000, 100);
  expect(shown.partner_status).toBe("complete");
  expect(shown.partner_score).toBeNumber();
  expect(shown.metadata?.Verdict).toBeString();
  expect(shown.metadata?.Accounts).toBe("github.com:alice-honest");
  expect((await fetch(shown.partner_profile_url!)).status).toBe(200);
  // an unauthenticated call to the real binary gets Greenhouse's error answer
  const refused = await gh.raw("send_test", { method: "POST", body: "{}", key: null });
  expect(refused.status).toBe(401);
  expect((refused.body as { errors: string[] }).errors).toHaveLength(1);
  expect(gh.contractErrors).toEqual([]);
}, 180_000);

test("Ashby: assessment.start, the resume through candidate.info and file.info, Started then Completed", async () => {
  expect((await ashby.list()).results.map((r) => r.assessment_type_id)).toEqual(["code-claims"]);
  const started = await ashby.start("code-claims", "cand-alice");
  expect(started.status).toBe(200);
  const id = (started.body as { results: { assessment_id: string } }).results.assessment_id;
  const done = await pollUntil(
    () => (ashby.shown(id)?.assessment_status?.value === "Completed" ? ashby.shown(id) : null),
    "the completion update",
    120_000,
    100,
  );
  const all = ashby.updates.filter((u) => u.assessment_id === id);
  expect(all.map((u) => u.assessment_status?.value)).toEqual(["Started", "Completed"]);
  expect(all[1]!.timestamp).toBeGreaterThan(all[0]!.timestamp);
  expect(done.assessment_result?.type).toBe("numeric_score");
  const meta = Object.fromEntries((done.metadata ?? []).map((m) => [m.identifier, m]));
  expect(meta.verdict?.type).toBe("string");
  expect(meta.report_url?.type).toBe("url");
  expect((await fetch(String(meta.report_url!.value))).status).toBe(200);
  const refused = await ashby.raw("assessment.start", { method: "POST", body: "{}", key: "wrong" });
  expect(refused).toMatchObject({ status: 401, body: { success: false, errors: ["unauthorized"] } });
  expect(ashby.contractErrors).toEqual([]);
}, 180_000);
