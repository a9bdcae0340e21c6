import type { DashboardContext } from "../dashboard.ts";
import type { AdminRequest } from "../page-handler.ts";

/** A dashboard page or action by name: what it does with a signed-in request. */
export type RouteAction = (deps: DashboardContext, r: AdminRequest) => Promise<Response>;
type RouteContext = Parameters<DashboardContext["handle"]["authed"]>[0];

/** An Elysia handler running `action` for a signed-in account (admins and recruiters). */
export const signedIn = (deps: DashboardContext, action: RouteAction) => (ctx: RouteContext) =>
  deps.handle.authed(ctx, (r) => action(deps, r));

/** An Elysia handler running `action` for administrators only (403 for a recruiter). */
export const adminOnly = (deps: DashboardContext, action: RouteAction) => (ctx: RouteContext) =>
  deps.handle.admin(ctx, (r) => action(deps, r));
