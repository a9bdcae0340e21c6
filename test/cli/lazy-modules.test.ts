/**
 * What a process evaluates is what it needs: a command loads its own module, not the others; the PDF
 * reader child loads the reader, not the server; the server loads the report's PDF renderer (pdfkit)
 * with the first PDF it renders. Each case runs in a fresh `bun` process, whose module registry
 * (require.cache, which lists ES modules too) says what was evaluated.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMMAND_MODULES } from "../../src/cli/table.ts";
import { runCliProcess } from "../support/child-server.ts";
import { makePdf, REPO_ROOT, tempDir } from "../support/harness.ts";

const tmp = tempDir("claimcheck-lazy-");
afterAll(() => tmp.cleanup());

/** Run `body` (a module's text, REPO for the checkout) in a new bun process; it prints one JSON line. */
async function inFreshProcess<T>(name: string, body: string): Promise<T> {
  const file = join(tmp.dir, `${name}.ts`);
  const loaded = `const loaded = (part: string) => Object.keys(require.cache).some((k) => k.includes(part));\n`;
  writeFileSync(file, `const REPO = ${JSON.stringify(REPO_ROOT)};\n${loaded}${body}`);
  const { code, stdout: out, stderr: err } = await runCliProcess([file], { HOME: tmp.dir }, [process.execPath]);
  if (code !== 0) throw new Error(`${name} exited ${code}: ${err}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as T;
}

const captureIO = `const lines: string[] = [];
const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), env: {} };
const { runCli } = await import(REPO + "/src/cli/run-cli.ts");`;

describe("a command evaluates what it needs", () => {
  test("the PDF reader child (extract --worker) loads the reader, never the server or the report's PDF renderer", async () => {
    const r = await inFreshProcess<Record<string, unknown>>(
      "worker",
      `${captureIO}
const code = await runCli(["extract", "--worker"], io);
console.log(JSON.stringify({ code, said: lines.join(" "), reader: loaded("/src/resume/isolation/worker-main.ts"),
  app: loaded("/src/app.ts"), http: loaded("/src/http/"), dashboard: loaded("/src/dashboard/"),
  pdfkit: loaded("/node_modules/pdfkit/"), elysia: loaded("/node_modules/elysia/"), serve: loaded("/src/cli/commands/serve.ts"),
  zod: loaded("/node_modules/zod/") }));`,
    );
    // started without an IPC channel, the child mode says it is internal
    expect(r).toEqual({
      code: 2,
      said: expect.stringContaining("is internal"),
      reader: true,
      app: false,
      http: false,
      dashboard: false,
      pdfkit: false,
      elysia: false,
      serve: false,
      zod: false,
    });
  });

  test("serve loads the server without the one-shot commands and without pdfkit", async () => {
    const r = await inFreshProcess<Record<string, unknown>>(
      "serve",
      `${captureIO}
const code = await runCli(["serve", "--help"], io);
console.log(JSON.stringify({ code, help: lines.join(" ").includes("serve [options]"), app: loaded("/src/app.ts"),
  verify: loaded("/src/cli/commands/verify.ts"), keys: loaded("/src/cli/commands/keys.ts"), pdfkit: loaded("/node_modules/pdfkit/"),
  zod: loaded("/node_modules/zod/"), registry: loaded("/src/analysis/rules/registry.ts"), specs: loaded("/src/analysis/rules/specs/"),
  analysis: loaded("/src/analysis/run-analysis.ts"), builder: loaded("/src/report/build-report.ts") }));`,
    );
    // zod: the settings are read by src/config's own value readers, not a schema library; the rules, the
    // analysis and the report builder wait for the first verification or report
    expect(r).toEqual({
      code: 0,
      help: true,
      app: true,
      verify: false,
      keys: false,
      pdfkit: false,
      zod: false,
      registry: false,
      specs: false,
      analysis: false,
      builder: false,
    });
  });

  test("the rule registry and the report builder load with the first report, and read the same as when imported", async () => {
    const r = await inFreshProcess<Record<string, unknown>>(
      "first-report",
      `await import(REPO + "/src/app.ts");
const before = { registry: loaded("/src/analysis/rules/registry.ts"), builder: loaded("/src/report/build-report.ts") };
const { reportOf, verdictOfResult } = await import(REPO + "/src/report/index.ts");
const result = { status: "COMPLETED", confidenceScore: 80, verifiedProjects: [], flags: [] };
const r = reportOf({ trackingId: "vrf_lazy", hostUsername: "jane", status: "COMPLETED", result: JSON.stringify(result) });
const { allRules } = await import(REPO + "/src/analysis/index.ts");
const { ALL_RULES } = await import(REPO + "/src/analysis/rules/registry.ts");
console.log(JSON.stringify({ before, after: { registry: loaded("/src/analysis/rules/registry.ts"), builder: loaded("/src/report/build-report.ts") },
  verdict: r?.report.verdict.code, sameVerdict: verdictOfResult(result).code === r?.report.verdict.code, sameRules: allRules() === ALL_RULES }));`,
    );
    expect(r).toEqual({
      before: { registry: false, builder: false },
      after: { registry: true, builder: true },
      verdict: expect.any(String),
      sameVerdict: true,
      sameRules: true,
    });
  });

  test("what is loaded on first use loads in a process that loaded nothing before it (`rules --json`, a report)", async () => {
    // a require() beneath which a Bun macro is expanded for the first time never returns: the surfaces load the
    // macro's module as an ES module first (a hang here ends in the test's timeout)
    const rules = await inFreshProcess<{ code: number; rules: number }>(
      "rules-first",
      `${captureIO}
const code = await runCli(["rules", "--json"], io);
console.log(JSON.stringify({ code, rules: JSON.parse(lines.join(" ")).length }));`,
    );
    expect(rules.code).toBe(0);
    expect(rules.rules).toBeGreaterThan(30);
    const report = await inFreshProcess<{ verdict: string | undefined }>(
      "report-first",
      `const { reportOf } = await import(REPO + "/src/report/index.ts");
const result = { status: "COMPLETED", confidenceScore: 80, verifiedProjects: [], flags: [] };
const r = reportOf({ trackingId: "vrf_first", hostUsername: "jane", status: "COMPLETED", result: JSON.stringify(result) });
console.log(JSON.stringify({ verdict: r?.report.verdict.code }));`,
    );
    expect(report.verdict).toEqual(expect.any(String));
  });

  test("help, and an unknown command, still list every command", async () => {
    const r = await inFreshProcess<{ help: string; unknown: string; unknownCode: number }>(
      "help",
      `${captureIO}
await runCli(["help"], io);
const help = lines.splice(0).join("\\n");
const unknownCode = await runCli(["frobnicate"], io);
console.log(JSON.stringify({ help, unknown: lines.join("\\n"), unknownCode }));`,
    );
    const { loadCommands } = await import("../../src/cli/table.ts");
    for (const c of await loadCommands()) {
      expect(r.help).toContain(`  ${c.name} `);
      expect(r.unknown).toContain(`  ${c.name} `);
    }
    expect(r.unknown).toContain("unknown command: frobnicate");
    expect(r.unknownCode).toBe(2);
  });

  test("every module of the table holds only commands of its word, so dispatch by the first word finds each", async () => {
    for (const m of COMMAND_MODULES) {
      const { commands } = await m.load();
      expect(commands.length).toBeGreaterThan(0);
      for (const c of commands) expect(c.name.split(" ")[0]).toBe(m.word);
    }
  });
});

describe("the report's PDF renderer", () => {
  test("is not evaluated with the server, and is loaded by the first PDF, which renders", async () => {
    const r = await inFreshProcess<Record<string, unknown>>(
      "report-pdf",
      `await import(REPO + "/src/app.ts");
const before = loaded("/node_modules/pdfkit/");
const { reportPdf } = await import(REPO + "/src/report/index.ts");
const { buildReport } = await import(REPO + "/src/report/build-report.ts");
const { readStoredVerification } = await import(REPO + "/src/report/stored-result.ts");
const report = buildReport(readStoredVerification({ status: "COMPLETED", confidenceScore: 80, verifiedProjects: [], flags: [] }, null,
  { trackingId: "vrf_lazy", hostUsername: "jane" }));
const [a, b] = await Promise.all([reportPdf(report), reportPdf(report)]);
const head = (x: Uint8Array) => new TextDecoder().decode(x.subarray(0, 5));
console.log(JSON.stringify({ before, after: loaded("/node_modules/pdfkit/"), heads: [head(a), head(b)] }));`,
    );
    expect(r).toEqual({ before: false, after: true, heads: ["%PDF-", "%PDF-"] });
  });
});

describe("what the server reads only on first use", () => {
  test("the in-process PDF reader and its word lists: not evaluated with the server, loaded by the first in-process extraction", async () => {
    const pdf = join(tmp.dir, "resume.pdf");
    writeFileSync(pdf, await makePdf(["Jane Doe", "Projects", "tidewatch - a tide table CLI"]));
    const r = await inFreshProcess<Record<string, unknown>>(
      "resume-reader",
      `await import(REPO + "/src/app.ts");
const before = { claims: loaded("/src/resume/claims/"), reader: loaded("/src/resume/pdf/pdf-reader.ts") };
const { extractResumeInProcess } = await import(REPO + "/src/resume/index.ts");
const x = await extractResumeInProcess(new Uint8Array(await Bun.file(${JSON.stringify(pdf)}).arrayBuffer()));
console.log(JSON.stringify({ before, after: { claims: loaded("/src/resume/claims/"), reader: loaded("/src/resume/pdf/pdf-reader.ts") },
  projects: x.projects.map((p: { name: string }) => p.name) }));`,
    );
    expect(r).toEqual({
      before: { claims: false, reader: false },
      after: { claims: true, reader: true },
      projects: ["tidewatch - a tide table CLI"],
    });
  });

  test("octokit's REST client: not evaluated with the server, loaded by the first REST request, which is answered", async () => {
    const r = await inFreshProcess<Record<string, unknown>>(
      "octokit",
      `await import(REPO + "/src/app.ts");
const before = loaded("/node_modules/@octokit/rest/");
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req) =>
  Response.json({ full_name: new URL(req.url).pathname.slice("/repos/".length) }, { headers: { "x-ratelimit-remaining": "4999", "x-ratelimit-limit": "5000", "x-ratelimit-reset": "2000000000", "x-ratelimit-resource": "core" } }) });
const { createGitHubClient } = await import(REPO + "/src/github/github-client.ts");
const client = createGitHubClient({ baseUrl: "http://127.0.0.1:" + server.port, retries: 0 });
const between = loaded("/node_modules/@octokit/rest/");
const [a, b] = await Promise.all([client.get("/repos/{owner}/{repo}", { owner: "jane", repo: "tool" }), client.get("/repos/{owner}/{repo}", { owner: "jane", repo: "other" })]);
server.stop(true);
console.log(JSON.stringify({ before, between, after: loaded("/node_modules/@octokit/rest/"), answers: [a.status, a.data, b.data] }));`,
    );
    expect(r).toEqual({
      before: false,
      between: false,
      after: true,
      answers: [200, { full_name: "jane/tool" }, { full_name: "jane/other" }],
    });
  });
});
