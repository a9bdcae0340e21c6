import { expect, test } from "bun:test";
import { ConfigError } from "../../src/config/config.ts";
import { postgresPlace, postgresStartError, redactedUrl } from "../../src/config/startup-checks.ts";

test("a PostgreSQL URL is printed without its password (redacted) or without credentials at all (place)", () => {
  const url = "postgres://app:p%40ss@db.internal:6432/claimcheck?sslmode=require";
  expect(redactedUrl(url)).toBe("postgres://app:***@db.internal:6432/claimcheck?sslmode=require");
  expect(postgresPlace(url)).toBe("db.internal:6432/claimcheck");
  expect(postgresPlace("postgresql://db/claims")).toBe("db:5432/claims");
  expect(redactedUrl("postgres://db/claims")).toBe("postgres://db/claims");
  expect(redactedUrl("not a url")).toBe("(unparseable URL)");
});

test("only PostgreSQL's own errors become configuration problems; anything else passes through", () => {
  const pgError = Object.assign(new Error('database "x" does not exist'), { name: "PostgresError", code: "3D000" });
  const asConfig = postgresStartError("postgres://u:pw@h:1/x", pgError);
  expect(asConfig).toBeInstanceOf(ConfigError);
  expect((asConfig as ConfigError).message).toContain("SQLSTATE 3D000");
  expect((asConfig as ConfigError).message).not.toContain(":pw@");
  const other = new TypeError("a bug");
  expect(postgresStartError("postgres://h/x", other)).toBe(other);
});
