/**
 * The maintenance loop's retention tasks as the app wires them: expired verifications, report links,
 * the GitHub HTTP cache and (on PostgreSQL) the shared rate gate's rows, each run by one replica at a time.
 */
import type { Config } from "../config/index.ts";
import type { createRateGate } from "../github/index.ts";
import { GITHUB_CACHE_RETENTION_MS, pruneGitHubHttpCache } from "../github/index.ts";
import type { IntegrationStore } from "../integrations/index.ts";
import type { ReportLinks } from "../report/index.ts";
import { type Database, runAlone } from "../storage/index.ts";
import type { VerificationService } from "../verification/index.ts";

export interface MaintenanceTaskDeps {
  config: Readonly<Config>;
  db: Database;
  verifications: VerificationService;
  reportLinks: ReportLinks;
  rateGate: ReturnType<typeof createRateGate>;
  /** ATS assessments: a resume kept for a re-run goes after RESUME_RETENTION, like an upload */
  integrations?: IntegrationStore;
}

/** One replica at a time (an advisory lock on PostgreSQL); the others skip the round. */
export function maintenanceTasks({
  config,
  db,
  verifications,
  reportLinks,
  rateGate,
  integrations,
}: MaintenanceTaskDeps) {
  return [
    ...(integrations
      ? [
          {
            name: "ats-resumes",
            run: async (now: number) =>
              (await runAlone(db, "ats-resumes", async () => ({
                resumes: await integrations.purgeHeldResumes(now - config.resumeRetentionMs),
              }))) ?? {},
          },
        ]
      : []),
    {
      name: "verifications",
      run: async (now: number) =>
        (await runAlone(db, "retention", () => verifications.purge(now, config.resumeRetentionMs))) ?? {},
    },
    {
      name: "report-links",
      run: async (now: number) => (await runAlone(db, "report-links", () => reportLinks.purge(now))) ?? {},
    },
    {
      name: "github-cache",
      run: async (now: number) =>
        (await runAlone(db, "github-cache", async () => ({
          entries: await pruneGitHubHttpCache(db, now - GITHUB_CACHE_RETENTION_MS),
        }))) ?? {},
    },
    ...(rateGate.store
      ? [
          {
            name: "github-rate-gate",
            run: async () => (await runAlone(db, "github-rate-gate", () => rateGate.store!.prune())) ?? {},
          },
        ]
      : []),
  ];
}
