/** The jobs module's public surface: what other modules of src/ import from it (never the files behind it). */
export { clientQueueMetrics } from "./client-queue-metrics.ts";
export { DeferJob, formatMs, JobDeadlineExceeded, PermanentJobError } from "./job-errors.ts";
export type { JobEvents, JobHandler, RunningJob } from "./job-handler.ts";
export { JobQueue } from "./job-queue.ts";
export { JobStore } from "./job-store.ts";
export { Worker } from "./worker.ts";
