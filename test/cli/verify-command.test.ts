/**
 * `claimcheck verify` end to end: a generated resume PDF, the real extractor, the real GitHub client
 * against the simulator, the analysis; run through the CLI dispatcher with a captured io.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AnalysisFailure } from "../../src/analysis/types.ts";
import type { CliIO } from "../../src/cli/command.ts";
import { runCli } from "../../src/cli/run-cli.ts";
import { githubUnreachable } from "../../src/github/reachability.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../../src/github/types.ts";
import { ResumeError } from "../../src/resume/types.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { knownFailure } from "../../src/verification/failure-codes.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { runCliProcess } from "../support/child-server.ts";
import { forgeCandidate } from "../support/forge-sim/forge-candidate.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

let sim: GitHubSimulator;
let gitlab: GitLabSimulator;
let dir: string;
const pdfs: Record<string, string> = {};

beforeAll(async () => {
  sim = await startGitHubSimulator({ candidates: sampleCandidates() });
  gitlab = await startGitLabSimulator({ candidates: [forgeCandidate("gl-dev")] });
  dir = mkdtempSync(join(tmpdir(), "claimcheck-verify-"));
  const write = async (file: string, login: string, projects: Array<{ name: string; repoUrl?: string }>) => {
    pdfs[file] = join(dir, file);
    writeFileSync(pdfs[file]!, await sampleResumePdf({ name: login, githubLogin: login, projects }));
  };
  await write("alice.pdf", "alice-honest", [
    { name: "Weather Dash", repoUrl: "github.com/alice-honest/weather-dash" },
    { name: "Invoice API", repoUrl: "github.com/alice-honest/invoice-api" },
  ]);
  await write("mallory.pdf", "mallory-painter", [
    { name: "Pixel Art", repoUrl: "github.com/mallory-painter/pixel-art" },
  ]);
  writeFileSync(join(dir, "not-a.pdf"), "hello, I am not a PDF");
  pdfs["both.pdf"] = join(dir, "both.pdf");
  writeFileSync(
    pdfs["both.pdf"],
    await sampleResumePdf({
      name: "Alice",
      githubLogin: "alice-honest",
      profiles: ["gitlab.com/gl-dev"],
      projects: [
        { name: "Invoice API", repoUrl: "github.com/alice-honest/invoice-api" },
        { name: "Weather Dash", repoUrl: "gitlab.com/gl-dev/weather-dash" },
      ],
    }),
  );
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  await gitlab?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function verify(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { GITHUB_API_URL: sim.url, GITHUB_TOKEN: "t", ...env },
  };
  const code = await runCli(["verify", ...args], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("claimcheck verify", () => {
  test("--account reads the candidate's GitLab account beside GitHub's; each project shows its host", async () => {
    const env = { FORGE_HOSTS: `gitlab.com@${gitlab.url}=gitlab` };
    const text = await verify([pdfs["both.pdf"]!, "--user", "alice-honest", "--account", "gitlab.com:gl-dev"], env);
    expect(text.code).toBe(0);
    expect(text.out).toContain("as github.com/alice-honest, gitlab.com/gl-dev");
    expect(text.out).toMatch(/HIGH\s+Weather Dash\s+gitlab\.com\s+gl-dev\/weather-dash\s+48 of 48/);
    expect(text.out).toMatch(/Invoice API\s+github\.com\s+alice-honest\/invoice-api/);
    // only the GitLab account: no GitHub login needed, the GitHub project is left unread
    const r = await verify([pdfs["both.pdf"]!, "--account", "gitlab.com:gl-dev", "--json"], env);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({ hostUsername: "", accounts: ["gitlab.com:gl-dev"], status: "COMPLETED" });
    expect(result.verifiedProjects.map((p: { host: string; repoUrl: string }) => [p.host, p.repoUrl])).toEqual([
      ["gitlab.com", "gitlab.com/gl-dev/weather-dash"],
    ]);
    expect(result.flags.find((f: { rule: string }) => f.rule === "HOST_NOT_CHECKED")?.message).toContain(
      "github.com/alice-honest",
    );
  }, 120_000);

  test("a bad --account is a usage error naming what to configure", async () => {
    const r = await verify([pdfs["alice.pdf"]!, "--user", "alice-honest", "--account", "git.nowhere.example:a"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--account");
    expect(r.err).toContain("FORGE_HOSTS");
    const none = await verify([pdfs["alice.pdf"]!]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("--user LOGIN is required (or an --account HOST:USER)");
  });

  test("an honest candidate: a readable report, exit 0", async () => {
    const r = await verify([pdfs["alice.pdf"]!, "--user", "alice-honest"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    // the verdict in the words and code the service records for the same result
    expect(r.out).toContain("Verdict: Backed by the candidate's own work (backed); confidence score 100/100");
    expect(r.out).not.toContain("strong");
    expect(r.out).toMatch(
      /HIGH\s+Weather Dash\s+github\.com\s+alice-honest\/weather-dash\s+48 of 48\s+matched by link/,
    );
    expect(r.out).toContain("GitHub cache: memory");
  }, 120_000);

  test("a forged history: --json carries the CRITICAL flags and a low score", async () => {
    const r = await verify([pdfs["mallory.pdf"]!, "--user", "mallory-painter", "--json"]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.status).toBe("COMPLETED");
    expect(result.confidenceScore).toBeLessThanOrEqual(40);
    expect(result.flags.filter((f: { severity: string }) => f.severity === "CRITICAL").length).toBeGreaterThan(0);
    expect(result.verifiedProjects[0].repoUrl).toBe("github.com/mallory-painter/pixel-art");
    expect(result.verdict).toEqual({ code: "contradicted", label: "Contradicted by the evidence" });
    // finding titles in the report's words, never a rule's name
    for (const f of result.findings) expect(f.title).not.toMatch(/^[a-z ]+$/);
  }, 120_000);

  test("with --data-dir a second run is answered from the cache (two GraphQL requests, the rest 304s)", async () => {
    const data = join(dir, "data");
    const first = JSON.parse(
      (await verify([pdfs["alice.pdf"]!, "--user", "alice-honest", "--json", "--data-dir", data, "--create"])).out,
    );
    const second = JSON.parse(
      (await verify([pdfs["alice.pdf"]!, "--user", "alice-honest", "--json", "--data-dir", data])).out,
    );
    // with a token: the account and the evidence batch over GraphQL (POSTs are never 304); REST only revalidates
    expect(second.githubCalls.calls - second.githubCalls.notModified).toBeLessThanOrEqual(2);
    expect(second.githubCalls.calls).toBeLessThanOrEqual(first.githubCalls.calls);
    expect({ ...second, githubCalls: null }).toEqual({ ...first, githubCalls: null });
  }, 120_000);

  test.each([
    ["an unknown user", () => [pdfs["alice.pdf"]!, "--user", "nobody-here"], "github_user_not_found"],
    ["a file that is not a PDF", () => [join(dir, "not-a.pdf"), "--user", "alice-honest"], null],
    ["a missing file", () => [join(dir, "missing.pdf"), "--user", "alice-honest"], "file_not_found"],
  ])(
    "%s fails with exit 1 and a reason",
    async (_, args, code) => {
      const r = await verify([...args(), "--json"]);
      expect(r.code).toBe(1);
      const result = JSON.parse(r.out);
      expect(result.status).toBe("FAILED");
      if (code) expect(result.error.code).toBe(code);
      expect(r.err).toStartWith("verification failed (");
    },
    30_000,
  );

  test("a spent GitHub budget is a failure that says when to retry", async () => {
    sim.rateLimit.exhaust({ resetAt: Date.parse("2030-01-01T00:00:00Z") });
    try {
      const r = await verify([pdfs["alice.pdf"]!, "--user", "alice-honest"]);
      expect(r.code).toBe(1);
      expect(r.err).toContain(
        "verification failed (github_rate_limited): GitHub rate limit exhausted until 2030-01-01T00:00:00.000Z",
      );
    } finally {
      sim.rateLimit.reset();
    }
  }, 120_000);

  test.each<[string, unknown, string | null]>([
    ["unreadable PDF", new ResumeError("pdf_no_text", "the PDF has no text layer"), "pdf_no_text"],
    [
      "unknown user",
      new AnalysisFailure("github_user_not_found", "GitHub has no user named x"),
      "github_user_not_found",
    ],
    ["no projects", new AnalysisFailure("no_projects_found", "no projects"), "no_projects_found"],
    ["rate limit", new GitHubRateLimitedError(0), "github_rate_limited"],
    ["outage", new GitHubUnavailableError("502 after 4 attempts"), "github_unavailable"],
    ["a bug", new TypeError("x is undefined"), null],
  ])("knownFailure: %s", (_, err, code) => {
    expect<string | null>(knownFailure(err)?.code ?? null).toBe(code);
  });

  test.each([
    [[], "the resume PDF is required"],
    [["x.pdf"], "--user LOGIN is required"],
    [["x.pdf", "--user", "not a login"], "is not a GitHub login"],
    [["x.pdf", "--user", "a", "--bogus"], "bogus"],
  ])("usage error %p -> exit 2", async (args, message) => {
    const r = await verify(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  test("runs as a real process too; without GITHUB_TOKEN it says once what that means and how to set it", async () => {
    const r = await runCliProcess(["verify", pdfs["alice.pdf"]!, "--user", "alice-honest"], {
      GITHUB_API_URL: sim.url,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("confidence score 100/100");
    expect(r.stderr.match(/GITHUB_TOKEN is not set/g)).toHaveLength(1);
    expect(r.stderr).toContain("60 requests an hour");
    expect(r.stderr).toContain("GITHUB_TOKEN=ghp_... bun src/main.ts verify resume.pdf --user LOGIN");
    const withToken = await runCliProcess(["verify", pdfs["alice.pdf"]!, "--user", "alice-honest"], {
      GITHUB_API_URL: sim.url,
      GITHUB_TOKEN: "t",
    });
    expect(withToken.stderr).toBe("");
  }, 60_000);

  test("GitHub unreachable (nothing listens): fails at once with github_unreachable, no retries with backoff", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const url = `http://127.0.0.1:${closed.port}`;
    closed.stop(true);
    const started = performance.now();
    const r = await runCliProcess(["verify", pdfs["alice.pdf"]!, "--user", "alice-honest", "--json"], {
      GITHUB_API_URL: url,
      GITHUB_TOKEN: "t",
    });
    const elapsed = performance.now() - started;
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("github_unreachable");
    expect(r.stderr).toContain(`verification failed (github_unreachable): GitHub at ${url} cannot be reached (`);
    expect(r.stderr).toContain("check the network connection");
    // it ended at the one-request reachability probe, not after the retrying client's backoff (1 + 4 + 9 s):
    // the message is the probe's, never the retries' (no wall-clock bound: the machine may be busy)
    expect(r.stderr).not.toContain("after several retries");
    console.log(`verify without GitHub answered in ${Math.round(elapsed)} ms`);
  }, 60_000);

  test("githubUnreachable: an answer of any status is reachable; silence is reported after the time limit", async () => {
    const answering = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("no", { status: 404 }) });
    const silent = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Promise<Response>(() => {}) });
    try {
      expect(await githubUnreachable(`http://127.0.0.1:${answering.port}`)).toBeNull();
      expect(await githubUnreachable(`http://127.0.0.1:${silent.port}`, { timeoutMs: 200 })).toBe(
        "no answer within 0.2 s",
      );
    } finally {
      answering.stop(true);
      silent.stop(true);
    }
  });
});

describe.skipIf(!postgresBinDir())("claimcheck verify on DATABASE_URL", () => {
  afterAll(() => stopSharedPostgres());

  test("spends GitHub's budget through the gate the replicas share, and leaves no request counted in flight", async () => {
    const url = await freshDatabaseUrl("verifygate");
    const r = await verify([pdfs["alice.pdf"]!, "--user", "alice-honest", "--json"], { DATABASE_URL: url });
    expect(r.code).toBe(0);
    const db = await openStorage({ dbPath: "", databaseUrl: url });
    try {
      const windows = await db
        .query<{ budget: string; remaining: number }>("SELECT budget, remaining FROM github_rate_gate")
        .all();
      expect(windows.length).toBeGreaterThan(0);
      for (const w of windows) expect(w.budget.startsWith(`${new URL(sim.url).origin}:`)).toBe(true);
      expect(await db.query("SELECT * FROM github_rate_gate_flights WHERE in_flight > 0").all()).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
