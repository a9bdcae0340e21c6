import { describe, expect, test } from "bun:test";
import { type Schema, validateSchema } from "./openapi-validator.ts";

/** The checker must catch drift, or the OpenAPI shape test proves nothing. */
const user: Schema = {
  type: "object",
  required: ["login", "id"],
  properties: {
    login: { type: "string" },
    id: { type: "integer" },
    name: { type: "string", nullable: true },
    created_at: { type: "string", format: "date-time" },
    html_url: { type: "string", format: "uri" },
    kind: { type: "string", enum: ["User", "Bot"] },
    tags: { type: "array", items: { type: "string" } },
    author: {
      nullable: true,
      oneOf: [
        { type: "object", required: ["login"], properties: { login: { type: "string" } } },
        { type: "object", properties: {} },
      ],
    },
  },
};

describe("validateSchema", () => {
  const cases: Array<[string, unknown, Schema, string[]]> = [
    ["valid object", { login: "a", id: 1, name: null, created_at: "2024-01-02T03:04:05Z" }, user, []],
    ["missing required", { login: "a" }, user, ['$: missing required "id"']],
    ["undeclared key", { login: "a", id: 1, extra: true }, user, ['$: undeclared key "extra"']],
    ["wrong type", { login: "a", id: 1.5 }, user, ["$.id: expected integer, got number"]],
    ["null not nullable", { login: null, id: 1 }, user, ["$.login: null but not nullable"]],
    [
      "bad date-time",
      { login: "a", id: 1, created_at: "yesterday" },
      user,
      ["$.created_at: not a date-time: yesterday"],
    ],
    ["bad uri", { login: "a", id: 1, html_url: "not a url" }, user, ["$.html_url: not a uri: not a url"]],
    ["enum", { login: "a", id: 1, kind: "Robot" }, user, ['$.kind: "Robot" not in enum ["User","Bot"]']],
    ["array items", { login: "a", id: 1, tags: ["x", 2] }, user, ["$.tags[1]: expected string, got integer"]],
    ["oneOf first branch", { login: "a", id: 1, author: { login: "b" } }, user, []],
    ["oneOf empty object", { login: "a", id: 1, author: {} }, user, []],
    ["oneOf nullable", { login: "a", id: 1, author: null }, user, []],
    [
      "oneOf no branch",
      { login: "a", id: 1, author: { login: 5 } },
      user,
      ["$.author.login: expected string, got integer"],
    ],
    [
      "map via additionalProperties",
      { Go: 10, C: 2 },
      { type: "object", additionalProperties: { type: "integer" } },
      [],
    ],
    [
      "map value type",
      { Go: "x" },
      { type: "object", additionalProperties: { type: "integer" } },
      ["$.Go: expected integer, got string"],
    ],
    ["free object", { anything: 1 }, { type: "object" }, []],
  ];
  for (const [name, value, schema, errors] of cases)
    test(name, () => expect(validateSchema(value, schema)).toEqual(errors));
});
