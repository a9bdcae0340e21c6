/**
 * The ATS assessment partners as the app wires them: connections and assessments over the app's stores,
 * the callback dispatcher on the webhook retry schedule, the routes, and the outbound policy they share.
 */
import type { Config } from "../config/index.ts";
import { integrationRoutes } from "../http/index.ts";
import {
  type AssessmentDeps,
  Assessments,
  CallbackDispatcher,
  Connections,
  IntegrationStore,
  type OutboundPolicy,
} from "../integrations/index.ts";

/** A resume download may take this long at least (a 10 MB file from a slow store), else WEBHOOK_TIMEOUT. */
const RESUME_FETCH_MIN_MS = 30_000;

/** The app's parts the integrations use (the rest of what assessments need comes from the config). */
export type IntegrationWiringDeps = Omit<AssessmentDeps, "forgeHosts" | "linkTtlMs" | "onCallback"> & {
  config: Readonly<Config>;
};

export function createIntegrations(d: IntegrationWiringDeps) {
  const logger = d.logger.child({ component: "integrations" });
  const store = new IntegrationStore(d.db);
  const calls: OutboundPolicy = { timeoutMs: d.config.webhookTimeoutMs, allowPrivate: d.config.atsAllowPrivate };
  const dispatcher = new CallbackDispatcher({
    store,
    clock: d.clock,
    logger,
    policy: calls,
    schedule: d.config.webhookRetryScheduleMs,
  });
  const connections = new Connections(store, d.accounts, d.clock);
  const assessments = new Assessments({
    db: d.db,
    accounts: d.accounts,
    verifications: d.verifications,
    reportLinks: d.reportLinks,
    clock: d.clock,
    logger,
    extract: d.extract,
    baseUrl: d.baseUrl,
    forgeHosts: d.config.forgeHosts,
    linkTtlMs: d.config.atsLinkTtlMs,
    onCallback: () => dispatcher.notify(),
  });
  const routes = integrationRoutes({
    connections,
    assessments,
    resumes: {
      policy: { ...calls, timeoutMs: Math.max(RESUME_FETCH_MIN_MS, d.config.webhookTimeoutMs) },
      maxBytes: d.config.maxResumeBytes,
    },
    logger,
  });
  return { store, connections, assessments, dispatcher, routes };
}
