import { expect, test } from "bun:test";
import { jobText } from "../../src/cli/job-text.ts";

const delivery = (state: "failed") => ({ id: "msg_1", state, attempts: 6, lastStatusCode: 500 });

test("jobs show text: a FAILED job says why; the webhook line comes from the newest delivery when the view has none", () => {
  const text = jobText({
    job: {
      trackingId: "vrf_1",
      hostUsername: "ana",
      status: "FAILED",
      confidenceScore: 0,
      verifiedProjects: [],
      flags: [],
      createdAt: "2026-01-01T00:00:00.000Z",
      completedAt: "2026-01-01T00:00:05.000Z",
      error: { code: "pdf_no_text", message: "the PDF has no text layer" },
    },
    pdfKept: false,
    deliveries: [delivery("failed")],
  }).join("\n");
  expect(text).toStartWith("vrf_1  FAILED  Not verified (not_verified)\n");
  expect(text).toContain("  error        pdf_no_text: the PDF has no text layer\n");
  expect(text).toContain("  webhook      webhook_failed\n");
  expect(text).not.toContain("Verified projects");
  expect(text).toMatch(/msg_1\s+failed\s+6\s+500/);
});

test("jobs show text: a processing job shows its stage and that the event comes at the end", () => {
  const text = jobText({
    job: { trackingId: "vrf_2", hostUsername: "bo", status: "processing", createdAt: "x", stage: "fetching" },
    pdfKept: true,
    deliveries: [],
  }).join("\n");
  expect(text).toContain("  stage        fetching\n");
  expect(text).toContain("(the event is sent when the job ends)");
  expect(text).not.toContain("completed");
});
