/**
 * The interface contract: one TypeBox schema per shape the service publishes, with the TypeScript types
 * derived from it. The code that builds results, webhook payloads and error answers uses these types;
 * the routes validate their answers against these schemas; the OpenAPI document (http/openapi-document.ts)
 * is generated from them. docs/api.md explains the contract in words.
 */
export * from "./analysis-shapes.ts";
export * from "./error-shapes.ts";
export * from "./extraction-shapes.ts";
export { publishedOrder, ruleIdOfFile, specFileNames } from "./published-rules.ts";
export * from "./result-shapes.ts";
export type { Publication, PublishedList, RuleId, RuleIdOf, RuleSpecOfId } from "./rule-ids.ts";
export { Int, named, nameOf, nullable, oneOf, open } from "./schema-kit.ts";
export * from "./webhook-shapes.ts";
