import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { describeEachBackend } from "../support/backends.ts";
import { runCliProcess } from "../support/child-server.ts";
import { fixedSteps, makePdf, REPO_ROOT, tempDir, testConfig } from "../support/harness.ts";

let tmp: ReturnType<typeof tempDir>;
let env: Record<string, string>;
const cli = (...args: string[]) => runCliProcess(args, env);
let done: string;
let failed: string;
let pdfKept: (trackingId: string) => Promise<boolean>;

// every command that touches data works the same on DATA_DIR (SQLite) and on DATABASE_URL (PostgreSQL)
describeEachBackend("jobs, webhook, keys and clients commands", (backend) => {
  beforeAll(async () => {
    tmp = tempDir();
    const dbEnv = await backend.env();
    env = { DATA_DIR: tmp.dir, ...dbEnv };
    const app = await createApp(testConfig(tmp.dir, dbEnv), { logger: silentLogger, steps: fixedSteps(64) });
    pdfKept = async (id) =>
      backend.name === "sqlite"
        ? existsSync(join(tmp.dir, "resumes", `${id}.pdf`))
        : (async () => {
            const db = await openStorage({ dbPath: "", databaseUrl: dbEnv.DATABASE_URL! });
            try {
              return (await db.query("SELECT 1 AS one FROM resume_files WHERE tracking_id = ?").get(id)) !== null;
            } finally {
              await db.close();
            }
          })();
    const { apiKey: row } = await app.accounts.createKey("k");
    const principal = { keyId: row.id, client: await app.accounts.client("default") };
    done = (
      await app.verifications.submit({
        principal,
        hostUsername: "alice",
        pdf: await makePdf(),
        filename: null,
        idempotencyKey: null,
      })
    ).trackingId;
    await app.worker.runOnce();
    failed = (
      await app.verifications.submit({
        principal,
        hostUsername: "bob",
        pdf: await makePdf(),
        filename: null,
        idempotencyKey: null,
      })
    ).trackingId;
    await app.stop();
  });
  afterAll(() => tmp.cleanup());

  test("jobs list filters by state and user; jobs show prints the polled result", async () => {
    const all = JSON.parse((await cli("jobs", "list", "--json")).stdout) as {
      total: number;
      jobs: Array<{ trackingId: string; state: string; score: number | null }>;
    };
    expect(all.total).toBe(2);
    expect(all.jobs.map((j) => j.trackingId)).toEqual([failed, done]); // newest first
    const completed = JSON.parse((await cli("jobs", "list", "--state", "COMPLETED", "--json")).stdout) as {
      jobs: Array<{ trackingId: string; score: number }>;
    };
    expect(completed.jobs).toEqual([expect.objectContaining({ trackingId: done, score: 64 })]);
    const bob = JSON.parse((await cli("jobs", "list", "--user", "bo", "--json")).stdout) as {
      jobs: Array<{ trackingId: string; state: string }>;
    };
    expect(bob.jobs).toEqual([expect.objectContaining({ trackingId: failed, state: "queued" })]);
    const bad = await cli("jobs", "list", "--state", "sleeping");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("state");
    const shown = JSON.parse((await cli("jobs", "show", done, "--json")).stdout) as {
      job: Record<string, unknown>;
      pdfKept: boolean;
    };
    expect(shown.job).toMatchObject({ trackingId: done, status: "COMPLETED", confidenceScore: 64 });
    expect(shown.pdfKept).toBe(true);
    expect((await cli("jobs", "show", "vrf_nope")).code).toBe(1);
  });

  test("jobs delete-pdf removes the file at once and keeps the result", async () => {
    expect(await pdfKept(done)).toBe(true);
    const r = await cli("jobs", "delete-pdf", done);
    expect(r.code).toBe(0);
    expect(await pdfKept(done)).toBe(false);
    const shown = JSON.parse((await cli("jobs", "show", done, "--json")).stdout) as {
      job: { status: string };
      pdfKept: boolean;
    };
    expect(shown).toMatchObject({ job: { status: "COMPLETED" }, pdfKept: false });
  });

  test("webhook rotate prints a new secret and keeps the old one valid; webhook check says valid or why not", async () => {
    const first = (await cli("webhook", "set", "--url", "https://hooks.example.test/x")).stdout.trim();
    const rotated = await cli("webhook", "rotate", "--overlap", "2h");
    expect(rotated.code).toBe(0);
    const second = rotated.stdout.trim();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(rotated.stderr).toContain("previous one signs until");
    const body = '{"event":"verification.completed","trackingId":"vrf_x"}';
    const sign = (secret: string, b = body) => `sha256=${createHmac("sha256", secret).update(b).digest("hex")}`;
    const ok = await cli("webhook", "check", "--header", sign(second), "--body", body);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("valid: signed with the current secret\n"); // said once, not "valid (valid): valid: ..."
    const old = await cli("webhook", "check", "--header", sign(first), "--body", body);
    expect(old.code).toBe(0);
    expect(old.stdout).toStartWith("valid with the previous secret, which still signs until ");
    const tampered = await cli("webhook", "check", "--header", sign(second), "--body", body.replace("vrf_x", "vrf_y"));
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toStartWith("invalid (");
    expect((await cli("webhook", "rotate", "--overlap", "soon")).code).toBe(2);
  });

  test("for a person: jobs list and keys list print a header row; jobs show prints text, JSON only with --json", async () => {
    const jobs = (await cli("jobs", "list")).stdout.split("\n");
    expect(jobs[0]).toBe("2 job(s)");
    expect(jobs[1]).toMatch(
      /^tracking id\s+created \(UTC\)\s+client\s+GitHub user\s+candidate\s+state\s+verdict\s+score\s+webhook$/,
    );
    const doneRow = jobs.find((l) => l.startsWith(done))!;
    expect(doneRow).toMatch(/alice\s+Test Candidate\s+COMPLETED\s+Partly backed\s+64/);
    // every row's state sits under the header's "state"
    const col = jobs[1]!.indexOf("state");
    for (const l of jobs.slice(2).filter(Boolean)) expect(l.slice(col)).toMatch(/^(COMPLETED|queued)/);
    const json = JSON.parse((await cli("jobs", "list", "--json")).stdout) as { jobs: Array<Record<string, unknown>> };
    expect(json.jobs.find((j) => j.trackingId === done)).toMatchObject({
      verdict: { code: "partly_backed", label: "Partly backed" },
      candidateName: "Test Candidate",
    });

    const keys = (await cli("keys", "list")).stdout.split("\n");
    expect(keys[0]).toMatch(/^id\s+prefix\s+client\s+name\s+last used\s+state$/);
    expect(keys[1]).toMatch(/^\S+\s+cck_\S+…\s+default\s+k\s+never\s+active$/);

    const clients = (await cli("clients", "list")).stdout.split("\n");
    expect(clients[0]).toMatch(/^client\s+monthly quota\s+rate limit\s+webhook$/);
    expect(clients.some((l) => /^default\s+\d+\/month\s+\d+\/min per key\s+/.test(l))).toBe(true);

    const shown = await cli("jobs", "show", done);
    expect(shown.code).toBe(0);
    expect(() => JSON.parse(shown.stdout)).toThrow();
    expect(shown.stdout).toStartWith(`${done}  COMPLETED  Partly backed (partly_backed)  score 64/100\n`);
    expect(shown.stdout).toMatch(/GitHub user\s+alice/);
    expect(shown.stdout).toMatch(/candidate\s+Test Candidate/);
    expect(shown.stdout).toMatch(/HIGH\s+tool\s+github\.com\s+alice\/tool\s+12/);
    expect(shown.stdout).toContain("Webhook deliveries (");
    const pending = await cli("jobs", "show", failed);
    expect(pending.stdout).toStartWith(`${failed}  queued\n`);
  });

  test("a reader that goes away (`jobs list | head`) ends the command quietly, exit 0, no stack trace", async () => {
    const proc = Bun.spawn([process.execPath, "src/main.ts", "jobs", "list"], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    await proc.stdout.cancel(); // closed before the command writes its first line
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});
