import { AnalysisFailure, runAnalysis } from "../analysis/run-analysis.ts";
import type { Config } from "../config/config.ts";
import { createEvidenceSource } from "../github/graphql/graphql-source.ts";
import type { RateGate } from "../github/rate-gate.ts";
import type { RateLimitSnapshot } from "../github/rate-limit-policy.ts";
import { PermanentJobError } from "../jobs/job-errors.ts";
import { untilAborted } from "../lib/abort.ts";
import type { Logger } from "../lib/log.ts";
import { createResumeExtractor } from "../resume/index.ts";
import type { Database } from "../storage/database.ts";
import type { VerificationSteps } from "./verification-job.ts";

/**
 * The production edges of the pipeline: PDF extraction in an isolated child process (src/resume) and
 * GitHub analysis (src/github + src/analysis) over the conditional-request cache in the app's database.
 * `githubCalls` is logged, not stored: a warm run answers from 304s, and the stored result must be the
 * same for the same resume and the same GitHub data.
 */
export function productionSteps(deps: {
  config: Readonly<Config>;
  db: Database;
  logger: Logger;
  /** the rate-limit gate (shared by the replicas on PostgreSQL); the process's when absent */
  gate?: RateGate;
}): VerificationSteps & { close(): Promise<void> } {
  const { config, db, logger } = deps;
  // two readers: one hostile PDF that uses its whole time budget does not hold up everyone else's
  const extractor = createResumeExtractor({ concurrency: Math.min(2, config.workerConcurrency) });
  let budget: RateLimitSnapshot | null = null;
  return {
    githubRateLimit: () => budget,
    extract(pdf, signal) {
      // the reader has its own time budget and kills its child past it; the job stops waiting at its deadline
      return untilAborted(extractor.extract(pdf, {}), signal);
    },
    async analyze({ hostUsername, resume, signal, onStage, onGitHub }) {
      const github = createEvidenceSource({
        baseUrl: config.githubApiUrl,
        token: config.githubToken,
        tokens: config.githubTokens,
        affinity: hostUsername,
        gate: deps.gate,
        db,
        logger: logger.child({ component: "github" }),
        signal,
        onAnswer: onGitHub,
      });
      try {
        const { githubCalls, ...result } = await runAnalysis({
          hostUsername,
          resume,
          github,
          onStage,
          concurrency: config.githubConcurrency,
        });
        logger.info("analysis done", {
          hostUsername,
          githubCalls: githubCalls.calls,
          notModified: githubCalls.notModified,
          githubApi: github.path(),
          graphqlPoints: github.points(),
          score: result.confidenceScore,
        });
        return result;
      } catch (err) {
        if (err instanceof AnalysisFailure) throw new PermanentJobError(err.code, err.message);
        throw err;
      } finally {
        budget = github.budget() ?? budget;
      }
    },
    close: () => extractor.close(),
  };
}
