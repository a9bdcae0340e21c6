/**
 * The chaos campaigns in their short form, so CI runs them (the full form: `bun run chaos`): real
 * service processes on loopback with temp DATA_DIRs, the GitHub simulator, a signed receiver. Each
 * phase's checks are the assertions; a failed one prints its detail.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";
import type { PhaseReport } from "./chaos-checks.ts";
import { diskCampaignUnavailable, runDiskCampaign } from "./disk-campaign.ts";
import { runFetchKillCampaign } from "./fetch-kill-campaign.ts";
import { runGitHubCampaign } from "./github-campaign.ts";
import { runKillCampaign, runReceiverCampaign } from "./kill-campaign.ts";
import { runReplicaCampaign } from "./replica-campaign.ts";

/** A campaign that cannot run here is skipped before it starts (reported as a skip, never as a pass). */
const diskUnavailable = diskCampaignUnavailable();
if (diskUnavailable) console.warn(`chaos disk campaign skipped: ${diskUnavailable}`);

function expectAllPass(r: PhaseReport): void {
  expect(r.skipped).toBeUndefined();
  const failed = r.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
  expect(failed).toEqual([]);
  expect(r.checks.length).toBeGreaterThan(5);
}

describe("chaos (short form)", () => {
  test("5 SIGKILLs under a steady stream: every acknowledged job final exactly once, every webhook delivered and signed", async () => {
    expectAllPass(await runKillCampaign({ kills: 5, upMs: [200, 900] }));
  }, 300_000); // a hang guard, not a speed target: 35-60 s on a loaded 2-core machine

  test("a receiver failing in every way while the service restarts: nothing lost, the schedule respected, refused deliveries end webhook_failed", async () => {
    expectAllPass(await runReceiverCampaign({ kills: 2, upMs: [300, 800] }));
  }, 300_000); // a hang guard, not a speed target (each campaign's own deadlines say what is late)

  test("SIGKILLs while one candidate's GitHub evidence is being fetched, then a fetch left to its deadline: every acknowledged job ends COMPLETED", async () => {
    expectAllPass(await runFetchKillCampaign({ kills: 3 }));
  }, 300_000); // a hang guard, not a speed target

  test("GitHub 5xx burst, spent rate limit, secondary limit, slow answers: jobs wait and complete with their calm scores", async () => {
    expectAllPass(
      await runGitHubCampaign({ burst: 6, resetInMs: 2_000, slowMs: 150, faults: ["5xx", "403", "secondary", "slow"] }),
    );
  }, 300_000); // a hang guard, not a speed target (each campaign's own deadlines say what is late)

  test("GitLab and Gitea at once: 5xx burst, spent budget, Retry-After, slow and cut-off answers: jobs on either host (and on GitHub and GitLab together) wait and complete with their calm scores", async () => {
    expectAllPass(
      await runGitHubCampaign({
        on: "forges",
        burst: 6,
        resetInMs: 2_000,
        slowMs: 150,
        faults: ["5xx", "429", "secondary", "slow", "reset"],
      }),
    );
  }, 300_000); // a hang guard, not a speed target (each campaign's own deadlines say what is late)

  test.skipIf(diskUnavailable !== null)(
    "a full disk: 503 storage_full, no hang, no corruption, recovery once space returns (root only)",
    async () => {
      expectAllPass(await runDiskCampaign({ fullMs: 1_500 }));
    },
    300_000, // a hang guard, not a speed target: about 50 s on a quiet 2-core machine, two minutes on a shared one
  );

  test.skipIf(!postgresBinDir())(
    "three replicas on one PostgreSQL database, 5 SIGKILLs of random replicas: every job final once, every webhook signed and delivered, no dead replica's lease outlives JOB_LEASE",
    async () => {
      expectAllPass(await runReplicaCampaign({ kills: 5, gapMs: [300, 900], downMs: [0, 800] }));
    },
    300_000, // a hang guard, not a speed target: over two minutes on a 2-core machine shared with other suites
  );
});
afterAll(() => stopSharedPostgres());
