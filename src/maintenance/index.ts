/** The maintenance domain's public surface: what other parts of src/ may import from it. */
export { MaintenanceLoop } from "./maintenance-loop.ts";
