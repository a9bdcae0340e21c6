#!/usr/bin/env bun
/**
 * The reference tables of docs/api.md (each operation's answers, the shapes' members, the error and
 * failure codes), rendered from the generated OpenAPI document and the code lists of lib/errors.ts, so
 * the documentation says what the code does. Each table sits between `<!-- generated: NAME -->` and
 * `<!-- end: NAME -->`; test/http/openapi-docs.test.ts fails when one is out of date.
 * Rewrite them: bun test/http/openapi-docs.ts
 */
import { join } from "node:path";
import { openApiDocument } from "../../src/http/openapi-document.ts";
import { API_ERROR_CODES, FAILURE_CODES } from "../../src/lib/errors.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON
type Any = any;

export const API_DOC = join(import.meta.dir, "..", "..", "docs", "api.md");

/** Table cells: no line breaks, no unescaped pipes. */
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join(
    "\n",
  );

const refName = (ref: string) => ref.replace("#/components/schemas/", "");

/** A schema in a few words: `string`, `integer 0-100`, `"A" \| "B"`, `VerifiedProject[]`, `string or null`. */
function typeOf(s: Any): string {
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return `\`"${s.const}"\``;
  if (s.enum) return s.enum.map((v: string) => `\`${v}\``).join(" \\| ");
  if (s.anyOf) {
    const kinds = s.anyOf.filter((k: Any) => k.type !== "null").map(typeOf);
    return s.anyOf.some((k: Any) => k.type === "null") ? `${kinds.join(" or ")} or null` : kinds.join(" or ");
  }
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  if (s.type === "object" && typeof s.additionalProperties === "object")
    return `object of ${typeOf(s.additionalProperties)}`;
  const range = s.minimum !== undefined && s.maximum !== undefined ? ` ${s.minimum}-${s.maximum}` : "";
  const format = s.format ? ` (${s.format})` : "";
  return `${s.type}${range}${format}`;
}

function members(doc: Any, name: string): string {
  const schema = doc.components.schemas[name];
  const required = new Set(schema.required ?? []);
  return table(
    ["member", "type", "present", "meaning"],
    Object.entries(schema.properties as Record<string, Any>).map(([member, s]) => [
      `\`${member}\``,
      typeOf(s),
      required.has(member) ? "always" : "optional",
      cell(s.description ?? (s.$ref ? doc.components.schemas[refName(s.$ref)].description : "")),
    ]),
  );
}

function errorCodesOf(answer: Any): string[] {
  return answer.content?.["application/json"]?.schema?.allOf?.[1]?.properties.error.enum ?? [];
}

function operations(doc: Any): Array<{ name: string; op: Any }> {
  return Object.entries(doc.paths as Record<string, Any>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Any>).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      op,
    })),
  );
}

function answers(doc: Any, operationId: string): string {
  const { op } = operations(doc).find((o) => o.op.operationId === operationId)!;
  return table(
    ["status", "body", "headers", "when"],
    Object.entries(op.responses as Record<string, Any>).map(([status, answer]) => {
      const codes = errorCodesOf(answer);
      const media = Object.entries((answer.content ?? {}) as Record<string, Any>);
      const body = codes.length
        ? codes.map((c) => `\`{ error: "${c}" }\``).join(", ")
        : media.map(([type, m]) => (type === "application/json" ? typeOf(m.schema) : type)).join(", ");
      return [status, body, Object.keys(answer.headers ?? {}).join(", "), cell(answer.description)];
    }),
  );
}

function errorCodes(doc: Any): string {
  const where = new Map<string, string[]>();
  for (const { name, op } of operations(doc))
    for (const [status, answer] of Object.entries(op.responses as Record<string, Any>))
      for (const code of errorCodesOf(answer)) where.set(code, [...(where.get(code) ?? []), `${status} ${name}`]);
  return table(
    ["code", "answered by", "meaning"],
    Object.entries(API_ERROR_CODES).map(([code, meaning]) => [
      `\`${code}\``,
      where.get(code)?.join("<br>") ?? "any other route",
      cell(meaning),
    ]),
  );
}

function failureCodes(): string {
  return table(
    ["`error.code`", "meaning"],
    Object.entries(FAILURE_CODES).map(([code, meaning]) => [`\`${code}\``, cell(meaning)]),
  );
}

/** Every generated table of docs/api.md, by name. */
export function generatedSections(doc: Any = openApiDocument(10 * 1024 * 1024)): Record<string, string> {
  return {
    "create-answers": answers(doc, "createVerification"),
    "job-answers": answers(doc, "getJob"),
    "report-answers": answers(doc, "getJobReportPdf"),
    "result-members": members(doc, "VerificationResult"),
    "pending-members": members(doc, "PendingJob"),
    "project-members": members(doc, "VerifiedProject"),
    "flag-members": members(doc, "Flag"),
    "breakdown-members": members(doc, "ScoreBreakdown"),
    "claim-score-members": members(doc, "ClaimScore"),
    "error-codes": errorCodes(doc),
    "failure-codes": failureCodes(),
  };
}

const SECTION = /(<!-- generated: ([\w-]+) -->\n)[\s\S]*?(<!-- end: \2 -->)/g;

/** `text` with each generated section replaced by its current rendering. */
export function withSections(text: string, sections: Record<string, string>): string {
  return text.replace(SECTION, (all, open: string, name: string, close: string) =>
    name in sections ? `${open}${sections[name]}\n${close}` : all,
  );
}

/** The names of the generated sections `text` holds. */
export function sectionNames(text: string): string[] {
  return [...text.matchAll(SECTION)].map((m) => m[2]!);
}

if (import.meta.main) {
  const text = await Bun.file(API_DOC).text();
  await Bun.write(API_DOC, withSections(text, generatedSections()));
  console.log(`wrote the generated tables of ${API_DOC}`);
}
