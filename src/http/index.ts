/** The http domain's public surface: what other parts of src/ may import from it. */
export { acceptUpload } from "./accept-upload.ts";
export { connectionIdleSeconds } from "./connection-timing.ts";
export { renderMetrics } from "./metrics.ts";
export { READY_DATABASE_TIMEOUT_MS } from "./routes/health-routes.ts";
export { createHttpApp } from "./server.ts";
