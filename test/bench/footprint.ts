/**
 * Footprint benchmark, beside a named peer built and started the same way: a bare `Bun.serve` hello
 * server compiled with `bun build --compile` (the floor of this runtime). Figures: binary size,
 * start-to-ready (spawn -> GET /readyz 200; first start on an empty DATA_DIR and a restart), idle RSS,
 * and RSS after 1,000 verifications through the real pipeline (the GitHub simulator answering, fixed-size
 * generated resumes, the PDF reader child counted separately) against the peer's RSS after 1,000 POSTs
 * of the same bodies. RSS is VmRSS from /proc/<pid>/status.
 *
 * The PDF readers are measured twice after the work: a second later (both readers still there) and once the
 * spare reader's idle period (READER_SPARE_IDLE, default 10 s) has passed and only the warm one is left.
 *
 *   bun run bench:footprint [--verifications N] [--starts N] [--rebuild] [--binary PATH]
 *
 * `--binary PATH` measures another build of claimcheck (an older tree's `dist/claimcheck`) the same way.
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, childPidsOf, readRssKb, sampleRss, spawnService, treeRssKb } from "../chaos/service-process.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { runCliProcess } from "../support/child-server.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, honestHistory } from "../support/github-sim/scenarios/index.ts";
import { REPO_ROOT } from "../support/harness.ts";
import { benchDir, machine, percentile, table } from "./bench-util.ts";

const argv = process.argv.slice(2);
const num = (name: string, def: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) || def : def;
};
const VERIFICATIONS = num("verifications", 1_000);
const binaryAt = argv.indexOf("--binary");
const OURS = binaryAt >= 0 && argv[binaryAt + 1] ? argv[binaryAt + 1]! : BINARY;
const STARTS = num("starts", 10);
const IN_FLIGHT = 16;
const mb = (bytes: number) => bytes / 1024 / 1024;

const HELLO_SOURCE = `// the peer: the smallest useful Bun HTTP server
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  async fetch(req) {
    if (req.method === "POST") {
      await req.arrayBuffer();
      return Response.json({ status: "queued" }, { status: 202 });
    }
    return new Response("ok");
  },
});
console.log("listening on http://127.0.0.1:" + server.port);
process.on("SIGTERM", () => process.exit(0));
`;

function build(outfile: string, entry: string, cwd: string): void {
  const r = Bun.spawnSync([process.execPath, "build", entry, "--compile", "--minify", "--outfile", outfile], {
    cwd,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (r.exitCode !== 0) throw new Error(`bun build --compile ${entry} failed: ${r.stderr.toString()}`);
}

async function startTimes(start: () => Promise<{ readyMs: number; stop: () => Promise<void> }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const s = await start();
    out.push(s.readyMs);
    await s.stop();
  }
  return out.sort((a, b) => a - b);
}

/** RSS after a short settle: background loops, JIT and the first GC are done. */
async function settledRssKb(pid: number): Promise<number> {
  await Bun.sleep(1_000);
  return readRssKb(pid) ?? 0;
}

const peerDir = benchDir("footprint-peer");
const dataDirs: Array<{ cleanup(): void }> = [peerDir];
try {
  // --- binaries
  const rebuilt = OURS === BINARY && (argv.includes("--rebuild") || !existsSync(BINARY));
  if (rebuilt) {
    const r = Bun.spawnSync([process.execPath, "run", "build"], { cwd: REPO_ROOT, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`bun run build failed: ${r.stderr.toString()}`);
  }
  writeFileSync(join(peerDir.dir, "hello.ts"), HELLO_SOURCE);
  const hello = join(peerDir.dir, "hello");
  build(hello, "hello.ts", peerDir.dir);
  const ourSize = statSync(OURS).size;
  const helloSize = statSync(hello).size;

  // --- start to ready
  const spawnTimed = async (o: Parameters<typeof spawnService>[0]) => {
    const s = await spawnService(o);
    return {
      readyMs: s.readyMs,
      pid: s.pid,
      url: s.url,
      stop: async () => {
        s.kill("SIGTERM");
        await s.exited;
      },
    };
  };
  const spawnOurs = (dataDir: string) =>
    spawnTimed({ env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" }, argv: [OURS, "serve"] });
  const spawnHello = () => spawnTimed({ argv: [hello], env: {}, readyPath: "/" });
  const firstStart = await startTimes(async () => {
    const d = benchDir("footprint-first");
    dataDirs.push(d);
    return spawnOurs(d.dir);
  });
  const restartDir = benchDir("footprint-restart");
  dataDirs.push(restartDir);
  await (await spawnOurs(restartDir.dir)).stop(); // create and migrate once
  const restart = await startTimes(() => spawnOurs(restartDir.dir));
  const helloStart = await startTimes(spawnHello);

  // --- idle RSS
  const oursIdle = await spawnOurs(restartDir.dir);
  const oursIdleKb = await settledRssKb(oursIdle.pid);
  await oursIdle.stop();
  const helloIdle = await spawnHello();
  const helloIdleKb = await settledRssKb(helloIdle.pid);

  // --- after N requests: the peer takes the same multipart bodies
  const logins = Array.from({ length: 10 }, (_, i) => `fp-user-${String(i).padStart(2, "0")}`);
  const pdfs = await Promise.all(
    logins.map((login) =>
      sampleResumePdf({
        name: `Footprint ${login}`,
        githubLogin: login,
        projects: ["weather-dash", "tide-tables", "log-shipper"].map((n) => ({
          name: n,
          repoUrl: `github.com/${login}/${n}`,
          description: ["A project of about one line of text"],
        })),
      }),
    ),
  );
  const form = (i: number) => {
    const fd = new FormData();
    fd.set("resume", new Blob([pdfs[i % pdfs.length]! as BlobPart], { type: "application/pdf" }), "resume.pdf");
    fd.set("hostUsername", logins[i % logins.length]!);
    return fd;
  };
  for (let i = 0; i < VERIFICATIONS; i++)
    await (await fetch(`${helloIdle.url}/v1/verify`, { method: "POST", body: form(i) })).arrayBuffer();
  const helloAfterKb = await settledRssKb(helloIdle.pid);
  await helloIdle.stop();

  // --- claimcheck: N verifications through the real pipeline
  const sim = await startGitHubSimulator({
    candidates: logins.map((login) =>
      assembleCandidate({
        login,
        createdAt: "2018-01-01T00:00:00Z",
        repos: ["weather-dash", "tide-tables", "log-shipper"].map((name) =>
          honestHistory({ login, name, commits: 30 }),
        ),
      }),
    ),
    tokens: ["fp-token"],
    rateLimits: { authenticated: 10_000_000 },
  });
  const work = benchDir("footprint-work");
  dataDirs.push(work);
  const env = { DATA_DIR: work.dir, DEFAULT_RATE_LIMIT: "0", DEFAULT_MONTHLY_QUOTA: "0" };
  const key = (await runCliProcess(["keys", "create", "--name", "fp", "--create"], env, [OURS])).stdout.trim();
  const svc = await spawnService({
    env: { ...env, GITHUB_API_URL: sim.url, GITHUB_TOKEN: "fp-token", LOG_LEVEL: "warn" },
    argv: [OURS, "serve"],
  });
  let runSeconds = 0;
  const finals: Record<string, number> = {};
  let peak = { peakSelfKb: 0, peakChildrenKb: 0, samples: 0 };
  let after = { self: 0, children: 0 };
  let readersAfter = 0;
  let settled = { self: 0, children: 0, readers: 0, waitedS: 0 };
  try {
    const sampler = sampleRss(svc.pid, 100);
    const t0 = performance.now();
    const pending: string[] = [];
    const done = new Set<string>();
    const auth = { authorization: `Bearer ${key}` };
    const status = async (id: string) =>
      ((await (await fetch(`${svc.url}/v1/jobs/${id}`, { headers: auth })).json()) as { status: string }).status;
    let next = 0;
    while (done.size < VERIFICATIONS) {
      while (next < VERIFICATIONS && pending.length < IN_FLIGHT) {
        const res = await fetch(`${svc.url}/v1/verify`, { method: "POST", body: form(next), headers: auth });
        if (res.status !== 202) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
        pending.push(((await res.json()) as { trackingId: string }).trackingId);
        next++;
      }
      for (let i = pending.length - 1; i >= 0; i--) {
        const s = await status(pending[i]!);
        if (s === "COMPLETED" || s === "FAILED") {
          finals[s] = (finals[s] ?? 0) + 1;
          done.add(pending[i]!);
          pending.splice(i, 1);
        }
      }
      if (pending.length >= IN_FLIGHT || next >= VERIFICATIONS) await Bun.sleep(20);
    }
    runSeconds = (performance.now() - t0) / 1000;
    peak = sampler.stop();
    await Bun.sleep(1_000);
    after = treeRssKb(svc.pid);
    readersAfter = childPidsOf(svc.pid).length;
    // the spare reader exits after its idle period: poll for it, with a deadline past that period
    const idleFrom = performance.now();
    while (childPidsOf(svc.pid).length > 1 && performance.now() - idleFrom < 30_000) await Bun.sleep(250);
    await Bun.sleep(1_000);
    settled = {
      ...treeRssKb(svc.pid),
      readers: childPidsOf(svc.pid).length,
      waitedS: (performance.now() - idleFrom) / 1000,
    };
  } finally {
    svc.kill("SIGTERM");
    await svc.exited;
    await sim.stop();
  }

  const p50 = (xs: number[]) => percentile(xs, 50);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
  console.log(
    `footprint: ${OURS === BINARY ? "dist/claimcheck" : OURS}${rebuilt ? " (rebuilt now)" : ""} beside a compiled bare Bun.serve hello server — ${machine()}`,
  );
  console.log(
    table(
      ["figure", "claimcheck", "peer: Bun.serve hello", "ratio"],
      [
        ["binary size (MB)", mb(ourSize), mb(helloSize), ratio(ourSize, helloSize)],
        [
          `start to ready, empty DATA_DIR (p50 of ${STARTS}, ms)`,
          p50(firstStart),
          p50(helloStart),
          ratio(p50(firstStart), p50(helloStart)),
        ],
        [
          `start to ready, restart (p50 of ${STARTS}, ms)`,
          p50(restart),
          p50(helloStart),
          ratio(p50(restart), p50(helloStart)),
        ],
        ["idle RSS (MB)", oursIdleKb / 1024, helloIdleKb / 1024, ratio(oursIdleKb, helloIdleKb)],
        [
          `RSS after ${VERIFICATIONS.toLocaleString("en-US")} verifications / POSTs (MB)`,
          after.self / 1024,
          helloAfterKb / 1024,
          ratio(after.self, helloAfterKb),
        ],
        [`peak RSS during them (MB)`, peak.peakSelfKb / 1024, "-", "-"],
        [
          `PDF readers (${readersAfter}) 1 s after them: RSS / peak (MB)`,
          `${(after.children / 1024).toFixed(0)} / ${(peak.peakChildrenKb / 1024).toFixed(0)}`,
          "-",
          "-",
        ],
        [
          `PDF readers (${settled.readers}) ${settled.waitedS.toFixed(0)} s after them (MB)`,
          (settled.children / 1024).toFixed(0),
          "-",
          "-",
        ],
        [`RSS ${settled.waitedS.toFixed(0)} s after them (MB)`, settled.self / 1024, "-", "-"],
      ],
    ),
  );
  console.log(
    `${VERIFICATIONS} verifications (${Object.entries(finals)
      .map(([s, n]) => `${s} ${n}`)
      .join(", ")}) in ${runSeconds.toFixed(1)} s = ${(VERIFICATIONS / runSeconds).toFixed(1)}/s, ` +
      `${IN_FLIGHT} in flight, GitHub simulator at 0 ms/call; start-to-ready p95: ${percentile(firstStart, 95).toFixed(0)} / ${percentile(restart, 95).toFixed(0)} ms`,
  );
} finally {
  for (const d of dataDirs) d.cleanup();
}
