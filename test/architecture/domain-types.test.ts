import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { codeOnly, faceReads, importedNames, rowsAcrossModules, snakeCaseReads } from "../support/stored-data-rules.ts";

const ROOT = join(import.meta.dir, "..", "..");

describe("stores return domain types; rows stay behind them", () => {
  test("no file of the dashboard, the CLI or the HTTP API reads a snake_case property", () => {
    expect(faceReads(ROOT)).toEqual([]);
  });

  test("no *Row type crosses from one module of src/ to another", () => {
    expect(rowsAcrossModules(ROOT)).toEqual([]);
  });
});

describe("the checker", () => {
  test("finds snake_case reads in code, optional chains included", () => {
    expect(snakeCaseReads("const a = v.created_at + c?.monthly_quota; k.name;")).toEqual([
      "created_at",
      "monthly_quota",
    ]);
  });

  test("ignores SQL in quoted strings, comments, and object keys written for an output format", () => {
    const source = `// the row's v.created_at
/* k.last_used_at */
db.query("SELECT v.tracking_id FROM verifications v WHERE v.created_at > ?");
const json = { tracking_id: d.trackingId };`;
    expect(codeOnly(source)).not.toContain("created_at");
    expect(snakeCaseReads(source)).toEqual([]);
  });

  test("finds reads in a page template's placeholders", () => {
    const open = "$" + "{"; // a placeholder's opening, spelled so this file's own strings hold none
    const page = `html\`<td>${open}r.error_code}</td><td>${open}time(r.completed_at)}</td>\``;
    expect(snakeCaseReads(page)).toEqual(["error_code", "completed_at"]);
  });

  test("names every Row imported, type-only and renamed imports included", () => {
    const names = importedNames(
      "/repo/src/dashboard/pages/x.ts",
      `import type { ClientRow, Client } from "../../accounts/account-store.ts";
import { type JobRow as J, JobStore } from "../../jobs/job-store.ts";`,
    );
    expect(names.map((n) => n.name)).toEqual(["ClientRow", "Client", "JobRow", "JobStore"]);
    expect(names[0]!.from).toBe("/repo/src/accounts/account-store.ts");
  });
});
