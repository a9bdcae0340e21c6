/** The http module's public surface: what other modules of src/ import from it (never the files behind it). */
export { acceptUpload } from "./accept-upload.ts";
export { connectionIdleSeconds } from "./connection-timing.ts";
export { renderMetrics } from "./metrics.ts";
export { READY_DATABASE_TIMEOUT_MS } from "./routes/health-routes.ts";
export { type IntegrationRouteDeps, integrationRoutes } from "./routes/integration-routes.ts";
export { createHttpApp } from "./server.ts";
