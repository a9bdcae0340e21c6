import { expect, test } from "bun:test";
import { attemptJson, deliveryJson, deliverySummaryJson } from "../../src/cli/delivery-json.ts";
import type { Delivery, DeliveryAttempt } from "../../src/webhooks/deliveries.ts";

const delivery: Delivery = {
  id: "msg_1",
  clientId: "cli_1",
  trackingId: "vrf_1",
  event: "verification.completed",
  state: "retrying",
  attempts: 2,
  nextAttemptAt: 5000,
  lastStatusCode: 503,
  lastOutcome: "http",
  createdAt: 1000,
  deliveredAt: null,
  failedAt: null,
  payload: '{"event":"verification.completed"}',
  roundFailures: 2,
  leaseToken: "lease",
  lastAttemptAt: 4000,
  updatedAt: 4000,
};

// scripts read these names and this order: they are the columns `--json` printed before the stores returned domain types
test("jobs show --json lists a delivery under its column names, in the table's order", () => {
  expect(Object.entries(deliverySummaryJson(delivery))).toEqual([
    ["id", "msg_1"],
    ["client_id", "cli_1"],
    ["tracking_id", "vrf_1"],
    ["event", "verification.completed"],
    ["state", "retrying"],
    ["attempts", 2],
    ["next_attempt_at", 5000],
    ["last_status_code", 503],
    ["last_outcome", "http"],
    ["created_at", 1000],
    ["delivered_at", null],
    ["failed_at", null],
  ]);
});

test("webhook log --json shows every column of a delivery but its body and lease, in the table's order", () => {
  expect(Object.entries(deliveryJson(delivery))).toEqual([
    ["id", "msg_1"],
    ["client_id", "cli_1"],
    ["tracking_id", "vrf_1"],
    ["event", "verification.completed"],
    ["state", "retrying"],
    ["attempts", 2],
    ["round_failures", 2],
    ["next_attempt_at", 5000],
    ["last_attempt_at", 4000],
    ["last_outcome", "http"],
    ["last_status_code", 503],
    ["created_at", 1000],
    ["updated_at", 4000],
    ["delivered_at", null],
    ["failed_at", null],
  ]);
});

test("webhook log --json shows an attempt under its column names", () => {
  const attempt: DeliveryAttempt = {
    deliveryId: "msg_1",
    attempt: 1,
    startedAt: 1000,
    finishedAt: 1200,
    url: "https://hooks.example.test/x",
    outcome: "http",
    statusCode: 503,
    error: null,
    latencyMs: 200,
    responseExcerpt: "down",
  };
  expect(Object.keys(attemptJson(attempt))).toEqual([
    "delivery_id",
    "attempt",
    "started_at",
    "finished_at",
    "url",
    "outcome",
    "status_code",
    "error",
    "latency_ms",
    "response_excerpt",
  ]);
  expect(attemptJson(attempt)).toMatchObject({ status_code: 503, latency_ms: 200, response_excerpt: "down" });
});
