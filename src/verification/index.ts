/** The verification module's public surface: what other modules of src/ import from it (never the files behind it). */
export type { Acknowledgement } from "./acceptance.ts";
export type { HostAccountRef } from "./accounts-field.ts";
export { accountsToRead, accountText, parseAccounts } from "./accounts-field.ts";
export type { ClientUsage } from "./client-usage.ts";
export { clientUsage } from "./client-usage.ts";
export { knownFailure } from "./failure-codes.ts";
export type { JobFilter } from "./job-filters.ts";
export { encodeCursor, filterParams, JOB_STATES, parseJobFilter } from "./job-filters.ts";
export { productionSteps } from "./production-steps.ts";
export type { VerificationResult } from "./result.ts";
export type { StagedFile } from "./resume-files.ts";
export { openResumeStore } from "./resume-store.ts";
export type { VerificationSteps } from "./verification-job.ts";
export { verificationJobHandler } from "./verification-job.ts";
export type { JobPage } from "./verification-list-store.ts";
export { POLL_AFTER_S, VerificationService } from "./verification-service.ts";
export { VerificationStore } from "./verification-store.ts";
export type { JobSummary, Verification } from "./verifications.ts";
