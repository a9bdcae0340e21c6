import type { AdminAuth, LiveSession } from "../admins/index.ts";
import { sameSecret } from "../admins/index.ts";
import type { Logger } from "../lib/index.ts";
import { AppError, type BodyLimits, errorMessage, readSmallBody } from "../lib/index.ts";
import type { Html } from "./html.ts";
import { type AssetPaths, errorPage, type Viewer } from "./pages/layout.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";
import { isSecureRequest, readCookie, SESSION_COOKIE } from "./session-cookie.ts";

/** Form bodies are small; the signature checker's pasted webhook body is the largest thing posted. */
export const MAX_FORM_BYTES = 1024 * 1024;
/** The login and setup forms, posted without a session, are tiny: anything larger is refused unread. */
export const MAX_OPEN_FORM_BYTES = 16 * 1024;

export type Form = Map<string, string>;

/** What every dashboard handler gets: the request, its path parameters and, for a POST, the checked form. */
export interface PageRequest {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** the client address as the socket saw it ("unknown" without a server, e.g. app.handle in tests) */
  ip: string;
  secure: boolean;
  /** a live region's background refresh (not a page view) */
  live: boolean;
}

export interface AdminRequest extends PageRequest {
  session: LiveSession;
  viewer: Viewer;
  form: Form;
}

export interface PageHandlerDeps {
  auth: AdminAuth;
  bodies: FormLimits;
  logger: Logger;
  publicUrl: string | null;
  assets: AssetPaths;
}

type Server = { requestIP(r: Request): { address: string } | null } | null | undefined;

/** Who the session belongs to, as the pages see it. */
export function viewerOf(session: LiveSession): Viewer {
  return { username: session.username, csrfToken: session.csrfToken, role: session.role };
}

export function htmlResponse(page: Html, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(page.value, {
    status,
    headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", ...headers },
  });
}

/** 303 See Other: after a POST the browser GETs the next page (no resubmission on reload). */
export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location, ...headers } });
}

/** Only a local dashboard path may be a redirect target after login (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith("/dashboard") || next.startsWith("//") || /[\\\s]/.test(next) || next.length > 500)
    return "/dashboard";
  return next;
}

/** What a form read may hold: its share of the global body budget, and how long the body may stall. */
export type FormLimits = BodyLimits;

/**
 * A urlencoded or multipart form, size-limited; a missing or different content type is an empty form
 * (its body is never read). The declared length is reserved in the global body budget before a byte
 * is read (503 past it), and a body that stops arriving is abandoned (408).
 */
export async function readForm(
  request: Request,
  limits: FormLimits,
  maxBytes = MAX_FORM_BYTES,
  deadlineMs?: number,
): Promise<Form> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = () => new AppError("form_too_large", 413, "the form is too large");
  if (!(declared <= maxBytes)) throw tooLarge();
  const out: Form = new Map();
  const urlencoded = /^application\/x-www-form-urlencoded/i.test(type);
  if (!urlencoded && !/^multipart\/form-data/i.test(type)) return out;
  const release = limits.budget.reserve(declared, request);
  let body: Buffer;
  try {
    body = await readSmallBody(request, { ...limits, maxBytes, tooLarge, deadlineMs });
  } finally {
    release();
  }
  if (urlencoded) {
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) if (!out.has(k)) out.set(k, v);
    return out;
  }
  const fd = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } })
    .formData()
    .catch(() => {
      throw new AppError("invalid_request", 400, "the form could not be read");
    });
  for (const [k, v] of fd) if (typeof v === "string" && !out.has(k)) out.set(k, v);
  return out;
}

/** A text field, trimmed unless `raw`, cut to `max` characters. */
export function field(form: Form, name: string, max = 500, raw = false): string {
  const v = form.get(name) ?? "";
  return (raw ? v : v.trim()).slice(0, max);
}

/**
 * Cross-site form posts are refused twice over: browsers that send Sec-Fetch-Site say so, and the CSRF
 * token must match (the session's, or the login cookie's before a session exists).
 */
export function checkCsrf(request: Request, form: Form, expected: string | null): void {
  checkSameSite(request);
  const given = form.get("_csrf") ?? "";
  if (!expected || !given || !sameSecret(given, expected)) {
    throw new AppError(
      "csrf_failed",
      403,
      "the form's security token is missing or stale: reload the page and submit again",
    );
  }
}

/** A browser that says the request comes from another site is refused before its body is read. */
export function checkSameSite(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none")
    throw new AppError("csrf_failed", 403, "cross-site form submission refused");
}

/** What an account must be to use a page: administrators only, or any signed-in account. */
export interface AccessRule {
  /** administrators only: keys, secrets, settings, deleting files (403 for a recruiter) */
  adminOnly?: boolean;
  /**
   * the handler reads the body itself (a streamed upload) and checks its CSRF field with `checkCsrf`;
   * the cross-site check still runs before a byte is read
   */
  rawBody?: boolean;
}

/** The handler wrapper: resolves the request context and renders any error as a dashboard page. */
export function createPageHandler(deps: PageHandlerDeps) {
  const fail = (err: unknown, viewer: Viewer | null): Response => {
    if (err instanceof AppError) {
      return htmlResponse(
        errorPage({ assets: deps.assets, viewer, status: err.status, message: err.message }),
        err.status,
        err.headers,
      );
    }
    deps.logger.error("dashboard error", {
      error: err instanceof Error ? (err.stack ?? err.message) : errorMessage(err),
    });
    return htmlResponse(
      errorPage({
        assets: deps.assets,
        viewer,
        status: 500,
        message: "Something went wrong; the service log has details.",
      }),
      500,
    );
  };

  const base = (request: Request, params: Record<string, string> | undefined, server: Server): PageRequest => ({
    request,
    url: new URL(request.url),
    params: params ?? {},
    ip: server?.requestIP(request)?.address ?? "unknown",
    secure: isSecureRequest(request, deps.publicUrl),
    live: request.headers.get("x-dashboard-live") === "1",
  });

  /** Without a live session a GET is sent to the login page and anything else is refused. */
  const noSession = (r: PageRequest, post: boolean): Response => {
    if (!post) return redirect(`/dashboard/login?next=${encodeURIComponent(r.url.pathname + r.url.search)}`);
    const message = "Your session has ended. Log in again, then repeat the action.";
    return htmlResponse(errorPage({ assets: deps.assets, status: 401, message }), 401);
  };

  return {
    assets: deps.assets,
    fail,

    /**
     * A form posted without a session (login, setup): small, within the body budget, and whole within
     * BODY_TIMEOUT (an anonymous trickle cannot hold its share of the budget for long).
     */
    openForm: (request: Request): Promise<Form> =>
      readForm(request, deps.bodies, MAX_OPEN_FORM_BYTES, deps.bodies.idleTimeoutMs),

    /**
     * A path or method no route serves: 405 with Allow when the path exists for other methods, else 404.
     * The body is never read (it may be anything, of any type); anonymous callers learn nothing.
     */
    async unmatched(ctx: { request: Request; server?: Server }, allow: string[]): Promise<Response> {
      const r = base(ctx.request, undefined, ctx.server);
      const session = await deps.auth.session(readCookie(ctx.request, SESSION_COOKIE, r.secure));
      if (!session) return noSession(r, ctx.request.method !== "GET" && ctx.request.method !== "HEAD");
      const viewer = viewerOf(session);
      if (allow.length === 0) return fail(new AppError("not_found", 404, "There is no such dashboard page."), viewer);
      const list = allow.join(", ");
      return fail(
        new AppError("method_not_allowed", 405, `This page answers ${list} only.`, {}, { allow: list }),
        viewer,
      );
    },

    /** The session's one-time notice for a page view; a background refresh leaves it for the page. */
    async flash(r: AdminRequest): Promise<string | null> {
      return r.live ? null : deps.auth.takeFlash(r.session);
    },

    /** A page anyone may open (login, setup). */
    async open(
      ctx: { request: Request; params?: Record<string, string>; server?: Server },
      handler: (r: PageRequest) => Response | Promise<Response>,
    ): Promise<Response> {
      try {
        return await handler(base(ctx.request, ctx.params, ctx.server));
      } catch (err) {
        return fail(err, null);
      }
    },

    /**
     * A page or action for a signed-in account. Without a live session a GET is sent to the login
     * page and a POST is refused; a POST must carry the session's CSRF token. An administrators' page
     * answers a recruiter 403 before anything else is read.
     */
    async authed(
      ctx: { request: Request; params?: Record<string, string>; server?: Server },
      handler: (r: AdminRequest) => Response | Promise<Response>,
      access: AccessRule = {},
    ): Promise<Response> {
      const r = base(ctx.request, ctx.params, ctx.server);
      const session = await deps.auth.session(readCookie(ctx.request, SESSION_COOKIE, r.secure));
      const post = ctx.request.method !== "GET" && ctx.request.method !== "HEAD";
      if (!session) return noSession(r, post);
      const viewer = viewerOf(session);
      try {
        if (access.adminOnly && session.role !== "admin")
          throw new AppError(
            "admins_only",
            403,
            "This page is for administrators. Your account reads results, submits resumes and shares reports.",
          );
        if (post && access.rawBody) checkSameSite(ctx.request);
        const form = post && !access.rawBody ? await readForm(ctx.request, deps.bodies) : new Map<string, string>();
        if (post && !access.rawBody) checkCsrf(ctx.request, form, session.csrfToken);
        return await handler({ ...r, session, viewer, form });
      } catch (err) {
        return fail(err, viewer);
      }
    },

    /** A page or action for administrators only (keys, secrets, settings): 403 for a recruiter. */
    admin(
      ctx: { request: Request; params?: Record<string, string>; server?: Server },
      handler: (r: AdminRequest) => Response | Promise<Response>,
    ): Promise<Response> {
      return this.authed(ctx, handler, { adminOnly: true });
    },
  };
}

export type PageHandler = ReturnType<typeof createPageHandler>;
