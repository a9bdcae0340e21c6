/**
 * Helpers of the contract tests: a contract schema closed to members it does not describe, the members
 * a set of values leaves unused, and a TypeScript check of values against a type generated from the
 * OpenAPI document.
 */
import "elysia"; // registers the string formats (date-time, uri) TypeBox checks
import { join } from "node:path";
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { REPO_ROOT } from "../support/harness.ts";

type Json = Record<string | symbol, unknown>;

/**
 * `schema` with every open object closed: checking a value against it fails on any member the contract
 * does not describe (the published schemas stay open for later versions; what this version sends must be
 * described in full). Copies keep TypeBox's symbols.
 */
export function closed<S extends TSchema>(schema: S): S {
  const close = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(close);
    if (typeof s !== "object" || s === null) return s;
    const out: Json = { ...(s as Json) };
    for (const key of Object.keys(out)) out[key] = close(out[key]);
    if (out.additionalProperties === true) out.additionalProperties = false;
    return out;
  };
  return close(schema) as S;
}

/** Every way `value` breaks `schema`, as "path: message" lines. */
export function violations(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].map((e) => `${e.path || "/"}: ${e.message}`);
}

/**
 * The members `schema` describes that no value in `values` carries (paths like
 * "verifiedProjects[].commitsEstimated"): a test whose data leaves a member unused has not checked it.
 */
export function unusedMembers(schema: TSchema, values: unknown[]): string[] {
  const unused: string[] = [];
  const walk = (s: Json, found: unknown[], path: string) => {
    const anyOf = s.anyOf as Json[] | undefined;
    if (anyOf) {
      for (const member of anyOf) walk(member, found, path);
      return;
    }
    if (s.type === "array") {
      walk(
        s.items as Json,
        found.flatMap((v) => (Array.isArray(v) ? v : [])),
        `${path}[]`,
      );
      return;
    }
    const properties = s.properties as Record<string, Json> | undefined;
    if (s.type !== "object" || !properties) return;
    const objects = found.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null);
    if (objects.length === 0) return; // another branch of a union
    for (const [name, member] of Object.entries(properties)) {
      const present = objects.filter((o) => name in o).map((o) => o[name]);
      const at = path ? `${path}.${name}` : name;
      if (present.length === 0) unused.push(at);
      else walk(member, present, at);
    }
  };
  walk(schema as unknown as Json, values, "");
  return unused;
}

/**
 * Type-check `source` (a module next to the generated types, which it may import as ./api.ts) with the
 * project's TypeScript compiler in strict mode. Resolves with the compiler's output; empty when it passes.
 */
export async function typeCheck(dir: string, types: string, source: string): Promise<{ code: number; output: string }> {
  await Bun.write(join(dir, "api.ts"), types);
  await Bun.write(join(dir, "check.ts"), source);
  const proc = Bun.spawn(
    [
      join(REPO_ROOT, "node_modules", ".bin", "tsc"),
      "--noEmit",
      "--strict",
      "--exactOptionalPropertyTypes",
      "--target",
      "esnext",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--allowImportingTsExtensions",
      "--skipLibCheck",
      "--types",
      "",
      join(dir, "check.ts"),
    ],
    { cwd: dir, stdout: "pipe", stderr: "pipe" },
  );
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, output: `${out}${err}`.trim() };
}
