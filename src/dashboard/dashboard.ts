/** What the dashboard is built from (DashboardDeps) and what its route modules are handed (DashboardContext). */
import type { AccountService, Principal } from "../accounts/index.ts";
import type { AdminAuth, AdminAuthOptions } from "../admins/index.ts";
import type { Clock, Logger } from "../lib/index.ts";
import type { ReportLinks, ReportSource } from "../report/index.ts";
import type { Database } from "../storage/index.ts";
import type { Acknowledgement, VerificationService } from "../verification/index.ts";
import type { AttemptResult, Delivery, DeliveryAttempt, DeliveryHealth, DeliverySummary } from "../webhooks/index.ts";
import type { createPageHandler, FormLimits } from "./page-handler.ts";

/** What the dashboard needs from webhook delivery: the same service the CLI uses. */
export interface DashboardWebhooks {
  /** every delivery of a verification's event, newest first */
  deliveriesForJob(trackingId: string): Promise<DeliverySummary[]>;
  /** the client's latest test deliveries, newest first */
  testDeliveries(clientId: string, limit?: number): Promise<DeliverySummary[]>;
  /** event deliveries since `since`: states, success, latency */
  health(since: number): Promise<DeliveryHealth>;
  attempts(deliveryId: string): Promise<DeliveryAttempt[]>;
  /** send an event again (a delivery id), or for the first time (a final job's trackingId) */
  resend(idOrTrackingId: string): Promise<{ delivery: Delivery; created: boolean }>;
  /** one signed test event to the client's URL now, recorded like any delivery */
  sendTest(clientId: string): Promise<{ delivery: Delivery; result: AttemptResult }>;
}

export interface DashboardDeps {
  db: Database;
  accounts: AccountService;
  verifications: VerificationService;
  clock: Clock;
  logger: Logger;
  /** PUBLIC_URL: links and the Secure cookie flag follow it */
  publicUrl: string | null;
  /** the global body budget and body timeout, shared with the API's uploads */
  bodies: FormLimits;
  /** null until webhook delivery is wired in */
  webhooks: DashboardWebhooks | null;
  /** GitHub's last reported rate-limit window, when the analysis exposes one */
  githubRateLimit?: () => { limit: number; remaining: number; resetAt: number } | null;
  /** how often live regions refresh themselves in the browser */
  refreshMs?: number;
  auth?: AdminAuthOptions;
  /** share links to reports */
  reportLinks: ReportLinks;
  /** the largest resume the upload form takes (the API's limit) */
  maxResumeBytes: number;
  /** the hosts the upload form's accounts may be on (config.forgeHosts' names), for its hint */
  forgeHosts?: readonly string[];
  /**
   * POST /v1/verify's acceptance of a multipart upload (http/accept-upload.ts), handed in by the app:
   * the upload form reads its fields, then submits exactly as the API does
   */
  acceptUpload(
    request: Request,
    who: {
      fields: readonly string[];
      resolve(fields: Map<string, string>): Promise<{ principal: Principal; idempotencyKey: string | null }>;
    },
    /** the request's server: the body is read under the service's own timers, as the API reads it */
    server?: { timeout(request: Request, seconds: number): void } | null,
  ): Promise<{ ack: Acknowledgement; fields: Map<string, string> }>;
}

export type DashboardContext = DashboardDeps & {
  handle: ReturnType<typeof createPageHandler>;
  auth: AdminAuth;
  refreshMs: number;
  reports: ReportSource;
};
