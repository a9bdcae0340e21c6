/**
 * A small OpenAPI 3.0 schema checker for the simulator's answers: required keys present, every emitted
 * key declared, types, nullability, enums, date-time/uri formats, oneOf/anyOf/allOf. Errors are
 * returned as "$.path: problem" strings so a failing test shows exactly which field drifted.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI schema object is free-form JSON, read key by key below
export type Schema = Record<string, any>;

const typeOf = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function validateSchema(value: unknown, schema: Schema | undefined, path = "$"): string[] {
  if (!schema) return [];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    if (value === null && schema.nullable) return [];
    let best: string[] | null = null;
    for (const alt of alternatives as Schema[]) {
      const errs = validateSchema(value, alt, path);
      if (errs.length === 0) return [];
      if (!best || errs.length < best.length) best = errs;
    }
    return best ?? [];
  }
  if (schema.allOf) return (schema.allOf as Schema[]).flatMap((s) => validateSchema(value, s, path));
  if (value === null) return schema.nullable ? [] : [`${path}: null but not nullable`];

  const actual = typeOf(value);
  const expected = schema.type as string | undefined;
  if (expected) {
    const ok = expected === actual || (expected === "number" && actual === "integer");
    if (!ok) return [`${path}: expected ${expected}, got ${actual}`];
  }
  const errors: string[] = [];
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} not in enum ${JSON.stringify(schema.enum)}`);
  if (typeof value === "string" && schema.format === "date-time" && !ISO_DATE_TIME.test(value))
    errors.push(`${path}: not a date-time: ${value}`);
  if (typeof value === "string" && schema.format === "uri" && value !== "" && !URL.canParse(value))
    errors.push(`${path}: not a uri: ${value}`);

  if (actual === "array" && schema.items) {
    for (const [i, item] of (value as unknown[]).entries())
      errors.push(...validateSchema(item, schema.items as Schema, `${path}[${i}]`));
  }
  if (actual === "object") {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[])
      if (!(key in obj)) errors.push(`${path}: missing required "${key}"`);
    const declaresShape = schema.properties !== undefined || schema.additionalProperties !== undefined;
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) errors.push(...validateSchema(v, props[key], `${path}.${key}`));
      else if (typeof schema.additionalProperties === "object")
        errors.push(...validateSchema(v, schema.additionalProperties as Schema, `${path}.${key}`));
      else if (declaresShape && schema.additionalProperties !== true) errors.push(`${path}: undeclared key "${key}"`);
    }
  }
  return errors;
}

/** The operation of `GET template` in the description, or undefined. */
export function operation(spec: Schema, template: string): Schema | undefined {
  return spec.paths?.[template]?.get as Schema | undefined;
}

/** The JSON schema of one documented response of an operation. */
export function responseSchema(op: Schema, status: number): Schema | undefined {
  return op.responses?.[String(status)]?.content?.["application/json"]?.schema as Schema | undefined;
}

/** Header names (lowercase) an operation documents for a status. */
export function documentedHeaders(op: Schema, status: number): string[] {
  return Object.keys(op.responses?.[String(status)]?.headers ?? {}).map((h) => h.toLowerCase());
}
