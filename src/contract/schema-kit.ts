import {
  type ObjectOptions,
  type SchemaOptions,
  type TLiteral,
  type TNull,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TUnion,
  Type,
} from "@sinclair/typebox";

/**
 * The few ways the contract builds its schemas, so that every shape is described the same way: objects
 * open to members added later, enums as unions of literals, named shapes published once.
 */

/**
 * An object of the contract. Open: the service may add members in a later version, so a client ignores
 * the members it does not know and the server's own response validation lets them through.
 */
export function open<P extends TProperties>(properties: P, options: ObjectOptions = {}): TObject<P> {
  return Type.Object(properties, { ...options, additionalProperties: true });
}

/** One of these strings (published as a JSON Schema enum). */
export function oneOf<const L extends readonly [string, ...string[]]>(
  values: L,
  options: SchemaOptions = {},
): TUnion<TLiteral<L[number]>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
}

/** A plain JSON Schema integer (Elysia's t.Integer also accepts numeric strings, which is for parsing input). */
export function Int(options: { minimum?: number; maximum?: number; description?: string } = {}) {
  return Type.Integer(options);
}

/** `schema` or null. */
export function nullable<S extends TSchema>(schema: S, options: SchemaOptions = {}): TUnion<[S, TNull]> {
  return Type.Union([schema, Type.Null()], options);
}

/** Every member of `properties`, optional. */
export function optional<P extends TProperties>(properties: P): { [K in keyof P]: TOptional<P[K]> } {
  return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof P]: TOptional<P[K]>;
  };
}

const COMPONENT = Symbol.for("claimcheck.contract.component");

/**
 * Name a shape: the OpenAPI document publishes it once under components/schemas and refers to it
 * wherever it appears. The name rides on the schema object as a symbol (copies made by Type.Optional
 * keep it; JSON never shows it).
 */
export function named<S extends TSchema>(name: string, schema: S): S {
  Object.defineProperty(schema, COMPONENT, { value: name, enumerable: true });
  return schema;
}

/** The name given by `named`, if any. */
export function nameOf(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const name = (schema as Record<symbol, unknown>)[COMPONENT];
  return typeof name === "string" ? name : undefined;
}
