import { expect, test } from "bun:test";
import { ManualClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/log.ts";
import { MaintenanceLoop } from "../../src/maintenance/maintenance-loop.ts";

function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: createLogger("info", {}, (l) => lines.push(JSON.parse(l))) };
}

test("start runs a round at once with the clock's now; a failing task is logged and the others still run", async () => {
  const clock = new ManualClock(Date.parse("2026-06-01T00:00:00Z"));
  const { lines, logger } = recordingLogger();
  const seen: number[] = [];
  let roundDone!: () => void;
  const firstRound = new Promise<void>((r) => {
    roundDone = r;
  });
  const loop = new MaintenanceLoop({
    clock,
    logger,
    everyMs: 3_600_000,
    tasks: [
      {
        name: "broken",
        run: async () => {
          throw new Error("disk I/O error");
        },
      },
      {
        name: "resumes",
        run: async (now) => {
          seen.push(now);
          roundDone();
          return { deleted: 2 };
        },
      },
    ],
  });
  loop.start();
  await firstRound; // the first round does not wait for the interval (an hour)
  await loop.stop();
  expect(seen).toEqual([Date.parse("2026-06-01T00:00:00Z")]);
  expect(lines).toContainEqual(
    expect.objectContaining({ msg: "retention purge failed", task: "broken", error: "disk I/O error" }),
  );
  expect(lines).toContainEqual(expect.objectContaining({ msg: "retention purge", task: "resumes", deleted: 2 }));
  clock.advance(1000);
  expect(await loop.runOnce()).toEqual({ resumes: { deleted: 2 } });
  expect(seen).toHaveLength(2);
});

test("rounds that delete nothing stay out of the log", async () => {
  const { lines, logger } = recordingLogger();
  const loop = new MaintenanceLoop({
    clock: new ManualClock(),
    logger,
    tasks: [{ name: "quiet", run: async () => ({ n: 0 }) }],
  });
  expect(await loop.runOnce()).toEqual({ quiet: { n: 0 } });
  expect(lines).toEqual([]);
});
