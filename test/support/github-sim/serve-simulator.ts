/**
 * Run the GitHub simulator as its own process with the sample candidates, for smoke tests and manual
 * trials: prints `listening on URL` and serves until SIGTERM. Tokens accepted: any given in SIM_TOKENS
 * (comma-separated); anonymous requests get GitHub's 60/h.
 */
import { startGitHubSimulator } from "./github-simulator.ts";
import { sampleCandidates } from "./scenarios/index.ts";

const tokens = (process.env.SIM_TOKENS ?? "").split(",").filter(Boolean);
const sim = await startGitHubSimulator({ candidates: sampleCandidates(), tokens });
process.stdout.write(`listening on ${sim.url}\n`);
const stop = () => sim.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
