import type { Logger } from "../../lib/index.ts";
import type { Assessments } from "../assessments.ts";
import type { Connections } from "../connections.ts";
import { fetchResume, guarded, IntakeProblem, json, type ResumeFetch, readJson } from "../intake.ts";
import { TEST_PROFILES } from "../types.ts";
import { ResponseErrorRequest, SendTestRequest } from "./greenhouse-shapes.ts";
import { greenhouseStatus } from "./greenhouse-status.ts";

export interface GreenhouseDeps {
  connections: Connections;
  assessments: Assessments;
  resumes: ResumeFetch;
  logger: Logger;
}

/**
 * Greenhouse's error answer. Its page names the statuses (401: the key was not accepted, 404: no such
 * resource) and no body; an `errors` array of sentences, as its own response_error reports use.
 */
const problem = (status: number, message: string) => json({ errors: [message] }, status);

/**
 * The four endpoints Greenhouse calls on an assessment partner, each answering a standard Request:
 * list_tests, send_test, test_status and response_error. Every call carries the connection's key as the
 * HTTP Basic username; an unknown, revoked or other ATS's key is 401 and changes nothing.
 */
export function greenhouseApi(d: GreenhouseDeps) {
  const authed = guarded({
    label: "Greenhouse",
    logger: d.logger,
    who: (request) => d.connections.authenticate(request.headers.get("authorization"), "greenhouse"),
    refuse: (status, _code, message) => problem(status, message),
  });

  return {
    listTests: (request: Request) =>
      authed(request, async ({ connection }) =>
        json(
          TEST_PROFILES.filter((t) => connection.tests.includes(t.id)).map((t) => ({
            partner_test_id: t.id,
            partner_test_name: t.name,
          })),
        ),
      ),

    sendTest: (request: Request) =>
      authed(request, async ({ connection, principal }) => {
        const body = await readJson(request, SendTestRequest);
        if (!connection.tests.includes(body.partner_test_id))
          return problem(404, `no test ${body.partner_test_id} (see list_tests)`);
        if (!/^https?:\/\//i.test(body.url)) return problem(400, "url is not an http(s) address");
        const resumeUrl = body.candidate.resume_url;
        if (!resumeUrl)
          throw new IntakeProblem(
            422,
            "no_resume",
            "the candidate has no resume (resume_url is empty); attach one and send the test again",
          );
        const pdf = await fetchResume(resumeUrl, d.resumes);
        const c = body.candidate;
        const a = await d.assessments.start(
          connection,
          principal,
          {
            testId: body.partner_test_id,
            candidateName: `${c.preferred_name || c.first_name} ${c.last_name}`.trim().slice(0, 200),
            candidateEmail: c.email,
            externalRef: c.greenhouse_profile_url ?? null,
            callbackUrl: body.url,
            callbackAuth: request.headers.get("authorization"),
          },
          pdf,
        );
        return json({ partner_interview_id: a.id });
      }),

    testStatus: (request: Request) =>
      authed(request, async ({ connection }) => {
        const id = new URL(request.url).searchParams.get("partner_interview_id") ?? "";
        if (!id) return problem(400, "partner_interview_id is required");
        const a = await d.assessments.of(connection, id);
        if (!a) return problem(404, `no test instance ${id}`);
        return json(greenhouseStatus(await d.assessments.view(a)));
      }),

    responseError: (request: Request) =>
      authed(request, async ({ connection }) => {
        const body = await readJson(request, ResponseErrorRequest);
        d.logger.warn("Greenhouse could not use an answer", {
          connection: connection.id,
          apiCall: body.api_call,
          errors: body.errors,
          interview: body.partner_interview_id ?? null,
        });
        return json({ status: 200 });
      }),
  };
}
