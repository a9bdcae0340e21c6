/**
 * A PostgreSQL that cannot be used at start is a configuration problem of DATABASE_URL (exit 78) whose
 * message says what to do, for `serve` and for the admin commands alike, and never prints the password.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { runCliProcess } from "../support/child-server.ts";
import { tempDir } from "../support/harness.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";
import { deadPort } from "../webhooks/helpers/receivers.ts";

afterAll(() => stopSharedPostgres());

describe.skipIf(!postgresBinDir())("PostgreSQL unusable at start", () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  const withUrl = (change: (u: URL) => void) =>
    freshDatabaseUrl("starterr").then((url) => {
      const u = new URL(url);
      u.password = "s3cret-pw";
      change(u);
      return u.toString();
    });

  const cases: Array<{ what: string; url: () => Promise<string>; says: RegExp }> = [
    {
      what: "nothing listens at the host and port",
      url: () => withUrl((u) => (u.port = String(deadPort()))),
      says: /nothing accepted the connection at 127\.0\.0\.1:\d+: is PostgreSQL running there/,
    },
    {
      what: "the database does not exist",
      url: () => withUrl((u) => (u.pathname = "/no_such_db")),
      says: /the database "no_such_db" does not exist: create it \(createdb no_such_db\)/,
    },
    {
      what: "the user does not exist",
      url: () => withUrl((u) => (u.username = "nobody_here")),
      says: /refused this user or password|SQLSTATE 28/,
    },
  ];

  for (const c of cases)
    for (const command of [
      ["serve", "--port", "0"],
      ["keys", "list"],
    ])
      test(`${c.what}: ${command[0]} exits 78 naming DATABASE_URL, with the password hidden`, async () => {
        const url = await c.url();
        const r = await runCliProcess(command, { DATA_DIR: tmp.dir, DATABASE_URL: url });
        expect(r.code).toBe(78);
        expect(r.stderr).toContain("DATABASE_URL (--database-url) = postgres://");
        expect(r.stderr).toMatch(c.says);
        expect(r.stderr + r.stdout).not.toContain("s3cret-pw");
        expect(r.stderr).toContain(":***@");
        expect(r.stderr).not.toMatch(/^\s+at /m); // a message, not a stack trace
      }, 60_000);
});
