import { type Static, Type } from "@sinclair/typebox";
import { API_ERROR_CODES, type ApiErrorCode } from "../lib/index.ts";
import { Int, named, oneOf, open } from "./schema-kit.ts";

/** The members of an error answer beside its code. */
const errorDetails = {
  message: Type.Optional(Type.String({ description: "for a person: what happened and what to do (always sent)" })),
  retryAfter: Type.Optional(Int({ minimum: 0, description: "quota_exceeded, server_busy: seconds to wait" })),
  fields: Type.Optional(Type.Array(Type.String(), { description: "missing_fields: the missing or invalid parts" })),
};

/** The body of an answer that carries `codes`. */
export function errorBody<const C extends readonly [ApiErrorCode, ...ApiErrorCode[]]>(codes: C) {
  return open({ error: oneOf(codes), ...errorDetails });
}

export const API_ERROR_CODE_LIST = Object.keys(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

/** `{ error: <code> }`: every error answer of the API, whatever the code. */
export const ErrorSchema = named(
  "Error",
  open(
    {
      error: oneOf(API_ERROR_CODE_LIST, { description: "a code a program can switch on (docs/api.md)" }),
      ...errorDetails,
    },
    { description: "an error answer: `{ error: <code> }` with a message for a person" },
  ),
);
export type ErrorBody = Static<typeof ErrorSchema>;
