/**
 * docs/api.md's reference tables are rendered from the generated OpenAPI document and the code lists
 * (test/http/openapi-docs.ts): the page says what the code does. Regenerate: bun test/http/openapi-docs.ts
 */
import { expect, test } from "bun:test";
import { API_DOC, generatedSections, sectionNames, withSections } from "./openapi-docs.ts";

test("docs/api.md holds every generated table, each up to date", async () => {
  const text = await Bun.file(API_DOC).text();
  const sections = generatedSections();
  expect(sectionNames(text).sort()).toEqual(Object.keys(sections).sort());
  expect(text).toBe(withSections(text, sections));
});

test("a table that drifts is found", async () => {
  const text = await Bun.file(API_DOC).text();
  const stale = text.replace("| `job_not_found` |", "| `job_missing` |");
  expect(stale).not.toBe(text);
  expect(withSections(stale, generatedSections())).toBe(text);
});
