/**
 * Smoke test of the compiled binary, run by .ci/run: start the GitHub simulator (sample candidates) and
 * the binary on port 0 with a fresh DATA_DIR, check /healthz and /readyz, create a key with the binary's
 * CLI, submit a generated resume, poll the job to COMPLETED, run `extract` and `verify` from the binary,
 * then SIGTERM and expect a clean exit. Nothing leaves loopback.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { sampleResumePdf } from "../test/demo/resume-pdf.ts";
import { startChildServer } from "../test/support/child-server.ts";

const bin = resolve(process.argv[2] ?? "dist/claimcheck");
const dataDir = mkdtempSync(join(tmpdir(), "claimcheck-smoke-"));
const sim = await startChildServer({ SIM_TOKENS: "smoke-token" }, ["test/support/github-sim/serve-simulator.ts"]);
const env = {
  PATH: process.env.PATH ?? "",
  HOME: dataDir,
  DATA_DIR: dataDir,
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  GITHUB_API_URL: sim.url,
  GITHUB_TOKEN: "smoke-token",
};
/** A failed check: thrown, so that the finally below still stops the server and the simulator. */
class SmokeFailure extends Error {}
const fail = (msg: string): never => {
  throw new SmokeFailure(msg);
};

let server: Bun.Subprocess<"ignore", "pipe", "inherit"> | undefined;
try {
  server = Bun.spawn([bin, "serve"], { env, stdout: "pipe", stderr: "inherit", stdin: "ignore" });
  let out = "";
  const reader = server.stdout.getReader();
  const deadline = Date.now() + 15_000;
  let url = "";
  while (!url) {
    if (Date.now() > deadline) fail(`server did not print its address:\n${out}`);
    const { value, done } = await reader.read();
    if (done) fail(`server exited early:\n${out}`);
    out += new TextDecoder().decode(value);
    url = /listening on (http:\/\/\S+)/.exec(out)?.[1] ?? "";
  }
  console.log(`smoke: server at ${url}`);
  void (async () => {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      out += new TextDecoder().decode(r.value);
    }
  })();

  const health = await fetch(`${url}/healthz`);
  if (health.status !== 200) fail(`/healthz answered ${health.status}`);
  const ready = await fetch(`${url}/readyz`);
  if (ready.status !== 200) fail(`/readyz answered ${ready.status}: ${await ready.text()}`);

  const keyProc = Bun.spawnSync([bin, "keys", "create", "--name", "smoke"], { env });
  const key = keyProc.stdout.toString().trim();
  if (keyProc.exitCode !== 0 || !/^cck_\w+$/.test(key)) fail(`keys create failed: ${keyProc.stderr.toString()}`);

  const pdf = await sampleResumePdf({
    name: "Alice Honest",
    githubLogin: "alice-honest",
    projects: [
      { name: "Weather Dash", repoUrl: "github.com/alice-honest/weather-dash", technologies: ["TypeScript"] },
      { name: "Prompt Lab", repoUrl: "github.com/alice-honest/prompt-lab" },
    ],
  });
  const pdfPath = join(dataDir, "smoke.pdf");
  writeFileSync(pdfPath, pdf);
  const fd = new FormData();
  fd.set("resume", new Blob([pdf as BlobPart], { type: "application/pdf" }), "smoke.pdf");
  fd.set("hostUsername", "alice-honest");
  const res = await fetch(`${url}/v1/verify`, {
    method: "POST",
    body: fd,
    headers: { authorization: `Bearer ${key}` },
  });
  if (res.status !== 202) fail(`POST /v1/verify answered ${res.status}: ${await res.text()}`);
  const { trackingId } = (await res.json()) as { trackingId: string };
  console.log(`smoke: queued ${trackingId}`);

  let final: { status: string; confidenceScore?: number; error?: { code: string; message: string } } | null = null;
  const pollDeadline = Date.now() + 120_000;
  while (!final) {
    if (Date.now() > pollDeadline) fail("job did not reach a final state in 120 s");
    const j = (await (
      await fetch(`${url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as NonNullable<typeof final>;
    if (j.status === "COMPLETED" || j.status === "FAILED") final = j;
    else await Bun.sleep(100);
  }
  console.log(
    `smoke: final state ${final.status} score ${final.confidenceScore}${final.error ? ` (${final.error.code}: ${final.error.message})` : ""}`,
  );
  if (final.status !== "COMPLETED") fail("the verification did not complete");

  const extract = Bun.spawnSync([bin, "extract", pdfPath], { env });
  const claims =
    extract.exitCode === 0
      ? (JSON.parse(extract.stdout.toString()) as { projects: Array<{ name: string; repoUrl: string | null }> })
      : null;
  if (claims?.projects.length !== 2)
    fail(`extract failed or found ${claims?.projects.length} projects: ${extract.stderr.toString()}`);
  console.log(`smoke: extract found ${claims!.projects.map((p) => p.repoUrl).join(", ")}`);
  const verify = Bun.spawnSync([bin, "verify", pdfPath, "--user", "alice-honest", "--json"], { env });
  if (verify.exitCode !== 0) fail(`verify exited ${verify.exitCode}: ${verify.stderr.toString()}`);
  console.log(
    `smoke: verify score ${(JSON.parse(verify.stdout.toString()) as { confidenceScore: number }).confidenceScore}`,
  );

  // the banner's hints name the command of the running form: the binary, not `bun src/main.ts`
  if (out.includes("bun src/main.ts")) fail(`the binary's banner tells the user to run bun src/main.ts:\n${out}`);
  // relative to the working directory when it is below it, else as the path it was started by
  if (![relative(process.cwd(), bin), bin].some((form) => out.includes(`${form} keys create`)))
    fail(`the banner does not name the binary (${relative(process.cwd(), bin)}):\n${out}`);

  server.kill("SIGTERM");
  const code = await server.exited;
  if (code !== 0) fail(`server exited with ${code} after SIGTERM`);
  console.log("smoke: clean exit after SIGTERM");
} catch (err) {
  console.error(`smoke: FAIL: ${err instanceof SmokeFailure ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  server?.kill("SIGKILL");
  sim.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}
