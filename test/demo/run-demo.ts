#!/usr/bin/env bun
/**
 * `bun run demo`: a newcomer's first look, no token and no internet needed. Starts the GitHub simulator
 * with sample candidates (an honest developer, a graph painter, a copier, a mixed profile), the GitLab
 * simulator (a candidate on gitlab.com: an honest project and a history backdated into an old project,
 * which only GitLab's push events expose) and the Gitea simulator (an honest candidate on codeberg.org),
 * a real `claimcheck serve` child process on port 0 with a temporary DATA_DIR (FORGE_HOSTS names the two
 * simulators as gitlab.com and codeberg.org), and a local webhook receiver that checks every
 * X-Service-Signature; creates an API key and sets the webhook with the CLI; submits one generated resume
 * per candidate to POST /v1/verify (the GitLab and Codeberg candidates with `accounts`); prints each
 * signed result as it arrives.
 * Everything it started is stopped and removed at the end, also on failure or Ctrl-C.
 *
 * `bun run demo --keep`: then leaves the server, the simulator, the receiver and the sample PDFs running
 * and prints the curl lines to submit them yourself (and a dashboard link), until Ctrl-C.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { textTable } from "../../src/lib/text-table.ts";
import { verdictOfResult } from "../../src/report/index.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { backdatedIntoOldProject } from "../support/forge-sim/forge-scenarios.ts";
import { type GiteaSimulator, startGiteaSimulator } from "../support/gitea-sim/gitea-simulator.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  type CandidateSpec,
  forkWithOwnWork,
  honestHistory,
  sampleCandidates,
} from "../support/github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";
import { resumeOf, sampleResumePdf } from "./resume-pdf.ts";

const WAIT_FOR_RESULTS_MS = 120_000;

/** A sample candidate and where their account is: GitHub's are submitted with hostUsername, the others with accounts. */
interface DemoCandidate {
  spec: CandidateSpec;
  host: "github.com" | "gitlab.com" | "codeberg.org";
}

/** The candidates on GitLab and Codeberg: an honest project beside a history backdated into an old project; an honest one. */
function forgeCandidates(): DemoCandidate[] {
  const lena = "lena-gitlab";
  const cora = "cora-codeberg";
  return [
    {
      host: "gitlab.com",
      spec: assembleCandidate({
        login: lena,
        name: "Lena Gitlab",
        repos: [honestHistory({ login: lena, name: "route-planner" }), backdatedIntoOldProject({ login: lena })],
      }),
    },
    {
      host: "codeberg.org",
      spec: assembleCandidate({
        login: cora,
        name: "Cora Codeberg",
        repos: [
          honestHistory({ login: cora, name: "tiny-wiki" }),
          honestHistory({ login: cora, name: "feed-reader", description: "An RSS reader for the terminal" }),
          forkWithOwnWork({ login: cora }),
        ],
      }),
    },
  ];
}

/** How a candidate is named in the form: hostUsername, a GitHub login or host:username for another host. */
const accountField = (c: DemoCandidate): [string, string] =>
  c.host === "github.com" ? ["hostUsername", c.spec.login] : ["hostUsername", `${c.host}:${c.spec.login}`];
interface Delivery {
  body: Record<string, unknown>;
  signatureOk: boolean;
}

/** A webhook receiver on 127.0.0.1:0 that verifies the X-Service-Signature HMAC in constant time. */
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

/** Who a result is about: the GitHub login, else its first account. */
const whoOf = (r: Record<string, unknown>) =>
  String(r.hostUsername || (Array.isArray(r.accounts) ? r.accounts[0] : "") || "?");

function printResult(login: string, r: Record<string, unknown>, how: string): void {
  const projects = (r.verifiedProjects as Array<Record<string, unknown>> | undefined) ?? [];
  const flags = (r.flags as Array<Record<string, unknown>> | undefined) ?? [];
  // the verdict the signed result carries (results of an older server: the same function computes it)
  const verdict = verdictOfResult(r);
  console.log(
    `\n━━ ${login}: ${verdict.label} (${verdict.code}) · ${r.status} · confidence ${r.confidenceScore ?? "-"}/100 (${how})`,
  );
  if (r.status === "FAILED") console.log(`   reason: ${JSON.stringify(r.error ?? r.reason ?? null)}`);
  for (const line of textTable(
    [{ max: 6 }, { max: 28 }, { max: 14 }, { max: 48 }, { max: 0 }],
    projects.map((p) => [
      String(p.matchStrength),
      String(p.name),
      String(p.host ?? String(p.repoUrl).split("/")[0]),
      String(p.repoUrl),
      `${p.commits} commits`,
    ]),
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
  forgeHosts: string;
  key: string;
  dataDir: string;
  samples: Array<{ field: [string, string]; file: string }>;
  setupLink: string | null;
}) {
  const first = o.samples[0]!;
  const forge = o.samples.find((x) => x.field[1].includes(":"));
  console.log(`
━━ Still running (--keep): the server, the GitHub, GitLab and Gitea simulators and the webhook receiver. Ctrl-C stops everything.
Submit a sample resume yourself (the results also arrive at the receiver and are printed here):

  export CLAIMCHECK_KEY=${o.key}
${o.samples.map((x) => `  curl -s -H "Authorization: Bearer $CLAIMCHECK_KEY" -F resume=@${sq(x.file)} -F ${x.field[0]}=${x.field[1]} ${o.url}/v1/verify`).join("\n")}

Then poll with the trackingId it answered (Retry-After says when to ask again):

  curl -si -H "Authorization: Bearer $CLAIMCHECK_KEY" ${o.url}/v1/jobs/vrf_...

The same resume, verified locally without the server:

  GITHUB_API_URL=${o.simUrl} GITHUB_TOKEN=demo-token bun src/main.ts verify ${sq(first.file)} --user ${first.field[1]}
${forge ? `  FORGE_HOSTS=${sq(o.forgeHosts)} bun src/main.ts verify ${sq(forge.file)} --account ${forge.field[1]}` : ""}

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
  let gitlab: GitLabSimulator | null = null;
  let gitea: GiteaSimulator | null = null;
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
    await gitlab?.stop();
    await gitea?.stop();
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
    const onGitHub = sampleCandidates();
    const elsewhere = forgeCandidates();
    const candidates: DemoCandidate[] = [
      ...onGitHub.map((spec) => ({ spec, host: "github.com" as const })),
      ...elsewhere,
    ];
    console.log(`claimcheck demo · data in ${dataDir}`);
    sim = await startGitHubSimulator({ candidates: onGitHub });
    console.log(`GitHub simulator on ${sim.url} with ${onGitHub.map((c) => c.login).join(", ")}`);
    const on = (host: DemoCandidate["host"]) => elsewhere.filter((c) => c.host === host).map((c) => c.spec);
    gitlab = await startGitLabSimulator({ candidates: on("gitlab.com") });
    gitea = await startGiteaSimulator({ candidates: on("codeberg.org"), activityFeeds: true });
    for (const c of elsewhere) console.log(`${c.host} simulator with ${c.spec.login}`);
    // the service reads the simulators under the names resumes use (name@address=kind)
    const forgeHosts = `gitlab.com@${gitlab.url}=gitlab; codeberg.org@${gitea.url}=forgejo`;

    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    const secret = `demo-webhook-secret-${crypto.randomUUID()}`;
    let announce = false; // with --keep, results of the user's own submissions are printed as they arrive
    receiver = startReceiver(
      () => secret,
      (d) => {
        if (announce)
          printResult(whoOf(d.body), d.body, `webhook, signature ${d.signatureOk ? "verified" : "INVALID"}`);
      },
    );
    const key = await runCliProcess(["keys", "create", "--name", "demo", "--create"], env);
    if (key.code !== 0) throw new Error(`keys create failed: ${key.stderr}`);
    const hook = await runCliProcess(["webhook", "set", "--url", receiver.url, "--secret", secret], env);
    if (hook.code !== 0) throw new Error(`webhook set failed: ${hook.stderr}`);
    const apiKey = key.stdout.trim();
    console.log(`API key created (${apiKey.slice(0, 10)}…); webhook -> ${receiver.url}`);

    server = await startChildServer({
      ...env,
      GITHUB_API_URL: sim.url,
      GITHUB_TOKEN: "demo-token",
      FORGE_HOSTS: forgeHosts,
    });
    console.log(`claimcheck serve listening on ${server.url}\n`);

    const jobs: Array<{ login: string; trackingId: string }> = [];
    const samples: Array<{ field: [string, string]; file: string }> = [];
    for (const c of candidates) {
      const login = c.spec.login;
      const pdf = new Uint8Array(await sampleResumePdf(resumeOf(c.spec, c.host)));
      const file = join(samplesDir, `${login}.pdf`);
      writeFileSync(file, pdf);
      const field = accountField(c);
      samples.push({ field, file });
      const form = new FormData();
      form.append(...field);
      form.append("resume", new File([pdf], `${login}.pdf`, { type: "application/pdf" }));
      const res = await fetch(`${server.url}/v1/verify`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}` },
        body: form,
      });
      const ack = (await res.json()) as Record<string, unknown>;
      console.log(`POST /v1/verify ${field[0]}=${field[1]} -> ${res.status} ${JSON.stringify(ack)}`);
      if (typeof ack.trackingId === "string") jobs.push({ login, trackingId: ack.trackingId });
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
      console.log("  with a GitLab or Codeberg account too: ... --account gitlab.com:<username>   (docs/forges.md)");
      return ok ? 0 : 1;
    }
    const admin = await runCliProcess(["admin", "create", "--url", server.url], env);
    printTryItYourself({
      url: server.url,
      simUrl: sim.url,
      forgeHosts,
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
