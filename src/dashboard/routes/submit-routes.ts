import { Elysia } from "elysia";
import { randomToken } from "../../admins/index.ts";
import { AppError } from "../../lib/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, checkCsrf, htmlResponse, readForm, redirect } from "../page-handler.ts";
import { refusalWords, usernameAsTyped } from "../pages/recruiter-words.ts";
import { type SubmitForm, submitPage } from "../pages/submit-page.ts";
import { clientOr404 } from "./client-lookup.ts";

/** The label of the client's API key the dashboard's uploads are counted under (its rate limit applies). */
export const DASHBOARD_UPLOAD_KEY = "dashboard uploads";

/** The form's fields, read before its file: they decide who submits before a byte of the PDF is stored. */
const FIELDS = ["_csrf", "client", "idempotencyKey"] as const;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The upload form: a resume, a GitHub username and accounts on other hosts submitted from the dashboard, through the same
 * acceptance as POST /v1/verify (limits, quota, idempotency, %PDF- check, size limit). The submission is
 * counted under the chosen client's key labelled DASHBOARD_UPLOAD_KEY, made on first use; revoking that
 * key turns dashboard uploads for the client off until a key with that label exists again.
 */
export function submitRoutes(deps: DashboardContext) {
  const { handle, accounts } = deps;

  const page = async (
    r: AdminRequest,
    extra: { problems?: string[]; status?: number; form?: SubmitForm; key?: string } = {},
  ) =>
    htmlResponse(
      submitPage({
        assets: handle.assets,
        viewer: r.viewer,
        flash: await handle.flash(r),
        problems: extra.problems,
        clients: await accounts.listClients(),
        idempotencyKey: extra.key ?? randomToken(),
        maxResumeBytes: deps.maxResumeBytes,
        forgeHosts: deps.forgeHosts,
        form: extra.form,
      }),
      extra.status ?? 200,
    );

  /** The principal a dashboard upload for `clientName` is counted under. */
  const principalFor = async (clientName: string) => {
    const client = await clientOr404(accounts, clientName);
    const key = await accounts.labelledKey(DASHBOARD_UPLOAD_KEY, client.name);
    if (key) return { client, keyId: key.id };
    throw new AppError(
      "uploads_off",
      403,
      `Uploads from the dashboard are turned off for ${client.name}: its "${DASHBOARD_UPLOAD_KEY}" key is revoked.`,
    );
  };

  return (
    new Elysia()
      // a failed job's "Fix and submit again" opens the form with what it was submitted with
      .get("/dashboard/submit", (ctx) =>
        handle.authed(ctx, (r) => {
          const q = r.url.searchParams;
          const given = q.has("hostUsername") || q.has("accounts") || q.has("client");
          return page(
            r,
            given
              ? {
                  form: {
                    client: q.get("client") ?? "",
                    hostUsername: (q.get("hostUsername") ?? "").slice(0, 300),
                    accounts: (q.get("accounts") ?? "").slice(0, 1000),
                  },
                }
              : {},
          );
        }),
      )
      .post(
        "/dashboard/submit",
        (ctx) =>
          handle.authed(
            ctx,
            async (r) => {
              if (!/^multipart\/form-data/i.test(r.request.headers.get("content-type") ?? "")) {
                // not the upload form: its token decides between a refusal and a hint
                checkCsrf(r.request, await readForm(r.request, deps.bodies), r.session.csrfToken);
                throw new AppError(
                  "invalid_request",
                  400,
                  "The upload form is sent as multipart/form-data with a resume file.",
                );
              }
              let fields = new Map<string, string>();
              let typed = { hostUsername: "", accounts: "" };
              try {
                const { ack } = await deps.acceptUpload(
                  r.request,
                  {
                    fields: FIELDS,
                    resolve: async (f) => {
                      fields = f;
                      checkCsrf(r.request, f, r.session.csrfToken);
                      const key = f.get("idempotencyKey") ?? "";
                      return {
                        principal: await principalFor(f.get("client") ?? ""),
                        idempotencyKey: IDEMPOTENCY_KEY.test(key) ? `dashboard:${key}` : null,
                      };
                    },
                    typed: (t) => {
                      typed = t;
                    },
                    username: usernameAsTyped,
                  },
                  ctx.server,
                );
                await deps.auth.flash(
                  r.session,
                  ack.replayed
                    ? "This form was already submitted: here is the job it made."
                    : "Submitted. The report appears here when the verification ends.",
                );
                return redirect(`/dashboard/jobs/${encodeURIComponent(ack.trackingId)}`);
              } catch (err) {
                if (!(err instanceof AppError) || err.code === "csrf_failed") throw err;
                // the form again with the problem and what was typed; the same idempotency key, so sending it
                // again makes one job (the file input cannot be filled again: browsers do not allow it)
                const reused = err.code === "idempotency_key_reused";
                return page(r, {
                  problems: [
                    reused
                      ? "This form was already used for another submission; send it again from here."
                      : refusalWords(err, typed.hostUsername),
                  ],
                  status: err.status,
                  key: reused ? undefined : fields.get("idempotencyKey"),
                  form: { client: fields.get("client") ?? "", ...typed },
                });
              }
            },
            { rawBody: true },
          ),
        { parse: "none" },
      )
  );
}
