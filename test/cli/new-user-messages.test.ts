import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMMAND_WORDS, inThisForm } from "../../src/cli/program-name.ts";
import { runCli } from "../../src/cli/run-cli.ts";
import { runCliProcess } from "../support/child-server.ts";
import { tempDir } from "../support/harness.ts";

/** What a new user meets first: messages that say what is wrong and what to type, in the form they run. */

const tmp = tempDir();
afterAll(() => tmp.cleanup());

async function cli(env: Record<string, string>, ...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    out: (l) => (stdout += `${l}\n`),
    err: (l) => (stderr += `${l}\n`),
    env: { LOG_LEVEL: "silent", ...env },
  });
  return { code, stdout, stderr };
}

describe("admin commands never create a database unless asked", () => {
  test("a mistyped DATA_DIR is refused, naming the path and --create; nothing is created there", async () => {
    const typo = join(tmp.dir, "dtaa");
    for (const args of [
      ["keys", "list"],
      ["keys", "create", "--name", "x"],
      ["clients", "list"],
      ["webhook", "show"],
      ["jobs", "list"],
      ["admin", "list"],
      ["admin", "create"],
      ["migrate"],
    ]) {
      const r = await cli({ DATA_DIR: typo }, ...args);
      expect({ args, code: r.code }).toEqual({ args, code: 78 });
      expect(r.stderr).toContain(`there is no claimcheck database at ${join(typo, "claimcheck.db")}`);
      expect(r.stderr).toContain("--create");
      expect(existsSync(typo)).toBe(false);
    }
  });

  test("a relative DATA_DIR says which directory it was taken from", async () => {
    const r = await cli({ DATA_DIR: "no-such-data-here" }, "keys", "list");
    expect(r.code).toBe(78);
    expect(r.stderr).toContain(`"no-such-data-here"`);
    expect(r.stderr).toContain(`relative to the current directory ${process.cwd()}`);
    expect(existsSync(join(process.cwd(), "no-such-data-here"))).toBe(false);
  });

  test("--create makes the database on purpose; later commands find it, and an empty key list says where it looked", async () => {
    const dir = join(tmp.dir, "fresh");
    expect((await cli({ DATA_DIR: dir }, "keys", "list", "--create")).code).toBe(0);
    expect(existsSync(join(dir, "claimcheck.db"))).toBe(true);
    const again = await cli({ DATA_DIR: dir }, "keys", "list");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`no API keys in ${join(dir, "claimcheck.db")}`);
  });
});

describe("hints name the form being run", () => {
  test("bun src/main.ts: the hint, the usage and a service's error message say bun src/main.ts", async () => {
    const dir = join(tmp.dir, "hints");
    const r = await runCliProcess(["keys", "list", "--create"], { DATA_DIR: dir });
    expect(r.stdout).toContain("(create one: bun src/main.ts keys create --name NAME)");
    expect(r.stdout).not.toContain("claimcheck keys");
    const help = await runCliProcess(["keys", "create", "--help"], { DATA_DIR: dir });
    expect(help.stdout).toStartWith("usage: bun src/main.ts keys create --name NAME");
    const missing = await runCliProcess(["keys", "create", "--name", "x", "--client", "nobody"], { DATA_DIR: dir });
    expect(missing.stderr).toContain("(see: bun src/main.ts clients list)");
  }, 120_000);

  test("the executable is named as it is found: on PATH by its name, else by its path", () => {
    const text =
      "usage: claimcheck keys list\n(create one: claimcheck keys create --name NAME)\nclaimcheck 0.1.0\n`claimcheck <command> --help`";
    expect(inThisForm(text, "dist/claimcheck")).toBe(
      "usage: dist/claimcheck keys list\n(create one: dist/claimcheck keys create --name NAME)\nclaimcheck 0.1.0\n`dist/claimcheck <command> --help`",
    );
    expect(inThisForm(text, "claimcheck")).toBe(text);
    // the name alone, or before a word that is not a command, is left alone
    for (const other of [
      "claimcheck-webhooks/1 sent it",
      "no claimcheck database at x",
      "claimcheck listening on",
      "claimcheck keystore",
    ])
      expect(inThisForm(other, "bun src/main.ts")).toBe(other);
  });

  test("every command's first word is known to the rewriting", async () => {
    const { loadCommands } = await import("../../src/cli/table.ts");
    const words = new Set((await loadCommands()).map((c) => c.name.split(" ")[0]!));
    expect([...words].sort()).toEqual([...COMMAND_WORDS].sort());
  });
});

describe("messages", () => {
  test("PORT=abc says what is wrong in words; a bare duration says to write its unit", async () => {
    const r = await cli({ DATA_DIR: tmp.dir, PORT: "abc", WEBHOOK_TIMEOUT: "10" }, "serve");
    expect(r.code).toBe(78);
    expect(r.stderr).toContain('PORT (--port) = "abc": must be a whole number from 0 to 65535');
    expect(r.stderr).toContain('WEBHOOK_TIMEOUT (--webhook-timeout) = "10": a duration needs a unit: write 10s');
    expect(r.stderr).not.toContain("NaN");
  });

  test("duration flags need a unit too", async () => {
    const dir = join(tmp.dir, "durations");
    await cli({ DATA_DIR: dir }, "migrate", "--create");
    const ttl = await cli({ DATA_DIR: dir }, "admin", "create", "--ttl", "30");
    expect(ttl.code).toBe(2);
    expect(ttl.stderr).toContain('--ttl "30": a duration needs a unit: write 30s');
    const overlap = await cli({ DATA_DIR: dir }, "webhook", "rotate", "--overlap", "24");
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toContain('--overlap "24": a duration needs a unit: write 24s');
    const since = await cli({ DATA_DIR: dir }, "webhook", "resend", "--failed", "--since", "24");
    expect(since.code).toBe(2);
    expect(since.stderr).toContain("a duration needs a unit: write 24s");
  });

  test("serve --help states each default once", async () => {
    const r = await cli({}, "serve", "--help");
    expect(r.stdout).toContain("(default: http://HOST:PORT)");
    expect(r.stdout).not.toMatch(/\(default: [^)]*\) \(default: /);
    expect(r.stdout).toContain("UPLOAD_TIMEOUT");
  });

  test("a failed healthcheck names the URL it asked", async () => {
    const down = await cli({ PORT: "9" }, "healthcheck");
    expect(down.code).toBe(1);
    expect(down.stderr).toStartWith("unreachable: http://127.0.0.1:9/readyz: ");
    const other = await cli({}, "healthcheck", "--url", "http://127.0.0.1:9/readyz");
    expect(other.stderr).toContain("http://127.0.0.1:9/readyz");
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("not yet", { status: 503 }) });
    try {
      const r = await cli({}, "healthcheck", "--url", `http://127.0.0.1:${server.port}/readyz`);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`not ready: http://127.0.0.1:${server.port}/readyz answered 503 not yet\n`);
    } finally {
      server.stop(true);
    }
  });

  test("webhook set warns when the address policy would refuse every delivery; the URL is set all the same", async () => {
    const dir = join(tmp.dir, "hooks");
    await cli({ DATA_DIR: dir }, "migrate", "--create");
    const metadata = await cli({ DATA_DIR: dir }, "webhook", "set", "--url", "http://169.254.169.254/latest/meta-data");
    expect(metadata.code).toBe(0);
    expect(metadata.stderr).toContain("warning: deliveries to this URL will be refused by the outbound address policy");
    expect(metadata.stderr).toContain("169.254.169.254 (metadata)");
    expect((await cli({ DATA_DIR: dir }, "webhook", "show")).stdout).toContain(
      "http://169.254.169.254/latest/meta-data",
    );
    const reserved = await cli({ DATA_DIR: dir }, "webhook", "set", "--url", "http://[::1:0:0:1]/hook"); // in ::/8
    expect(reserved.stderr).toContain("::1:0:0:1 (reserved)");
    const privateNet = await cli(
      { DATA_DIR: dir, WEBHOOK_BLOCK_PRIVATE: "true" },
      "webhook",
      "set",
      "--url",
      "http://10.1.2.3/hook",
    );
    expect(privateNet.stderr).toContain("WEBHOOK_BLOCK_PRIVATE=true");
    const fine = await cli({ DATA_DIR: dir }, "webhook", "set", "--url", "http://10.1.2.3/hook");
    expect(fine.stderr).not.toContain("warning");
  });
});

describe("backup --out", () => {
  const seeded = async () => {
    const dir = join(tmp.dir, `backup-${crypto.randomUUID()}`);
    expect((await cli({ DATA_DIR: dir }, "keys", "create", "--name", "b", "--create")).code).toBe(0);
    return dir;
  };

  test("a dangling symbolic link is refused, not followed: nothing is written where it points", async () => {
    const dir = await seeded();
    const target = join(tmp.dir, `elsewhere-${crypto.randomUUID()}.db`);
    const link = join(dir, "backup.db");
    symlinkSync(target, link);
    const r = await cli({ DATA_DIR: dir }, "backup", "--out", link);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("exists (a file, or a link to one)");
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  test("a link to an existing file is refused and the file left as it was", async () => {
    const dir = await seeded();
    const target = join(tmp.dir, `victim-${crypto.randomUUID()}`);
    writeFileSync(target, "precious");
    const link = join(dir, "to-victim.db");
    symlinkSync(target, link);
    expect((await cli({ DATA_DIR: dir }, "backup", "--out", link)).code).toBe(2);
    expect(readFileSync(target, "utf8")).toBe("precious");
  });

  test("a new file is created 0600 whatever the umask, holds the data, and no scratch copy is left", async () => {
    const dir = await seeded();
    const outDir = join(tmp.dir, `out-${crypto.randomUUID()}`);
    mkdirSync(outDir);
    const out = join(outDir, "copy.db");
    const old = process.umask(0o022);
    try {
      const r = await cli({ DATA_DIR: dir }, "backup", "--out", out);
      expect(r.code).toBe(0);
    } finally {
      process.umask(old);
    }
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const { Database } = await import("bun:sqlite");
    const copy = new Database(out, { readonly: true });
    expect(copy.query<{ n: number }, []>("SELECT count(*) AS n FROM api_keys").get()!.n).toBe(1);
    copy.close();
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(outDir)).toEqual(["copy.db"]);
  });

  test("a missing database is named, not created", async () => {
    const r = await cli({ DATA_DIR: join(tmp.dir, "nothing-here") }, "backup", "--out", join(tmp.dir, "x.db"));
    expect(r.code).toBe(78);
    expect(r.stderr).toContain("there is no claimcheck database at");
    expect(existsSync(join(tmp.dir, "x.db"))).toBe(false);
  });
});

describe("admin unlock", () => {
  test("forgets a username's failed logins (or an address's), so the administrator gets in at once", async () => {
    const dir = join(tmp.dir, "unlock");
    expect((await cli({ DATA_DIR: dir }, "migrate", "--create")).code).toBe(0);
    const { openDatabase } = await import("../../src/storage/database.ts");
    const { AdminAuth } = await import("../../src/admins/admin-auth.ts");
    const { AdminStore } = await import("../../src/admins/admin-store.ts");
    const { systemClock } = await import("../../src/lib/clock.ts");
    const db = await openDatabase(join(dir, "claimcheck.db"));
    try {
      const auth = new AdminAuth(new AdminStore(db), systemClock, { argon2: { memoryCost: 1024, timeCost: 1 } });
      const { token } = await auth.createSetupToken();
      const pw = "correct horse battery";
      await auth.redeemSetup(token, "ruth", pw, pw);
      for (let i = 0; i < 5; i++) await auth.login("ruth", `wrong ${i}`, "10.0.0.9").catch(() => {});
      await expect(auth.login("ruth", pw, "10.0.0.9")).rejects.toMatchObject({ code: "login_throttled" });
      const r = await cli({ DATA_DIR: dir }, "admin", "unlock", "ruth");
      expect(r.code).toBe(0);
      expect(r.stdout).toBe("unlocked username ruth: 5 failed logins forgotten\n");
      expect((await auth.login("ruth", pw, "10.0.0.9")).token).toBeString();
      for (let i = 0; i < 5; i++) await auth.login("ruth", `wrong ${i}`, "10.0.0.9").catch(() => {});
      const byAddress = await cli({ DATA_DIR: dir }, "admin", "unlock", "--address", "10.0.0.9");
      // the address's own count of both rounds (5 + 5) and its failures for root in the second (5)
      expect(byAddress.stdout).toBe("unlocked address 10.0.0.9: 15 failed logins forgotten\n");
      expect((await auth.login("ruth", pw, "10.0.0.9")).token).toBeString();
    } finally {
      await db.close();
    }
    expect((await cli({ DATA_DIR: dir }, "admin", "unlock")).code).toBe(2);
    expect((await cli({ DATA_DIR: dir }, "admin", "unlock", "ruth", "--address", "10.0.0.9")).code).toBe(2);
  });
});
