import { Value } from "@sinclair/typebox/value";
import type { Logger } from "../../lib/index.ts";
import type { Assessments } from "../assessments.ts";
import type { Connections } from "../connections.ts";
import { fetchResume, guarded, IntakeProblem, json, type ResumeFetch, readJson } from "../intake.ts";
import { basicAuth, OutboundError, outboundFetch } from "../outbound.ts";
import { type Connection, TEST_PROFILES } from "../types.ts";
import { CancelRequest, CandidateInfoAnswer, FileInfoAnswer, StartRequest } from "./ashby-shapes.ts";

export interface AshbyDeps {
  connections: Connections;
  assessments: Assessments;
  resumes: ResumeFetch;
  logger: Logger;
}

/**
 * Ashby's error answer: `success: false` with the error codes (its API's own form) and a `message`,
 * which assessment.start's 422 shows to the Ashby user.
 */
const problem = (status: number, code: string, message: string) =>
  json({ success: false, errors: [code], message }, status);

/**
 * The endpoints Ashby calls on an assessment partner, each a POST with a JSON body and the connection's
 * key as the HTTP Basic username: assessment.list, assessment.start (-> assessment_id) and
 * assessment.cancel. Progress goes back by assessment.update (the callback dispatcher).
 */
export function ashbyApi(d: AshbyDeps) {
  // Ashby shows a 422's message to its user: a malformed request, and what the service refuses, say so there
  const authed = guarded({
    label: "Ashby",
    logger: d.logger,
    who: (request) => d.connections.authenticate(request.headers.get("authorization"), "ashby"),
    refuse: (status, code, message) => problem([401, 409, 429, 500].includes(status) ? status : 422, code, message),
  });

  return {
    list: (request: Request) =>
      authed(request, async ({ connection }) =>
        json({
          success: true,
          results: TEST_PROFILES.filter((t) => connection.tests.includes(t.id)).map((t) => ({
            assessment_type_id: t.id,
            name: t.name,
            description: t.description,
          })),
        }),
      ),

    start: (request: Request) =>
      authed(request, async ({ connection, principal }) => {
        const body = await readJson(request, StartRequest);
        if (!connection.tests.includes(body.assessment_type_id))
          throw new IntakeProblem(
            422,
            "unknown_assessment_type",
            `no assessment ${body.assessment_type_id} (see assessment.list)`,
          );
        const ref = body.application.ashby_id;
        if (await d.assessments.store.liveAssessmentFor(connection.id, ref))
          return problem(409, "already_started", "this application is being assessed already");
        const pdf = await resumeOf(connection, body.candidate.ashby_id, d.resumes);
        const a = await d.assessments.start(
          connection,
          principal,
          {
            testId: body.assessment_type_id,
            candidateName: `${body.candidate.first_name} ${body.candidate.last_name}`.trim().slice(0, 200),
            candidateEmail: body.candidate.email,
            externalRef: ref,
            callbackUrl: null,
            callbackAuth: null,
          },
          pdf,
        );
        return json({ success: true, results: { assessment_id: a.id } });
      }),

    cancel: (request: Request) =>
      authed(request, async ({ connection }) => {
        const body = await readJson(request, CancelRequest);
        const a = await d.assessments.cancel(connection, body.assessment_id);
        if (!a) throw new IntakeProblem(422, "assessment_not_found", `no assessment ${body.assessment_id}`);
        return json({ success: true, results: { assessment_id: a.id } });
      }),
  };
}

/**
 * Ashby's start names the candidate, not a file: the resume is read with the customer's key,
 * candidate.info for its file handle, file.info for a URL, then the file, all through the outbound policy.
 */
async function resumeOf(connection: Connection, candidateId: string, f: ResumeFetch): Promise<Uint8Array> {
  const call = async <T>(method: string, payload: unknown, schema: Parameters<typeof Value.Check>[0]) => {
    let res: Awaited<ReturnType<typeof outboundFetch>>;
    try {
      res = await outboundFetch(
        `${connection.ashbyApiUrl}/${method}`,
        {
          method: "POST",
          headers: {
            authorization: basicAuth(connection.ashbyApiKey ?? ""),
            "content-type": "application/json",
            accept: "application/json; version=1",
          },
          body: JSON.stringify(payload),
        },
        f.policy,
        1024 * 1024,
      );
    } catch (err) {
      if (err instanceof OutboundError)
        throw new IntakeProblem(422, "resume_unavailable", `Ashby's ${method} could not be called: ${err.message}`);
      throw err;
    }
    let answer: unknown = null;
    try {
      answer = JSON.parse(new TextDecoder().decode(res.body));
    } catch {}
    if (res.status !== 200 || !Value.Check(schema, answer) || (answer as { success: boolean }).success !== true)
      throw new IntakeProblem(
        422,
        "resume_unavailable",
        `Ashby's ${method} refused (HTTP ${res.status}); check the Ashby API key's candidatesRead permission`,
      );
    return answer as T;
  };
  const info = await call<{ results?: { resumeFileHandle?: { handle: string } | null } }>(
    "candidate.info",
    { id: candidateId },
    CandidateInfoAnswer,
  );
  const handle = info.results?.resumeFileHandle?.handle;
  if (!handle)
    throw new IntakeProblem(422, "no_resume", "the candidate has no resume in Ashby; upload one and start again");
  const file = await call<{ results?: { url: string } }>("file.info", { fileHandle: handle }, FileInfoAnswer);
  return fetchResume(file.results!.url, f);
}
