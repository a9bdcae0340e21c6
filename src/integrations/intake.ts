import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { AppError, errorMessage, type Logger } from "../lib/index.ts";
import { OutboundError, type OutboundPolicy, outboundFetch } from "./outbound.ts";

/** A request an ATS must be told is unusable; nothing was stored for it. */
export class IntakeProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What fetching a resume is allowed: the outbound policy and the upload size limit (MAX_RESUME_MB). */
export interface ResumeFetch {
  policy: OutboundPolicy;
  maxBytes: number;
}

/**
 * The resume an ATS points at, fetched through the outbound policy, within the size limit, and only
 * when it is a PDF. Every refusal is an IntakeProblem naming what went wrong.
 */
export async function fetchResume(
  url: string,
  f: ResumeFetch,
  headers: Record<string, string> = {},
): Promise<Uint8Array> {
  let res: Awaited<ReturnType<typeof outboundFetch>>;
  try {
    res = await outboundFetch(url, { method: "GET", headers }, f.policy, f.maxBytes);
  } catch (err) {
    if (err instanceof OutboundError)
      throw new IntakeProblem(422, "resume_unavailable", `the resume could not be fetched: ${err.message}`);
    throw err;
  }
  if (res.status !== 200)
    throw new IntakeProblem(422, "resume_unavailable", `the resume could not be fetched: HTTP ${res.status}`);
  if (new TextDecoder().decode(res.body.subarray(0, 5)) !== "%PDF-")
    throw new IntakeProblem(422, "resume_not_pdf", "the resume is not a PDF");
  return res.body;
}

/** The JSON body of a request, checked against `schema`; an IntakeProblem (400) saying what is wrong. */
export async function readJson<S extends TSchema>(
  request: Request,
  schema: S,
  maxBytes = 256 * 1024,
): Promise<Static<S>> {
  const text = await request.text();
  if (text.length > maxBytes) throw new IntakeProblem(413, "payload_too_large", "the request body is too large");
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new IntakeProblem(400, "invalid_json", "the request body is not JSON");
  }
  if (!Value.Check(schema, body)) {
    const first = [...Value.Errors(schema, body)][0];
    throw new IntakeProblem(
      400,
      "invalid_request",
      `the request body does not match: ${first ? `${first.path || "/"} ${first.message}` : "unexpected shape"}`,
    );
  }
  return body as Static<S>;
}

/** A JSON answer. */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

/**
 * An ATS endpoint's frame: the caller is authenticated (`who`; null is 401), and every refusal is
 * answered by `refuse` in that ATS's shape: a problem with the request, a service error a client can act
 * on (quota), or an unexpected failure (logged, 500).
 */
export function guarded<W>(o: {
  label: string;
  logger: Logger;
  who: (request: Request) => Promise<W | null>;
  refuse: (status: number, code: string, message: string) => Response;
}) {
  return async (request: Request, fn: (who: W) => Promise<Response>): Promise<Response> => {
    try {
      const who = await o.who(request);
      if (!who)
        return o.refuse(
          401,
          "unauthorized",
          "the API key is missing, unknown or revoked (HTTP Basic, the key as username)",
        );
      return await fn(who);
    } catch (err) {
      if (err instanceof IntakeProblem) return o.refuse(err.status, err.code, err.message);
      if (err instanceof AppError && err.status < 500) return o.refuse(err.status, err.code, err.message || err.code);
      o.logger.error(`${o.label} request failed`, { error: errorMessage(err) });
      return o.refuse(500, "internal_error", "the service failed unexpectedly; try again");
    }
  };
}
