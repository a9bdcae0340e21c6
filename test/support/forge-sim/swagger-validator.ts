/**
 * Checks a simulator's answers against a host's Swagger 2.0 description (Gitea's swagger, GitLab's
 * openapi_v2): the status is one the operation documents, documented headers are present with their type,
 * and the body matches the schema — $refs resolved, every required key present, every sent key declared,
 * types, enums, date-time and email formats. Errors read "$.path: problem".
 *
 * Swagger 2.0 cannot say a field may be null, and both hosts send nulls: `nulls` says where they are
 * accepted. "refs": only for object references (Gitea's Go pointers: time and string fields are never
 * null there); "any": for every field (GitLab's Grape entities describe no nullability at all).
 */

// biome-ignore lint/suspicious/noExplicitAny: a Swagger document is free-form JSON, read key by key below
export type SwaggerDoc = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: idem, one schema object
type Schema = Record<string, any>;

export interface ValidationOptions {
  nulls: "refs" | "any";
  /** GitLab documents a list endpoint by its element entity: an array body is checked item by item */
  listsByElement?: boolean;
}

const typeOf = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function resolve(doc: SwaggerDoc, schema: Schema): { schema: Schema; ref: boolean } {
  const ref = schema.$ref as string | undefined;
  if (!ref) return { schema, ref: false };
  const name = ref.replace(/^#\/definitions\//, "");
  const target = doc.definitions?.[name] as Schema | undefined;
  if (!target) throw new Error(`the description has no definition ${name} (${ref})`);
  return { schema: target, ref: true };
}

export function validateValue(
  doc: SwaggerDoc,
  value: unknown,
  raw: Schema,
  opts: ValidationOptions,
  path = "$",
): string[] {
  const { schema, ref } = resolve(doc, raw);
  if (value === null) return ref || opts.nulls === "any" ? [] : [`${path}: null but not a reference`];
  const actual = typeOf(value);
  const expected = schema.type as string | undefined;
  if (expected && !(expected === actual || (expected === "number" && actual === "integer")))
    return [`${path}: expected ${expected}, got ${actual}`];
  const errors: string[] = [];
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof value === "string" && schema.format === "date-time" && !DATE_TIME.test(value))
    errors.push(`${path}: not a date-time: ${value}`);
  if (typeof value === "string" && schema.format === "email" && value !== "" && !value.includes("@"))
    errors.push(`${path}: not an email: ${value}`);
  if (actual === "array" && schema.items)
    (value as unknown[]).forEach((item, i) => {
      errors.push(...validateValue(doc, item, schema.items as Schema, opts, `${path}[${i}]`));
    });
  if (actual === "object") {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[])
      if (!(key in obj)) errors.push(`${path}: missing required "${key}"`);
    const extra = schema.additionalProperties as Schema | boolean | undefined;
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) errors.push(...validateValue(doc, v, props[key], opts, `${path}.${key}`));
      else if (typeof extra === "object" && Object.keys(extra).length > 0)
        errors.push(...validateValue(doc, v, extra, opts, `${path}.${key}`));
      else if (schema.properties !== undefined && extra === undefined) errors.push(`${path}: undeclared key "${key}"`);
    }
  }
  return errors;
}

/** The documented response of `GET op` for a status (response $refs resolved), or undefined. */
export function documentedResponse(doc: SwaggerDoc, op: string, status: number): Schema | undefined {
  const res = doc.paths?.[op]?.get?.responses?.[String(status)] as Schema | undefined;
  if (!res?.$ref) return res;
  return doc.responses?.[(res.$ref as string).replace(/^#\/responses\//, "")] as Schema | undefined;
}

const headerOk = (type: string | undefined, v: string) =>
  type === "integer" ? /^-?\d+$/.test(v) : type === "boolean" ? v === "true" || v === "false" : true;

/** Every way one answer departs from the description of `GET op`. */
export function validateAnswer(
  doc: SwaggerDoc,
  answer: { op: string; status: number; headers: Record<string, string>; body: unknown },
  opts: ValidationOptions,
): string[] {
  const res = documentedResponse(doc, answer.op, answer.status === 304 ? 200 : answer.status);
  if (!res) return [`${answer.op}: status ${answer.status} is not documented`];
  if (answer.status === 304) return [];
  const errors: string[] = [];
  const sent = new Map(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (answer.status < 300)
    for (const [name, h] of Object.entries((res.headers ?? {}) as Record<string, Schema>)) {
      const v = sent.get(name.toLowerCase());
      if (v === undefined) errors.push(`${answer.op}: documented header ${name} missing`);
      else if (!headerOk(h.type, v)) errors.push(`${answer.op}: header ${name} is not ${h.type}: ${v}`);
    }
  const schema = res.schema as Schema | undefined;
  if (!schema || answer.body === undefined) return errors;
  const element = Array.isArray(answer.body) && opts.listsByElement && resolve(doc, schema).schema.type !== "array";
  const checked = element ? { type: "array", items: schema } : schema;
  return [...errors, ...validateValue(doc, answer.body, checked, opts).map((e) => `${answer.op}: ${e}`)];
}
