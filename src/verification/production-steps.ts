import { AnalysisFailure, runAnalysis } from "../analysis/index.ts";
import type { Config } from "../config/index.ts";
import { forgeHostOf } from "../config/index.ts";
import { createForgeSource } from "../forges/index.ts";
import type { GitHubAnswer, RateGate, RateLimitSnapshot } from "../github/index.ts";
import { createEvidenceSource } from "../github/index.ts";
import { PermanentJobError } from "../jobs/index.ts";
import type { Logger } from "../lib/index.ts";
import { untilAborted } from "../lib/index.ts";
import {
  createResumeExtractor,
  DEFAULT_TIMEOUT_MS,
  EXPENSIVE_OPERATORS,
  estimateReadCost,
  readBudgetMs,
} from "../resume/index.ts";
import type { Database } from "../storage/index.ts";
import { githubReadAheads } from "./github-read-ahead.ts";
import type { VerificationSteps } from "./verification-job.ts";

/**
 * The production edges of the pipeline: PDF extraction in an isolated child process (src/resume) and
 * analysis (src/analysis) over GitHub (src/github, with the conditional-request cache in the app's
 * database) and the candidate's accounts on the configured GitLab and Gitea/Forgejo hosts (src/forges).
 * `githubCalls` is logged, not stored: a warm run answers from 304s, and the stored result must be the
 * same for the same resume and the same GitHub data.
 */
export function productionSteps(deps: {
  config: Readonly<Config>;
  db: Database;
  logger: Logger;
  /** the rate-limit gate (shared by the replicas on PostgreSQL); the process's when absent */
  gate?: RateGate;
  /** true while the readers are shared fairly between clients (app/fair-share.ts) */
  fairShare?: () => boolean;
}): VerificationSteps & { close(): Promise<void> } {
  const { config, db, logger } = deps;
  // two readers: one hostile PDF that uses its whole time budget does not hold up everyone else's
  const extractor = createResumeExtractor({
    concurrency: Math.min(2, config.workerConcurrency),
    spareIdleMs: config.readerSpareIdleMs,
    recycleAboveMb: config.readerRecycleMemoryMb,
    // links to the configured GitLab and Gitea/Forgejo hosts are read as repositories and profiles
    forgeHosts: config.forgeHosts.map((h) => ({ host: h.host, kind: h.kind })),
  });
  let budget: RateLimitSnapshot | null = null;
  const evidenceSource = (hostUsername: string, signal: AbortSignal, onAnswer?: (a: GitHubAnswer) => void) =>
    createEvidenceSource({
      baseUrl: config.githubApiUrl,
      token: config.githubToken,
      tokens: config.githubTokens,
      affinity: hostUsername,
      gate: deps.gate,
      db,
      logger: logger.child({ component: "github" }),
      signal,
      onAnswer,
      registry: { npmUrl: config.npmRegistryUrl, pypiUrl: config.pypiUrl, maxLookups: config.packageLookups },
    });
  const readAheads = githubReadAheads(evidenceSource);
  return {
    githubRateLimit: () => budget,
    readAhead: ({ hostUsername, signal }) => readAheads.begin(hostUsername, signal),
    extract(pdf, signal, owner) {
      // priced before it takes a reader: an expensive PDF gets a smaller budget and never every reader
      const cost = estimateReadCost(pdf);
      const timeoutMs = readBudgetMs(cost, DEFAULT_TIMEOUT_MS);
      const queue = { tenant: owner?.clientId ?? null, expensive: cost.expensive, shared: deps.fairShare?.() ?? false };
      const overBudget = `its ${cost.pages} pages draw about ${cost.operators} operators (more than ${EXPENSIVE_OPERATORS}), which earns a shorter reading budget; print it to a new PDF and upload that`;
      // the reader has its own time budget and kills its child past it; the job stops waiting at its deadline
      return untilAborted(
        extractor.extract(pdf, { timeoutMs, queue, ...(cost.expensive ? { overBudget } : {}) }),
        signal,
      );
    },
    async analyze({ hostUsername, accounts = [], resume, signal, onStage, onGitHub, readAhead }) {
      const github =
        readAheads.take(readAhead, hostUsername, signal, onGitHub) ?? evidenceSource(hostUsername, signal, onGitHub);
      const forgeLogger = logger.child({ component: "forges" });
      const forges = accounts.map((a) => {
        const hostConfig = forgeHostOf(config.forgeHosts, a.host);
        // accepted against the configuration of its time: a host removed since is the operator's to restore
        if (!hostConfig)
          throw new PermanentJobError(
            "host_unavailable",
            `${a.host} is no longer configured (FORGE_HOSTS); the account ${a.host}:${a.username} cannot be read`,
          );
        return {
          login: a.username,
          source: createForgeSource({ config: hostConfig, gate: deps.gate, signal, logger: forgeLogger }),
        };
      });
      try {
        const { githubCalls, ...result } = await runAnalysis({
          hostUsername,
          accounts: forges,
          readableHosts: config.forgeHosts.map((h) => h.host),
          resume,
          github,
          onStage,
          concurrency: config.githubConcurrency,
        });
        logger.info("analysis done", {
          hostUsername,
          ...(accounts.length ? { accounts: accounts.map((a) => `${a.host}:${a.username}`) } : {}),
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
        budget = hostUsername ? (github.budget() ?? budget) : budget;
      }
    },
    close: () => extractor.close(),
  };
}
