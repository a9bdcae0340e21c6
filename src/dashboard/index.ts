/** The dashboard module's public surface: what other modules of src/ import from it (never the files behind it). */

export type { DashboardDeps } from "./dashboard.ts";
export { createDashboard } from "./dashboard.ts";
