import { Elysia } from "elysia";
import { type AdminAuth, randomToken } from "../../admins/index.ts";
import { AppError } from "../../lib/index.ts";
import {
  checkCsrf,
  field,
  htmlResponse,
  type PageHandler,
  type PageRequest,
  redirect,
  safeNext,
} from "../page-handler.ts";
import { loginPage, setupPage } from "../pages/auth-pages.ts";
import { clearCookie, LOGIN_CSRF_COOKIE, readCookie, SESSION_COOKIE, setCookie } from "../session-cookie.ts";

const LOGIN_CSRF_MAX_AGE_S = 3600;

/**
 * The pages used without a session: log in, log out, and the one-time setup link. Their forms are
 * protected by a double-submit token: an HttpOnly SameSite=Strict cookie that must equal a form field.
 */
export function authRoutes(handle: PageHandler, auth: AdminAuth) {
  /** The pre-session CSRF token of this browser, and the Set-Cookie that (re)issues it. */
  const loginCsrf = (r: PageRequest) => {
    const token = readCookie(r.request, LOGIN_CSRF_COOKIE, r.secure) ?? randomToken();
    return { token, cookie: setCookie(LOGIN_CSRF_COOKIE, token, LOGIN_CSRF_MAX_AGE_S, r.secure) };
  };

  return new Elysia()
    .get("/dashboard/login", (ctx) =>
      handle.open(ctx, async (r) => {
        if (await auth.session(readCookie(r.request, SESSION_COOKIE, r.secure)))
          return redirect(safeNext(r.url.searchParams.get("next")));
        const { token, cookie } = loginCsrf(r);
        const notice = r.url.searchParams.has("bye") ? "You are logged out." : null;
        return htmlResponse(
          loginPage({ assets: handle.assets, csrf: token, next: safeNext(r.url.searchParams.get("next")), notice }),
          200,
          { "set-cookie": cookie },
        );
      }),
    )
    .post(
      "/dashboard/login",
      (ctx) =>
        handle.open(ctx, async (r) => {
          const form = await handle.openForm(r.request);
          checkCsrf(r.request, form, readCookie(r.request, LOGIN_CSRF_COOKIE, r.secure));
          const username = field(form, "username", 64);
          const next = safeNext(field(form, "next", 500));
          try {
            const s = await auth.login(username, field(form, "password", 2048, true), r.ip);
            await auth.purge();
            return redirect(next, { "set-cookie": setCookie(SESSION_COOKIE, s.token, null, r.secure) });
          } catch (err) {
            if (!(err instanceof AppError) || (err.code !== "invalid_login" && err.code !== "login_throttled"))
              throw err;
            const { token, cookie } = loginCsrf(r);
            return htmlResponse(
              loginPage({ assets: handle.assets, csrf: token, next, username, error: err.message }),
              err.status,
              { ...err.headers, "set-cookie": cookie },
            );
          }
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/logout",
      (ctx) =>
        handle.authed(ctx, async (r) => {
          await auth.logout(readCookie(r.request, SESSION_COOKIE, r.secure)!);
          return redirect("/dashboard/login?bye=1", { "set-cookie": clearCookie(SESSION_COOKIE, r.secure) });
        }),
      { parse: "none" },
    )
    .get("/dashboard/setup", (ctx) =>
      handle.open(ctx, async (r) => {
        const token = r.url.searchParams.get("token");
        const { token: csrf, cookie } = loginCsrf(r);
        const role = token === null ? null : await auth.setupTokenRole(token);
        const live = role !== null;
        return htmlResponse(
          setupPage({ assets: handle.assets, csrf, token, live, role: role ?? "admin" }),
          live ? 200 : 403,
          {
            "set-cookie": cookie,
          },
        );
      }),
    )
    .post(
      "/dashboard/setup",
      (ctx) =>
        handle.open(ctx, async (r) => {
          const form = await handle.openForm(r.request);
          checkCsrf(r.request, form, readCookie(r.request, LOGIN_CSRF_COOKIE, r.secure));
          const token = field(form, "token", 200);
          const username = field(form, "username", 64);
          try {
            const admin = await auth.redeemSetup(
              token,
              username,
              field(form, "password", 2048, true),
              field(form, "confirm", 2048, true),
            );
            const s = await auth.startSession(admin.id);
            return redirect("/dashboard", { "set-cookie": setCookie(SESSION_COOKIE, s.token, null, r.secure) });
          } catch (err) {
            if (!(err instanceof AppError) || (err.code !== "invalid_credentials" && err.code !== "admin_exists"))
              throw err;
            const { token: csrf, cookie } = loginCsrf(r);
            return htmlResponse(
              setupPage({
                assets: handle.assets,
                csrf,
                token,
                live: await auth.isSetupTokenLive(token),
                role: (await auth.setupTokenRole(token)) ?? "admin",
                username,
                error: err.message,
              }),
              err.status,
              { "set-cookie": cookie },
            );
          }
        }),
      { parse: "none" },
    );
}
