import type { Config } from "../config/config.ts";
import { PermanentJobError } from "../jobs/job-errors.ts";
import type { Logger } from "../lib/log.ts";
import type { Database } from "../storage/database.ts";
import type { VerificationSteps } from "./verification-job.ts";

/**
 * The production edges of the pipeline: PDF extraction (src/resume) and GitHub analysis
 * (src/github + src/analysis).
 */
export function defaultSteps(_deps: { config: Readonly<Config>; db: Database; logger: Logger }): VerificationSteps {
  return {
    async extract() {
      throw new PermanentJobError("analysis_unavailable", "resume extraction is not available in this build");
    },
    async analyze() {
      throw new PermanentJobError("analysis_unavailable", "GitHub analysis is not available in this build");
    },
  };
}
