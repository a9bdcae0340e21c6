/**
 * The kill campaign's lost work, reproduced deterministically with the real service: SIGKILL while a
 * candidate's GitHub evidence is being fetched (its first search call held unanswered by the simulator), restart
 * on the same DATA_DIR. The job in flight completes after the restart, and the candidate's next jobs
 * complete too without another search call: the verdicts are remembered in the process, so verifications
 * of that candidate no longer queue one after another behind GitHub's 2-seconds-apart search calls, which
 * is what held every worker slot while the queue grew.
 */
import { afterEach, expect, test } from "bun:test";
import { settle } from "../chaos/chaos-checks.ts";
import { type ChaosWorld, createChaosWorld } from "../chaos/chaos-world.ts";
import { SubmissionStream } from "../chaos/submission-stream.ts";
import { pollUntil } from "../support/harness.ts";

let world: ChaosWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const answered = (w: ChaosWorld) => w.sim.calls("/search/").filter((c) => c.status !== 0).length;

test("killed mid-fetch, restarted: the job in flight and the candidate's next jobs complete, searching no more", async () => {
  world = await createChaosWorld({ env: { JOB_DEADLINE: "30s" } });
  const w = world;
  await w.start();
  const maya = w.candidates.find((c) => c.login === "maya-mixed")!;
  const stream = SubmissionStream.of(w, { everyMs: 60_000, prefix: "restart-mid-fetch", candidates: [maya] });
  const idsOf = () => [...stream.acks.values()].map((a) => a.trackingId);

  // the moment: the candidate's evidence is being fetched, its first search call sent and not answered
  w.sim.injectFaults({ kind: "hang", match: "/search/", count: 1 });
  await stream.launch();
  await pollUntil(() => w.sim.calls("/search/").length === 1, "the search call to be sent", 30_000);
  await w.kill();
  await w.start();

  const [inFlight] = idsOf();
  const first = await settle(w, [inFlight!], 60_000, { delivered: false });
  expect(first.verifications.get(inFlight!)).toMatchObject({ status: "COMPLETED" });
  const score = first.verifications.get(inFlight!)!.score;
  const searched = answered(w);
  expect(searched).toBeGreaterThan(0); // after the restart the job searched again, and was answered

  // the next jobs for that candidate: no search (the verdicts are remembered), all complete, same score
  await Promise.all([stream.launch(), stream.launch(), stream.launch()]);
  const ledger = await settle(w, idsOf(), 60_000, { delivered: false });
  for (const id of idsOf()) expect(ledger.verifications.get(id)).toMatchObject({ status: "COMPLETED", score });
  expect(answered(w)).toBe(searched);
}, 120_000);
