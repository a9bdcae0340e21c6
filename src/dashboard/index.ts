/** The dashboard module's public surface: what other modules of src/ import from it (never the files behind it). */

export { createDashboard } from "./create-dashboard.ts";
export type { DashboardDeps } from "./dashboard.ts";
