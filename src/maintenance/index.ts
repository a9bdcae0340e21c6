/** The maintenance module's public surface: what other modules of src/ import from it (never the files behind it). */
export { MaintenanceLoop } from "./maintenance-loop.ts";
