/**
 * The ATS assessment partners as the app wires them: connections and assessments over the app's stores,
 * the callback dispatcher on the webhook retry schedule, the routes, and the outbound policy they share.
 */
import type { Config } from "../config/index.ts";
import { integrationRoutes } from "../http/index.ts";
import {
  type AssessmentDeps,
  AssessmentLinks,
  Assessments,
  CallbackDispatcher,
  Connections,
  IntegrationStore,
  type OutboundPolicy,
} from "../integrations/index.ts";
import { type ReportLinks, reportLinkKey } from "../report/index.ts";

/** A resume download may take this long at least (a 10 MB file from a slow store), else WEBHOOK_TIMEOUT. */
const RESUME_FETCH_MIN_MS = 30_000;

/** The app's parts the integrations use (the rest of what assessments need comes from the config). */
export type IntegrationWiringDeps = Omit<AssessmentDeps, "forgeHosts" | "linkTtlMs" | "onCallback" | "links"> & {
  config: Readonly<Config>;
  reportLinks: ReportLinks;
  /** the external base URL the links given to an ATS start with */
  baseUrl(): string;
};

export function createIntegrations(d: IntegrationWiringDeps) {
  const logger = d.logger.child({ component: "integrations" });
  const store = new IntegrationStore(d.db);
  // the links given to an ATS are derived under the key results' links use (REPORT_LINK_KEY or the key file)
  const key = reportLinkKey({
    configured: d.config.reportLinkKey,
    dataDir: d.config.dataDir,
    sharedDatabase: d.config.databaseUrl !== null,
  });
  const links = new AssessmentLinks(
    key,
    d.baseUrl,
    d.reportLinks,
    async (id) => (await d.verifications.get(id)) !== null,
  );
  links.explainGone(store);
  const calls: OutboundPolicy = { timeoutMs: d.config.webhookTimeoutMs, allowPrivate: d.config.atsAllowPrivate };
  const dispatcher = new CallbackDispatcher({
    store,
    clock: d.clock,
    logger,
    policy: calls,
    schedule: d.config.webhookRetryScheduleMs,
    view: (a) => assessments.view(a),
  });
  const connections = new Connections(store, d.accounts, d.clock);
  const assessments = new Assessments({
    db: d.db,
    accounts: d.accounts,
    verifications: d.verifications,
    links,
    clock: d.clock,
    logger,
    extract: d.extract,
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
