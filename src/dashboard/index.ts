/** The dashboard domain's public surface: what other parts of src/ may import from it. */

export type { DashboardDeps } from "./dashboard.ts";
export { createDashboard } from "./dashboard.ts";
