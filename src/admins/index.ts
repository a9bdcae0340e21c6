/** The admins module's public surface: what other modules of src/ import from it (never the files behind it). */

export type { AdminAuthOptions } from "./admin-auth.ts";
export { AdminAuth, PASSWORD_MIN, randomToken, sameSecret } from "./admin-auth.ts";
export { AdminStore } from "./admin-store.ts";
export type { AdminRole, LiveSession } from "./admins.ts";
export { ADMIN_ROLES } from "./admins.ts";
export { setupLink } from "./setup-link.ts";
