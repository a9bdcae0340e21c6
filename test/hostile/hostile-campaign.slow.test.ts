/**
 * The malformed-PDF campaign in its short form (the full form: `bun test/hostile/campaign.ts --count N`):
 * every structural and label attack plus a few random mutants against one real service process.
 */
import { describe, expect, test } from "bun:test";
import { runHostileCampaign } from "./hostile-campaign.ts";

describe("hostile PDF campaign (short form)", () => {
  test("every file is refused with the API's error or ends FAILED with a reason; memory bounded; the service keeps serving", async () => {
    const r = await runHostileCampaign({ count: 12, seed: 20260101, saveDepth: 20_000 });
    expect(r.problems).toEqual([]);
    expect(r.survived).toBe(true);
    expect(r.afterwards).toBe("COMPLETED");
    expect(r.outcomes.length).toBeGreaterThan(35);
    // the service process holds at most one upload and one result at a time: it stays small
    expect(r.rss.peakKb).toBeLessThan(400 * 1024);
    // the PDF reader child is killed by its watchdog past 768 MB; sampling may see a little more
    expect(r.rss.peakChildrenKb).toBeLessThan(1024 * 1024);
  }, 120_000);
});
