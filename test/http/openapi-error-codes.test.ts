/**
 * Every error code the code can emit is in the lists of lib/errors.ts and in the OpenAPI document's
 * enums, and every code listed there is emitted somewhere: the source is read for the places that emit a
 * code (an AppError, a PermanentJobError, a ResumeError or an AnalysisFailure built with it, an error
 * body written by the HTTP layer, a known failure's code), so a code added, renamed or dropped in the
 * code without its list, or in a list without the code, fails here.
 */

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { openApiDocument } from "../../src/http/openapi-document.ts";
import { API_ERROR_CODES, CONSOLE_ERROR_CODES, FAILURE_CODES } from "../../src/lib/errors.ts";
import { REPO_ROOT } from "../support/harness.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON, read by path in the assertions
type Any = any;

interface Emission {
  code: string;
  file: string;
  kind: "AppError" | "failure" | "body";
}

/** Modules whose refusals reach a person through the dashboard or the CLI, never a documented operation. */
const CONSOLE_MODULES = ["dashboard", "admins", "accounts", "cli", "report", "webhooks", "integrations"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

const files = sourceFiles(join(REPO_ROOT, "src")).map((path) => ({
  file: relative(REPO_ROOT, path),
  text: readFileSync(path, "utf8"),
}));

/** `const NAME = "value"` anywhere in src/: how a code passed by name is resolved. */
const constants = new Map(
  files.flatMap(({ text }) =>
    [...text.matchAll(/const ([A-Z][A-Z0-9_]*) = "([a-z][a-z0-9_]*)"/g)].map((m) => [m[1]!, m[2]!] as const),
  ),
);

function emissions(): Emission[] {
  const out: Emission[] = [];
  for (const { file, text } of files) {
    for (const m of text.matchAll(/new (AppError|PermanentJobError|ResumeError|AnalysisFailure)\(\s*("?)([\w.]+)\2/g)) {
      if (m[3]!.endsWith(".code")) continue; // passed on from another error, counted where that one is built
      const code = m[2] ? m[3]! : constants.get(m[3]!);
      if (!code) throw new Error(`${file}: ${m[1]} is built with ${m[3]}, which is not a known constant`);
      out.push({ code, file, kind: m[1] === "AppError" ? "AppError" : "failure" });
    }
    // error bodies the HTTP layer writes itself (framework errors, /metrics)
    if (file.startsWith("src/http/"))
      for (const m of text.matchAll(/\berror: "([a-z][a-z0-9_]*)"/g)) out.push({ code: m[1]!, file, kind: "body" });
    // the failures known by their type rather than built with a code
    if (file === "src/verification/failure-codes.ts")
      for (const m of text.matchAll(/\bcode: "([a-z][a-z0-9_]*)"/g)) out.push({ code: m[1]!, file, kind: "failure" });
  }
  return out;
}

const found = emissions();
const moduleOf = (file: string) => file.split("/")[1]!;
const sorted = (codes: Iterable<string>) => [...new Set(codes)].sort();
const doc = openApiDocument(10 * 1024 * 1024) as Any;

describe("error codes", () => {
  test("the scan finds the emitting places (a broken scan would pass everything)", () => {
    expect(found.length).toBeGreaterThan(60);
    expect(found).toContainEqual({ code: "client_closed_request", file: "src/lib/body-stream.ts", kind: "AppError" });
    expect(found).toContainEqual({ code: "worker_crashed", file: "src/jobs/worker.ts", kind: "failure" });
    expect(found).toContainEqual({ code: "metrics_disabled", file: "src/http/routes/health-routes.ts", kind: "body" });
  });

  test("the API's codes: what the API layers emit is the list, and the list is the document's Error enum", () => {
    const api = found.filter((e) => e.kind !== "failure" && !CONSOLE_MODULES.includes(moduleOf(e.file)));
    expect(sorted(api.map((e) => e.code))).toEqual(sorted(Object.keys(API_ERROR_CODES)));
    expect(doc.components.schemas.Error.properties.error.enum).toEqual(Object.keys(API_ERROR_CODES));
  });

  test("failure codes: what ends a job FAILED is the list, and the list is the document's Failure enum", () => {
    const failures = found.filter((e) => e.kind === "failure");
    expect(sorted(failures.map((e) => e.code))).toEqual(sorted(Object.keys(FAILURE_CODES)));
    expect(doc.components.schemas.Failure.properties.code.enum).toEqual(Object.keys(FAILURE_CODES));
  });

  test("the dashboard's and the CLI's codes are listed too, and no listed code is dead", () => {
    const known = new Set([...Object.keys(API_ERROR_CODES), ...Object.keys(CONSOLE_ERROR_CODES)]);
    const console = found.filter((e) => e.kind === "AppError" && CONSOLE_MODULES.includes(moduleOf(e.file)));
    expect(console.filter((e) => !known.has(e.code))).toEqual([]);
    const appErrors = new Set(found.filter((e) => e.kind === "AppError").map((e) => e.code));
    expect(Object.keys(CONSOLE_ERROR_CODES).filter((c) => !appErrors.has(c))).toEqual([]);
    // a console code is not an API code, so no list says a code twice
    expect(Object.keys(CONSOLE_ERROR_CODES).filter((c) => c in API_ERROR_CODES)).toEqual([]);
  });

  test("every API code is an answer of a documented operation, but those that answer no operation", () => {
    const answered = new Set<string>();
    for (const item of Object.values(doc.paths) as Any[])
      for (const op of Object.values(item) as Any[])
        for (const answer of Object.values(op.responses) as Any[])
          for (const code of answer.content?.["application/json"]?.schema?.allOf?.[1]?.properties.error.enum ?? [])
            answered.add(code);
    // a body to a route that takes none (411, 413), a path that is no route (404)
    const beside = ["payload_too_large", "length_required", "not_found"];
    expect(Object.keys(API_ERROR_CODES).filter((c) => !answered.has(c))).toEqual(beside);
    expect([...answered].filter((c) => !(c in API_ERROR_CODES))).toEqual([]);
  });
});
