/** The jobs domain's public surface: what other parts of src/ may import from it. */
export { DeferJob, formatMs, JobDeadlineExceeded, PermanentJobError } from "./job-errors.ts";
export type { JobEvents, JobHandler, RunningJob } from "./job-handler.ts";
export { JobQueue } from "./job-queue.ts";
export { JobStore } from "./job-store.ts";
export { Worker } from "./worker.ts";
