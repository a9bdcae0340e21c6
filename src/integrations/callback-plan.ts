import { newId } from "../lib/index.ts";
import type { Transaction } from "../storage/index.ts";
import type { Verification } from "../verification/index.ts";
import { ashbyUpdate } from "./ashby/ashby-update.ts";
import { NO_LINKS } from "./assessment-links.ts";
import { assessmentView } from "./assessment-view.ts";
import type { IntegrationStore } from "./integration-store.ts";
import type { Assessment, Connection } from "./types.ts";

/**
 * Queue what an ATS is owed after an assessment moved on, in the transaction that moved it: Greenhouse
 * a PATCH of its callback url once there is something to show; Ashby an assessment.update at every step,
 * its timestamp after the assessment's previous one, without the profile link (added as it is sent). Nothing after a cancellation. `onQueued` runs once
 * the transaction committed (to wake the dispatcher).
 */
export async function planCallback(
  tx: Transaction,
  store: IntegrationStore,
  connection: Connection,
  a: Assessment,
  verification: Verification | null,
  now: number,
  onQueued: () => void,
): Promise<void> {
  if (a.state === "cancelled") return;
  const view = assessmentView(a, verification, NO_LINKS); // addresses are added as it is sent
  let body: string | null;
  if (connection.kind === "greenhouse") {
    if (!view.done || !a.callbackUrl) return;
    body = null;
  } else {
    const ts = await store.on(tx).nextUpdateTimestamp(a.id, now);
    body = JSON.stringify(ashbyUpdate(a.id, view, ts));
  }
  await store.on(tx).insertCallback({ id: newId("atc", now), assessmentId: a.id, body, now });
  tx.afterCommit(onQueued);
}
