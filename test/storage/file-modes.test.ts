import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { runCli } from "../../src/cli/run-cli.ts";
import { ensureDataDir } from "../../src/config/startup-checks.ts";
import { createLogger, silentLogger } from "../../src/lib/log.ts";
import { fixedSteps, makePdf, submit, tempDir, testConfig } from "../support/harness.ts";

/** What the service stores is readable by its own user only, whatever the umask. */

const mode = (path: string) => statSync(path).mode & 0o777;
const octal = (m: number) => m.toString(8).padStart(3, "0");
const previousUmask = process.umask();
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  process.umask(previousUmask);
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each([
  ["022", 0o022],
  ["000", 0o000],
  ["077", 0o077],
])("under umask %s", (_name, umask) => {
  test("DATA_DIR and resumes/ are 0700; the database, its WAL and SHM, every PDF and a backup are 0600", async () => {
    process.umask(umask);
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const dataDir = join(tmp.dir, "data");
    const app = await createApp(testConfig(dataDir), { logger: silentLogger, steps: fixedSteps() });
    await app.start();
    cleanups.push(() => app.stop());
    const { key } = await app.accounts.createKey("modes");
    const res = await submit(app.url, key, { resume: await makePdf(), hostUsername: "octocat" });
    expect(res.status).toBe(202);

    const files: Record<string, number> = {
      [dataDir]: mode(dataDir),
      [join(dataDir, "resumes")]: mode(join(dataDir, "resumes")),
    };
    for (const f of ["claimcheck.db", "claimcheck.db-wal", "claimcheck.db-shm"]) files[f] = mode(join(dataDir, f));
    const pdfs = readdirSync(join(dataDir, "resumes"));
    expect(pdfs.length).toBe(1);
    for (const f of pdfs) files[f] = mode(join(dataDir, "resumes", f));

    const out = join(tmp.dir, "backup.db");
    const code = await runCli(["backup", "--out", out], { out: () => {}, err: () => {}, env: { DATA_DIR: dataDir } });
    expect(code).toBe(0);
    files["backup.db"] = mode(out);

    const wrong = Object.entries(files)
      .filter(([path, m]) => m !== (path === dataDir || path.endsWith("resumes") ? 0o700 : 0o600))
      .map(([path, m]) => `${path}: ${octal(m)}`);
    expect(wrong).toEqual([]);
  });
});

test("existing files readable by others: a warning at start names each one (and nothing is changed)", async () => {
  process.umask(0o022);
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const dataDir = join(tmp.dir, "data");
  mkdirSync(join(dataDir, "resumes"), { recursive: true, mode: 0o755 });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, "claimcheck.db"), "", { mode: 0o644 });
  writeFileSync(join(dataDir, "resumes", "vrf_01jxxxxxxxxxxxxxxxxxxxxxxx.pdf"), "%PDF-1.4", { mode: 0o640 });
  const lines: string[] = [];
  const app = await createApp(testConfig(dataDir), {
    logger: createLogger("warn", {}, (l) => lines.push(l)),
    steps: fixedSteps(),
  });
  cleanups.push(() => app.stop());
  const warnings = lines.map((l) => JSON.parse(l) as { level: string; msg: string; paths?: string[] });
  const w = warnings.find((x) => x.msg.includes("readable by other users"));
  expect(w?.level).toBe("warn");
  expect(w!.paths).toEqual(
    expect.arrayContaining([
      `${dataDir} (755)`,
      `${join(dataDir, "claimcheck.db")} (644)`,
      `${join(dataDir, "resumes")} (755)`,
      `${join(dataDir, "resumes", "vrf_01jxxxxxxxxxxxxxxxxxxxxxxx.pdf")} (640)`,
    ]),
  );
  expect(w!.msg).toContain("chmod");
  expect(mode(dataDir)).toBe(0o755); // an operator's choice is reported, not silently changed
});

test("a tight DATA_DIR gives no warning", async () => {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const lines: string[] = [];
  const app = await createApp(testConfig(join(tmp.dir, "data")), {
    logger: createLogger("warn", {}, (l) => lines.push(l)),
    steps: fixedSteps(),
  });
  cleanups.push(() => app.stop());
  expect(lines.filter((l) => l.includes("readable by other users"))).toEqual([]);
});

test("serve's start-up check creates a missing DATA_DIR 0700 too (it runs before the database opens)", () => {
  process.umask(0o022);
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const dataDir = join(tmp.dir, "new", "data");
  ensureDataDir(dataDir);
  expect(octal(mode(dataDir))).toBe("700");
  chmodSync(dataDir, 0o750);
  ensureDataDir(dataDir); // an existing directory is the operator's: left as it is
  expect(octal(mode(dataDir))).toBe("750");
});
