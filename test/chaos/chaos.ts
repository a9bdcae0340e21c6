#!/usr/bin/env bun
import { machine } from "../bench/bench-util.ts";
import { postgresBinDir } from "../support/postgres.ts";
/**
 * `bun run chaos`: the service under SIGKILL, failing receivers, a misbehaving GitHub, misbehaving GitLab
 * and Gitea hosts, and a full disk,
 * each phase ending with checks that nothing was lost, nothing finished twice, every result was
 * delivered with a valid signature and the database is intact. Exits 1 when a check fails.
 *
 *   bun run chaos [--kills N] [--receiver-kills N] [--fetch-kills N] [--replica-kills N]
 *                 [--only kills,receivers,fetch-kills,github,forges,disk,replicas,replica-receivers] [--seed S]
 *                 [--binary] [--quick]
 *
 * Defaults: 50 kills under the healthy receiver, 10 under the failing one, 10 while one candidate's
 * GitHub evidence is being fetched (then one such fetch left to its JOB_DEADLINE), every GitHub fault, every
 * GitLab and Gitea fault (on both at once, with candidates on each and one on GitHub and GitLab), the
 * disk phase (root only: it mounts a small tmpfs), 30 kills across three replicas on one PostgreSQL
 * database (a throwaway server from Debian's postgresql package), and 10 of them with the failing
 * receiver (retries cross replicas; the attempt log is checked against the schedule). --quick is the short form CI runs inside bun test.
 * --binary runs dist/claimcheck instead of `bun src/main.ts` (build it first: bun run build).
 */
import { type PhaseReport, printPhase } from "./chaos-checks.ts";
import { runDiskCampaign } from "./disk-campaign.ts";
import { runFetchKillCampaign } from "./fetch-kill-campaign.ts";
import { runGitHubCampaign } from "./github-campaign.ts";
import { runKillCampaign, runReceiverCampaign } from "./kill-campaign.ts";
import { runReplicaCampaign } from "./replica-campaign.ts";

const argv = process.argv.slice(2);
const value = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = argv.includes("--quick");
const kills = Number(value("kills") ?? (quick ? 5 : 50));
const receiverKills = Number(value("receiver-kills") ?? (quick ? 2 : 10));
const fetchKills = Number(value("fetch-kills") ?? (quick ? 3 : 10));
const replicaKills = Number(value("replica-kills") ?? (quick ? 5 : 30));
const only = (value("only") ?? "kills,receivers,fetch-kills,github,forges,disk,replicas,replica-receivers").split(",");
const seed = value("seed") === undefined ? undefined : Number(value("seed"));
const command = argv.includes("--binary") ? ("binary" as const) : ("source" as const);
const log = (s: string) => console.log(`   ${new Date().toISOString().slice(11, 19)} ${s}`);

console.log(
  `chaos: ${only.join(", ")} — ${machine()} — service: ${command === "binary" ? "dist/claimcheck" : "bun src/main.ts serve"}`,
);
const phases: Array<[string, () => Promise<PhaseReport>]> = [
  ["kills", () => runKillCampaign({ kills, seed, command, log })],
  ["receivers", () => runReceiverCampaign({ kills: receiverKills, seed, command, log })],
  ["fetch-kills", () => runFetchKillCampaign({ kills: fetchKills, seed, command, log })],
  [
    "github",
    () =>
      runGitHubCampaign({
        command,
        log,
        ...(quick ? { burst: 6, resetInMs: 2_000, slowMs: 150, faults: ["5xx", "403", "secondary", "slow"] } : {}),
      }),
  ],
  [
    "forges",
    () =>
      runGitHubCampaign({
        on: "forges",
        command,
        log,
        ...(quick
          ? { burst: 6, resetInMs: 2_000, slowMs: 150, faults: ["5xx", "429", "secondary", "slow", "reset"] }
          : {}),
      }),
  ],
  ["disk", () => runDiskCampaign({ command, log, ...(quick ? { fullMs: 1_500 } : {}) })],
  [
    "replicas",
    async () =>
      postgresBinDir()
        ? runReplicaCampaign({ kills: replicaKills, seed, command, log })
        : { phase: "replicas", seconds: 0, figures: {}, checks: [], skipped: "PostgreSQL is not installed" },
  ],
  [
    "replica-receivers",
    async () =>
      postgresBinDir()
        ? runReplicaCampaign({ kills: receiverKills, seed, command, log, receiver: "failing" })
        : { phase: "replica-receivers", seconds: 0, figures: {}, checks: [], skipped: "PostgreSQL is not installed" },
  ],
];
let ok = true;
for (const [name, run] of phases) {
  if (!only.includes(name)) continue;
  try {
    ok = printPhase(await run()) && ok;
  } catch (err) {
    ok = false;
    console.log(`\n== chaos: ${name} CRASHED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
console.log(ok ? "\nchaos: every check passed" : "\nchaos: FAILED checks above");
process.exit(ok ? 0 : 1);
