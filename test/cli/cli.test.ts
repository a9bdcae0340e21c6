import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runCliProcess } from "../support/child-server.ts";
import { tempDir } from "../support/harness.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const env = { DATA_DIR: tmp.dir };
const cli = (...args: string[]) => runCliProcess(args, env);
// an empty DATA_DIR: the first command creates the database on purpose (never silently)
beforeAll(async () => expect((await cli("migrate", "--create")).code).toBe(0));

describe("CLI contract", () => {
  test("keys create prints the new key as the only stdout line; list shows it without the secret; revoke", async () => {
    const created = await cli("keys", "create", "--name", "ci");
    expect(created.code).toBe(0);
    const lines = created.stdout.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    const key = lines[0]!;
    expect(key).toMatch(/^cck_[0-9a-z]{32}$/);
    const list = await cli("keys", "list", "--json");
    const keys = JSON.parse(list.stdout) as Array<{
      id: string;
      name: string;
      client: string;
      revokedAt: string | null;
    }>;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ name: "ci", client: "default", revokedAt: null });
    expect(list.stdout).not.toContain(key);
    const revoked = await cli("keys", "revoke", keys[0]!.id);
    expect(revoked.code).toBe(0);
    const again = await cli("keys", "revoke", keys[0]!.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already revoked");
    const after = JSON.parse((await cli("keys", "list", "--json")).stdout) as Array<{ revokedAt: string | null }>;
    expect(after[0]!.revokedAt).not.toBeNull();
  });

  test("clients add / set / list, and keys for a named client", async () => {
    expect((await cli("clients", "add", "acme", "--monthly-quota", "500", "--rate-limit", "10")).code).toBe(0);
    expect((await cli("clients", "set", "acme", "--rate-limit", "20")).code).toBe(0);
    const list = JSON.parse((await cli("clients", "list", "--json")).stdout) as Array<{
      name: string;
      monthlyQuota: number;
      rateLimitPerMinute: number;
    }>;
    expect(list.find((c) => c.name === "acme")).toMatchObject({ monthlyQuota: 500, rateLimitPerMinute: 20 });
    expect(list.some((c) => c.name === "default")).toBe(true);
    const dup = await cli("clients", "add", "acme");
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("already exists");
    expect((await cli("keys", "create", "--name", "x", "--client", "acme")).code).toBe(0);
    const missing = await cli("keys", "create", "--name", "x", "--client", "nobody");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no client named nobody");
    const bad = await cli("clients", "set", "acme", "--rate-limit", "lots");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--rate-limit must be a whole number");
  });

  test("webhook set generates and prints a secret once; show hides it unless --reveal; a new --secret rotates", async () => {
    const set = await cli("webhook", "set", "--url", "https://hooks.example.test/cc");
    expect(set.code).toBe(0);
    const secret = set.stdout.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const show = JSON.parse((await cli("webhook", "show", "--json")).stdout) as { url: string; secret: string };
    expect(show.url).toBe("https://hooks.example.test/cc");
    expect(show.secret).not.toBe(secret);
    const reveal = JSON.parse((await cli("webhook", "show", "--json", "--reveal")).stdout) as {
      secret: string;
      previousSecretValidUntil: string | null;
    };
    expect(reveal.secret).toBe(secret);
    expect(reveal.previousSecretValidUntil).toBeNull();
    const keep = await cli("webhook", "set", "--url", "https://hooks.example.test/v2");
    expect(keep.stdout).toBe(""); // secret kept, nothing printed
    const rotate = await cli(
      "webhook",
      "set",
      "--url",
      "https://hooks.example.test/v2",
      "--secret",
      "a-brand-new-secret-value",
    );
    expect(rotate.code).toBe(0);
    const after = JSON.parse((await cli("webhook", "show", "--json", "--reveal")).stdout) as {
      secret: string;
      previousSecretValidUntil: string | null;
    };
    expect(after.secret).toBe("a-brand-new-secret-value");
    expect(after.previousSecretValidUntil).not.toBeNull();
    const badUrl = await cli("webhook", "set", "--url", "ftp://nope");
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain("http or https");
  });

  test("backup writes a consistent copy that opens with the same data; refuses to overwrite", async () => {
    const out = `${tmp.dir}/backup-copy.db`;
    const r = await cli("backup", "--out", out);
    expect(r.code).toBe(0);
    const { Database } = await import("bun:sqlite");
    const copy = new Database(out, { readonly: true });
    expect(copy.query<{ n: number }, []>("SELECT count(*) AS n FROM clients").get()!.n).toBeGreaterThanOrEqual(1);
    copy.close();
    const again = await cli("backup", "--out", out);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("exists");
  });

  test("admin commands work on the DATA_DIR of a running server: a key created by the CLI works at once, a revoked one stops", async () => {
    const { startChildServer } = await import("../support/child-server.ts");
    const { makePdf, submit } = await import("../support/harness.ts");
    const server = await startChildServer({ ...env, GITHUB_API_URL: "http://127.0.0.1:9" });
    try {
      const key = (await cli("keys", "create", "--name", "live")).stdout.trim();
      const pdf = await makePdf();
      expect((await submit(server.url, key, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
      const id = (JSON.parse((await cli("keys", "list", "--json")).stdout) as Array<{ id: string; name: string }>).find(
        (k) => k.name === "live",
      )!.id;
      expect((await cli("keys", "revoke", id)).code).toBe(0);
      expect((await submit(server.url, key, { resume: pdf, hostUsername: "octocat" })).status).toBe(401);
    } finally {
      server.kill("SIGKILL");
      await server.exited;
    }
  });

  test("serve with bad configuration lists every problem and exits non-zero", async () => {
    const r = await runCliProcess(["serve"], {
      ...env,
      PORT: "99999",
      WORKER_CONCURRENCY: "many",
      WEBHOOK_RETRY_SCHEDULE: "soon",
    });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain("PORT");
    expect(r.stderr).toContain("WORKER_CONCURRENCY");
    expect(r.stderr).toContain("WEBHOOK_RETRY_SCHEDULE");
  });

  test("--help works for the program and every command; unknown commands and flags are usage errors", async () => {
    const top = await cli("--help");
    expect(top.code).toBe(0);
    const names = [...top.stdout.matchAll(/^ {2}(\S+(?: \S+)?)\s{2,}/gm)].map((m) => m[1]!);
    expect(names).toEqual(
      expect.arrayContaining([
        "serve",
        "keys create",
        "keys list",
        "keys revoke",
        "webhook set",
        "webhook show",
        "clients add",
        "clients list",
        "clients set",
      ]),
    );
    for (const name of names) {
      const h = await cli(...name.split(" "), "--help");
      expect(h.code).toBe(0);
      expect(h.stdout).toContain("usage: bun src/main.ts"); // the form being run
    }
    const unknown = await cli("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command");
    const badFlag = await cli("keys", "create", "--nmae", "x");
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain("--nmae");
    const group = await cli("keys");
    expect(group.code).toBe(0);
    expect(group.stdout).toContain("keys create");
  }, 120_000); // one process per command (~28), each a full start: past the 5 s default on a loaded machine
});
