/** `claimcheck integrations ...`: connections made, listed and revoked on the data of a server, with usage errors. */
import { afterAll, expect, test } from "bun:test";
import { runCliProcess } from "../support/child-server.ts";
import { tempDir } from "../support/harness.ts";

const tmp = tempDir();
const env = { DATA_DIR: tmp.dir };
const cli = (...args: string[]) => runCliProcess(["integrations", ...args], env);
afterAll(() => tmp.cleanup());

test("create prints the key once; list shows the connection without it; revoke stops it", async () => {
  const made = await runCliProcess(["integrations", "create", "greenhouse", "--client", "default", "--create"], env);
  expect(made.code).toBe(0);
  const key = made.stdout.trim();
  expect(key).toMatch(/^cck_[0-9a-z]{32}$/);
  expect(made.stderr).toContain("created greenhouse connection");
  const ashby = await cli("create", "ashby", "--client", "default", "--ashby-key", "k", "--name", "acme-ashby");
  expect(ashby.code).toBe(0);
  const listed = JSON.parse((await cli("list", "--json")).stdout) as Array<{
    id: string;
    ats: string;
    client: string;
    tests: string[];
    revokedAt: string | null;
  }>;
  expect(listed.map((c) => [c.ats, c.client, c.tests, c.revokedAt])).toEqual([
    ["greenhouse", "default", ["code-claims"], null],
    ["ashby", "default", ["code-claims"], null],
  ]);
  expect(JSON.stringify(listed)).not.toContain(key);
  const revoked = await cli("revoke", listed[0]!.id);
  expect(revoked.code).toBe(0);
  expect(revoked.stdout).toContain("revoked greenhouse connection");
  const after = JSON.parse((await cli("list", "--json")).stdout) as Array<{ revokedAt: string | null }>;
  expect(after[0]!.revokedAt).not.toBeNull();
  const keys = (await runCliProcess(["keys", "list", "--json"], env)).stdout;
  expect(
    (JSON.parse(keys) as Array<{ name: string; revokedAt: string | null }>).find(
      (k) => k.name === "greenhouse:greenhouse",
    )?.revokedAt,
  ).not.toBeNull();
}, 60_000);

test("usage and input errors name what to fix, and create nothing", async () => {
  const before = (await cli("list", "--json")).stdout;
  expect((await cli("create", "lever", "--client", "default")).code).toBe(2);
  expect((await cli("create", "ashby", "--client", "default")).stderr).toContain("--ashby-key");
  expect((await cli("create", "greenhouse")).stderr).toContain("--client");
  const unknownTest = await cli("create", "greenhouse", "--client", "default", "--tests", "nope");
  expect(unknownTest.code).not.toBe(0);
  expect(unknownTest.stderr).toContain("unknown test nope");
  const unknownClient = await cli("create", "greenhouse", "--client", "nobody");
  expect(unknownClient.code).not.toBe(0);
  const missing = await cli("revoke", "atsc_nope");
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain("no ATS connection");
  expect((await cli("list", "--json")).stdout).toBe(before);
}, 60_000);
