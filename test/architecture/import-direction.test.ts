import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type ImportEdge, importsOf, LAYERS, moduleOf, scanImports, violations } from "../support/import-rules.ts";

const ROOT = join(import.meta.dir, "..", "..");

describe("import direction (docs/ARCHITECTURE.md)", () => {
  const edges = scanImports(ROOT);

  test("the scanner reads every src/ file's imports", () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ file: "src/app.ts", target: "src/jobs/index.ts" });
    expect(edges).toContainEqual({ file: "src/jobs/worker.ts", target: "src/lib/index.ts" });
  });

  test("every import in src/ points down the layers, through the other module's index.ts; cli never into dashboard; nothing but main into cli", () => {
    expect(violations(edges)).toEqual([]);
  });

  test("every folder and root file of src/ belongs to a documented layer", () => {
    const documented = new Set(LAYERS.flat());
    const modules = readdirSync(join(ROOT, "src")).map((name) => moduleOf(`src/${name}`));
    expect(modules.filter((m) => !documented.has(m) && m !== "text-modules")).toEqual([]);
  });
});

describe("the checker", () => {
  const edge = (file: string, target: string): ImportEdge => ({ file, target });

  test("fails on the CLI reaching into the dashboard", () => {
    const cliIntoDashboard = [
      edge("src/cli/commands/admin.ts", "src/dashboard/admin-auth.ts"),
      edge("src/cli/commands/admin.ts", "src/dashboard/admin-store.ts"),
      edge("src/cli/commands/admin.ts", "src/dashboard/dashboard.ts"),
      edge("src/cli/commands/webhook.ts", "src/dashboard/signature-check.ts"),
      edge("src/cli/commands/jobs.ts", "src/dashboard/dashboard-store.ts"),
      edge("src/cli/commands/jobs.ts", "src/dashboard/job-filters.ts"),
    ];
    const found = violations(cliIntoDashboard);
    expect(found).toHaveLength(6);
    for (const v of found) expect(v).toContain("cli must not import dashboard");
  });

  test.each([
    ["src/lib/clock.ts", "src/storage/database.ts", "imports point down"],
    ["src/storage/database.ts", "src/accounts/account-store.ts", "imports point down"],
    ["src/github/github-source.ts", "src/analysis/types.ts", "may use only []"],
    ["src/verification/verification-service.ts", "src/webhooks/webhook-service.ts", "may use only"],
    ["src/accounts/account-service.ts", "src/verification/result.ts", "may use only []"],
    ["src/dashboard/dashboard.ts", "src/cli/run-cli.ts", "dashboard must not import cli"],
    ["src/app.ts", "src/cli/run-cli.ts", "nothing imports cli but main"],
    ["src/http/server.ts", "src/dashboard/dashboard.ts", "http must not import dashboard"],
    ["src/dashboard/dashboard.ts", "src/app.ts", "imports point down"],
    ["src/jobs/worker.ts", "src/newthing/x.ts", "not a module of the documented layers"],
  ])("%s -> %s is refused (%s)", (file, target, why) => {
    expect(violations([edge(file, target)]).join()).toContain(why);
  });

  test.each([
    ["src/cli/commands/jobs.ts", "src/verification/verification-service.ts", "verification/index.ts"],
    ["src/dashboard/dashboard.ts", "src/admins/admin-store.ts", "admins/index.ts"],
    ["src/main.ts", "src/cli/run-cli.ts", "cli/index.ts"],
    ["src/report/report-model.ts", "src/analysis/rules/repo-rules.ts", "analysis/index.ts"],
  ])("%s -> %s is refused: other modules are reached through their public surface (%s)", (file, target, surface) => {
    expect(violations([edge(file, target)]).join()).toContain(`through its public surface src/${surface}`);
  });

  test.each([
    ["src/main.ts", "src/cli/index.ts"],
    ["src/cli/commands/serve.ts", "src/app.ts"],
    ["src/cli/commands/jobs.ts", "src/verification/index.ts"],
    ["src/dashboard/dashboard.ts", "src/admins/index.ts"],
    ["src/webhooks/webhook-payload.ts", "src/verification/index.ts"],
    ["src/analysis/run-analysis.ts", "src/github/index.ts"],
    ["src/jobs/worker.ts", "src/lib/index.ts"],
    ["src/verification/verification-store.ts", "src/storage/index.ts"],
    ["src/analysis/rules/repo-rules.ts", "src/analysis/types.ts"],
  ])("%s -> %s is allowed", (file, target) => {
    expect(violations([edge(file, target)])).toEqual([]);
  });

  test("reads static, type-only, multi-line, re-exported and dynamic imports; ignores comments and packages", () => {
    const source = `import { a } from "./a.ts";
import type { B } from "../b/b.ts";
import {
  c,
  type D,
} from "../c.ts";
export { e } from "./e.ts";
export * from "./f.ts";
import "./side-effect.ts";
import { Elysia } from "elysia";
// import { nope } from "./commented.ts";
/* import { nope2 } from "./block.ts"; */
const g = await import("./g.ts");`;
    expect(importsOf(source)).toEqual([
      "./a.ts",
      "../b/b.ts",
      "../c.ts",
      "./e.ts",
      "./f.ts",
      "./side-effect.ts",
      "./g.ts",
    ]);
  });
});
