import { Elysia } from "elysia";
import {
  type AshbyDeps,
  type Assessments,
  ashbyApi,
  greenhouseApi,
  RERUN_PATH,
  RerunProblem,
  rerunPage,
} from "../../integrations/index.ts";
import { AppError, errorMessage, type Logger } from "../../lib/index.ts";

/** What the ATS endpoints need: the connections and assessments, the resume fetch policy, the log. */
export type IntegrationRouteDeps = AshbyDeps;

/** A form body of the re-run page is a line or two; refuse more. */
const MAX_FORM_BYTES = 4096;

/**
 * The assessment partner endpoints an ATS calls, at the paths the partner gives it (a contract):
 * /integrations/greenhouse/{list_tests, send_test, test_status, response_error} and
 * /integrations/ashby/{assessment.list, assessment.start, assessment.cancel}; and the re-run page an
 * assessment without a result links. Bodies are read by the handlers, which answer in each ATS's shape.
 */
export function integrationRoutes(d: IntegrationRouteDeps & { logger: Logger }) {
  const gh = greenhouseApi(d);
  const ashby = ashbyApi(d);
  const none = { parse: "none" as const };
  const page = async (assessments: Assessments, token: string, o: { problem?: string; status?: number } = {}) => {
    const a = await assessments.byToken(token);
    return rerunPage(a, a ? await assessments.view(a) : null, o);
  };
  return new Elysia()
    .get("/integrations/greenhouse/list_tests", ({ request }) => gh.listTests(request))
    .post("/integrations/greenhouse/send_test", ({ request }) => gh.sendTest(request), none)
    .get("/integrations/greenhouse/test_status", ({ request }) => gh.testStatus(request))
    .post("/integrations/greenhouse/response_error", ({ request }) => gh.responseError(request), none)
    .post("/integrations/ashby/assessment.list", ({ request }) => ashby.list(request), none)
    .post("/integrations/ashby/assessment.start", ({ request }) => ashby.start(request), none)
    .post("/integrations/ashby/assessment.cancel", ({ request }) => ashby.cancel(request), none)
    .get(`${RERUN_PATH}:token`, ({ params }) => page(d.assessments, params.token))
    .post(
      `${RERUN_PATH}:token`,
      async ({ params, request }) => {
        const text = await request.text();
        if (text.length > MAX_FORM_BYTES)
          return page(d.assessments, params.token, { problem: "The form is too large.", status: 413 });
        const account = new URLSearchParams(text).get("account") ?? "";
        try {
          await d.assessments.rerun(params.token, account);
          return new Response(null, { status: 303, headers: { location: `${RERUN_PATH}${params.token}` } });
        } catch (err) {
          if (err instanceof RerunProblem || (err instanceof AppError && err.status < 500))
            return page(d.assessments, params.token, { problem: err.message, status: err.status });
          d.logger.error("re-run failed", { error: errorMessage(err) });
          return page(d.assessments, params.token, { problem: "Something went wrong; try again later.", status: 500 });
        }
      },
      none,
    );
}
