import { expect, test } from "bun:test";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { ManualClock, systemClock } from "../../src/lib/clock.ts";
import { GitHubWatch, type StageDetail } from "../../src/verification/github-watch.ts";

test("a failed request shows what is wrong and until when; an answer clears it and stops the give-up", async () => {
  const clock = new ManualClock(Date.parse("2026-01-01T00:00:00Z"));
  const seen: Array<StageDetail | null> = [];
  const watch = new GitHubWatch({ clock, giveUpMs: 120_000, onDetail: (d) => seen.push(d) });
  watch.report({ ok: true });
  expect(seen).toEqual([]); // answers while nothing is wrong say nothing
  watch.report({ ok: false, problem: "ECONNREFUSED: Unable to connect" });
  expect(watch.troubled).toBe(true);
  expect(seen.at(-1)).toEqual({
    message:
      "GitHub cannot be reached since 2026-01-01T00:00:00.000Z (ECONNREFUSED: Unable to connect); retrying until 2026-01-01T00:02:00.000Z, then the verification fails with github_unavailable",
    giveUpAt: Date.parse("2026-01-01T00:02:00Z"),
  });
  clock.advance(20_000);
  watch.report({ ok: false, problem: "ECONNREFUSED: Unable to connect" });
  expect(seen).toHaveLength(1); // the same problem again changes nothing, the window still counts from the first
  watch.report({ ok: false, problem: "GitHub answered 502" });
  expect(seen.at(-1)?.message).toContain("since 2026-01-01T00:00:00.000Z (GitHub answered 502)");
  watch.report({ ok: true });
  expect(seen.at(-1)).toBeNull();
  expect(watch.troubled).toBe(false);
  watch.close();
  expect(watch.signal.aborted).toBe(false);
});

test("GitHub silent for the whole window: the watch's signal aborts with github_unavailable", async () => {
  const watch = new GitHubWatch({ clock: systemClock, giveUpMs: 30, onDetail: () => {} });
  watch.report({ ok: false, problem: "GitHub did not answer within 20000 ms" });
  const reason = await new Promise((resolve) =>
    watch.signal.addEventListener("abort", () => resolve(watch.signal.reason)),
  );
  expect(reason).toBeInstanceOf(PermanentJobError);
  expect((reason as PermanentJobError).code).toBe("github_unavailable");
  expect((reason as PermanentJobError).message).toContain("GitHub did not answer within 20000 ms");
  // late reports change nothing once given up
  watch.report({ ok: true });
  expect(watch.signal.aborted).toBe(true);
});
