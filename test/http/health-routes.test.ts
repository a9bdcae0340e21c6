import { expect, test } from "bun:test";
import { type HealthProbe, healthRoutes, MIN_FREE_DISK_BYTES } from "../../src/http/routes/health-routes.ts";

const probe = (over: Partial<HealthProbe>): HealthProbe => ({
  checkDatabase: async () => {},
  freeDiskBytes: () => 10 * MIN_FREE_DISK_BYTES,
  workerLoopAgeMs: () => 100,
  metrics: async () => "",
  ...over,
});
const ready = async (p: HealthProbe) => {
  const res = await healthRoutes(p).handle(new Request("http://localhost/readyz"));
  return { status: res.status, body: (await res.json()) as { status: string; problems?: string[] } };
};

test("ready when the database takes writes, the disk has room and the worker loop turns", async () => {
  expect(await ready(probe({}))).toEqual({ status: 200, body: { status: "ready" } });
  expect((await ready(probe({ freeDiskBytes: () => null }))).status).toBe(200); // unknown is not a failure
});

test.each([
  [
    "database",
    {
      checkDatabase: async () => {
        throw new Error("database or disk is full");
      },
    },
    "database not writable",
  ],
  ["disk", { freeDiskBytes: () => MIN_FREE_DISK_BYTES - 1 }, "disk almost full"],
  ["stalled worker", { workerLoopAgeMs: () => 60_000 }, "worker loop stalled"],
  ["stopped worker", { workerLoopAgeMs: () => Infinity }, "worker loop not running"],
] as Array<[string, Partial<HealthProbe>, string]>)("not ready: %s", async (_name, over, problem) => {
  const r = await ready(probe(over));
  expect(r.status).toBe(503);
  expect(r.body.problems!.join(" ")).toContain(problem);
});
