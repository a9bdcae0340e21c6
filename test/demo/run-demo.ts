#!/usr/bin/env bun
/**
 * `bun run demo`: a newcomer's first look, no token and no internet needed. Starts the GitHub simulator
 * with sample candidates (an honest developer, a graph painter, a copier, a mixed profile), a real
 * `claimcheck serve` child process on port 0 with a temporary DATA_DIR, and a local webhook receiver
 * that checks every X-Service-Signature; creates an API key and sets the webhook with the CLI; submits
 * one generated resume per candidate to POST /v1/verify; prints each signed result as it arrives.
 * Everything it started is stopped and removed at the end, also on failure or Ctrl-C.
 *
 * `bun run demo --keep`: then leaves the server, the simulator, the receiver and the sample PDFs running
 * and prints the curl lines to submit them yourself (and a dashboard link), until Ctrl-C.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verdictOf } from "../../src/analysis/verdict.ts";
import { textTable } from "../../src/lib/text-table.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { resumeOf, sampleResumePdf } from "./resume-pdf.ts";

const WAIT_FOR_RESULTS_MS = 120_000;
interface Delivery {
  body: Record<string, unknown>;
  signatureOk: boolean;
}

/** A webhook receiver on 127.0.0.1:0 that verifies the spec's HMAC signature in constant time. */
function startReceiver(secretOf: () => string, onDelivery: (d: Delivery) => void = () => {}) {
  const deliveries = new Map<string, Delivery>();
  const waiters = new Set<() => void>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const raw = await req.text();
      const header = req.headers.get("x-service-signature") ?? "";
      const want = createHmac("sha256", secretOf()).update(raw, "utf8").digest("hex");
      const got = header.replace(/^sha256=/, "");
      const signatureOk = got.length === want.length && timingSafeEqual(Buffer.from(got), Buffer.from(want));
      const body = JSON.parse(raw) as Record<string, unknown>;
      deliveries.set(String(body.trackingId), { body, signatureOk });
      onDelivery({ body, signatureOk });
      for (const w of waiters) w();
      return new Response(null, { status: signatureOk ? 204 : 401 });
    },
  });
  const waitFor = (ids: string[], timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (ids.every((id) => deliveries.has(id))) finish();
      };
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${server.port}/hooks/claimcheck`,
    deliveries,
    waitFor,
    stop: () => server.stop(true),
  };
}

function printResult(login: string, r: Record<string, unknown>, how: string): void {
  const projects = (r.verifiedProjects as Array<Record<string, unknown>> | undefined) ?? [];
  const flags = (r.flags as Array<Record<string, unknown>> | undefined) ?? [];
  const verdict =
    typeof r.confidenceScore === "number" && r.status === "COMPLETED" ? ` ${verdictOf(r.confidenceScore, flags)}` : "";
  console.log(`\n━━ ${login}: ${r.status} · confidence ${r.confidenceScore ?? "-"}/100${verdict} (${how})`);
  if (r.status === "FAILED") console.log(`   reason: ${JSON.stringify(r.error ?? r.reason ?? null)}`);
  for (const line of textTable(
    [{ max: 6 }, { max: 28 }, { max: 48 }, { max: 0 }],
    projects.map((p) => [String(p.matchStrength), String(p.name), String(p.repoUrl), `${p.commits} commits`]),
    "   ",
  ))
    console.log(line);
  const order = { CRITICAL: 0, WARNING: 1, INFO: 2 } as Record<string, number>;
  const shown = [...flags]
    .sort((a, b) => (order[String(a.severity)] ?? 3) - (order[String(b.severity)] ?? 3))
    .slice(0, 6);
  for (const f of shown) console.log(`   ${String(f.severity).padEnd(8)} ${f.message}`);
  if (flags.length > shown.length) console.log(`   ... and ${flags.length - shown.length} more flags`);
}

/** Shell-quote a value for the printed command lines. */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** --keep: the commands to try the running service by hand, printed once the sample results are in. */
function printTryItYourself(o: {
  url: string;
  simUrl: string;
  key: string;
  dataDir: string;
  samples: Array<[string, string]>;
  setupLink: string | null;
}) {
  const first = o.samples[0]!;
  console.log(`
━━ Still running (--keep): the server, the GitHub simulator and the webhook receiver. Ctrl-C stops everything.
Submit a sample resume yourself (the results also arrive at the receiver and are printed here):

  export CLAIMCHECK_KEY=${o.key}
${o.samples.map(([login, file]) => `  curl -s -H "Authorization: Bearer $CLAIMCHECK_KEY" -F resume=@${sq(file)} -F hostUsername=${login} ${o.url}/v1/verify`).join("\n")}

Then poll with the trackingId it answered (Retry-After says when to ask again):

  curl -si -H "Authorization: Bearer $CLAIMCHECK_KEY" ${o.url}/v1/jobs/vrf_...

The same resume, verified locally without the server:

  GITHUB_API_URL=${o.simUrl} GITHUB_TOKEN=demo-token bun src/main.ts verify ${sq(first[1])} --user ${first[0]}

Admin commands on this server's data:  DATA_DIR=${sq(o.dataDir)} bun src/main.ts jobs list
${o.setupLink ? `Dashboard (one-time link to create an administrator): ${o.setupLink}` : ""}`);
}

async function main(): Promise<number> {
  const keep = process.argv.includes("--keep");
  const root = mkdtempSync(join(tmpdir(), "claimcheck-demo-"));
  const dataDir = join(root, "data");
  const samplesDir = join(root, "samples");
  mkdirSync(samplesDir);
  let sim: GitHubSimulator | null = null;
  let server: ChildServer | null = null;
  let receiver: ReturnType<typeof startReceiver> | null = null;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    server?.kill("SIGTERM");
    if (server) await Promise.race([server.exited, Bun.sleep(10_000).then(() => server?.kill("SIGKILL"))]);
    receiver?.stop();
    await sim?.stop();
    rmSync(root, { recursive: true, force: true });
  };
  let stopKeeping: (() => void) | null = null;
  const onSignal = (code: number) => () => {
    if (stopKeeping)
      stopKeeping(); // --keep: a requested stop, not a failure
    else void cleanup().then(() => process.exit(code));
  };
  process.once("SIGINT", onSignal(130));
  process.once("SIGTERM", onSignal(143));
  try {
    const candidates = sampleCandidates();
    console.log(`claimcheck demo · data in ${dataDir}`);
    sim = await startGitHubSimulator({ candidates });
    console.log(`GitHub simulator on ${sim.url} with ${candidates.map((c) => c.login).join(", ")}`);

    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    const secret = `demo-webhook-secret-${crypto.randomUUID()}`;
    let announce = false; // with --keep, results of the user's own submissions are printed as they arrive
    receiver = startReceiver(
      () => secret,
      (d) => {
        if (announce)
          printResult(
            String(d.body.hostUsername),
            d.body,
            `webhook, signature ${d.signatureOk ? "verified" : "INVALID"}`,
          );
      },
    );
    const key = await runCliProcess(["keys", "create", "--name", "demo", "--create"], env);
    if (key.code !== 0) throw new Error(`keys create failed: ${key.stderr}`);
    const hook = await runCliProcess(["webhook", "set", "--url", receiver.url, "--secret", secret], env);
    if (hook.code !== 0) throw new Error(`webhook set failed: ${hook.stderr}`);
    const apiKey = key.stdout.trim();
    console.log(`API key created (${apiKey.slice(0, 10)}…); webhook -> ${receiver.url}`);

    server = await startChildServer({ ...env, GITHUB_API_URL: sim.url, GITHUB_TOKEN: "demo-token" });
    console.log(`claimcheck serve listening on ${server.url}\n`);

    const jobs: Array<{ login: string; trackingId: string }> = [];
    const samples: Array<[string, string]> = [];
    for (const c of candidates) {
      const pdf = new Uint8Array(await sampleResumePdf(resumeOf(c)));
      const file = join(samplesDir, `${c.login}.pdf`);
      writeFileSync(file, pdf);
      samples.push([c.login, file]);
      const form = new FormData();
      form.append("resume", new File([pdf], `${c.login}.pdf`, { type: "application/pdf" }));
      form.append("hostUsername", c.login);
      const res = await fetch(`${server.url}/v1/verify`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}` },
        body: form,
      });
      const ack = (await res.json()) as Record<string, unknown>;
      console.log(`POST /v1/verify ${c.login} -> ${res.status} ${JSON.stringify(ack)}`);
      if (typeof ack.trackingId === "string") jobs.push({ login: c.login, trackingId: ack.trackingId });
    }

    await receiver.waitFor(
      jobs.map((j) => j.trackingId),
      WAIT_FOR_RESULTS_MS,
    );
    let missing = 0;
    for (const j of jobs) {
      const d = receiver.deliveries.get(j.trackingId);
      if (d) {
        printResult(j.login, d.body, `webhook ${d.body.event}, signature ${d.signatureOk ? "verified" : "INVALID"}`);
        continue;
      }
      missing++;
      const res = await fetch(`${server.url}/v1/jobs/${j.trackingId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      printResult(
        j.login,
        (await res.json()) as Record<string, unknown>,
        "no webhook yet: polled GET /v1/jobs/:trackingId",
      );
    }
    const failed = jobs.filter((j) => receiver?.deliveries.get(j.trackingId)?.body.status === "FAILED").length;
    console.log(`\n${jobs.length - missing} of ${jobs.length} results arrived by signed webhook; ${failed} FAILED.`);
    const ok = missing === 0 && failed === 0 && jobs.length === candidates.length;
    if (!keep) {
      console.log("Keep it running to try it yourself: bun run demo --keep");
      console.log("Try it on a real resume: bun src/main.ts verify resume.pdf --user <login>   (set GITHUB_TOKEN)");
      return ok ? 0 : 1;
    }
    const admin = await runCliProcess(["admin", "create", "--url", server.url], env);
    printTryItYourself({
      url: server.url,
      simUrl: sim.url,
      key: apiKey,
      dataDir,
      samples,
      setupLink: admin.code === 0 ? admin.stdout.trim() : null,
    });
    announce = true;
    await new Promise<void>((resolve) => {
      stopKeeping = resolve;
    });
    console.log("stopping the demo");
    return ok ? 0 : 1;
  } catch (err) {
    console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
    if (server) console.error(server.output().slice(-2000));
    return 1;
  } finally {
    await cleanup();
  }
}

process.exitCode = await main();
