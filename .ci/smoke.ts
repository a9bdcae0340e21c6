/**
 * Smoke test of the compiled binary, run by .ci/run: start it on port 0 with a fresh DATA_DIR, check
 * /healthz and /readyz, create a key with the binary's CLI, submit a PDF, poll the job to a final state,
 * then SIGTERM and expect a clean exit. GitHub is pointed at a closed loopback port: nothing leaves.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve(process.argv[2] ?? "dist/claimcheck");
const dataDir = mkdtempSync(join(tmpdir(), "claimcheck-smoke-"));
const env = { PATH: process.env.PATH ?? "", HOME: dataDir, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", GITHUB_API_URL: "http://127.0.0.1:9" };
const fail = (msg: string): never => {
  console.error(`smoke: FAIL: ${msg}`);
  process.exit(1);
};

const server = Bun.spawn([bin, "serve"], { env, stdout: "pipe", stderr: "inherit", stdin: "ignore" });
try {
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
  void (async () => { for (;;) { const r = await reader.read(); if (r.done) break; } })();

  const health = await fetch(`${url}/healthz`);
  if (health.status !== 200) fail(`/healthz answered ${health.status}`);
  const ready = await fetch(`${url}/readyz`);
  if (ready.status !== 200) fail(`/readyz answered ${ready.status}: ${await ready.text()}`);

  const keyProc = Bun.spawnSync([bin, "keys", "create", "--name", "smoke"], { env });
  const key = keyProc.stdout.toString().trim();
  if (keyProc.exitCode !== 0 || !/^cck_\w+$/.test(key)) fail(`keys create failed: ${keyProc.stderr.toString()}`);

  const pdf = minimalPdf(["Jane Smoke", "Projects", "claimcheck-smoke - github.com/smoke-user/claimcheck-smoke"]);
  const fd = new FormData();
  fd.set("resume", new Blob([pdf], { type: "application/pdf" }), "smoke.pdf");
  fd.set("hostUsername", "smoke-user");
  const res = await fetch(`${url}/v1/verify`, { method: "POST", body: fd, headers: { authorization: `Bearer ${key}` } });
  if (res.status !== 202) fail(`POST /v1/verify answered ${res.status}: ${await res.text()}`);
  const { trackingId } = (await res.json()) as { trackingId: string };
  console.log(`smoke: queued ${trackingId}`);

  let final: { status: string; error?: { code: string } } | null = null;
  const pollDeadline = Date.now() + 120_000;
  while (!final) {
    if (Date.now() > pollDeadline) fail("job did not reach a final state in 120 s");
    const j = (await (await fetch(`${url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { status: string; error?: { code: string } };
    if (j.status === "COMPLETED" || j.status === "FAILED") final = j;
    else await Bun.sleep(100);
  }
  console.log(`smoke: final state ${final.status}${final.error ? ` (${final.error.code})` : ""}`);

  server.kill("SIGTERM");
  const code = await server.exited;
  if (code !== 0) fail(`server exited with ${code} after SIGTERM`);
  console.log("smoke: clean exit after SIGTERM");
} finally {
  server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}

/** A one-page PDF with Helvetica text lines, xref offsets computed so strict parsers accept it. */
function minimalPdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 14 TL 50 740 Td ${lines.map((l) => `(${esc(l)}) Tj T*`).join(" ")} ET`;
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
