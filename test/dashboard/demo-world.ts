/**
 * The demo's world for report tests: the GitHub simulator with the four sample candidates (honest,
 * painter, copier, mixed), a real app analysing against it, and one verification of each candidate's
 * demo resume submitted through the API under a client of its own, waited for until final.
 */
import type { AppOptions } from "../../src/app.ts";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";

export const DEMO_LOGINS = ["alice-honest", "mallory-painter", "carl-copier", "maya-mixed"] as const;
export type DemoLogin = (typeof DEMO_LOGINS)[number];

/** The client the demo verifications belong to: its name must never appear on a share page. */
export const AGENCY = "northwind-staffing";

export interface DemoWorld {
  sim: GitHubSimulator;
  t: RunningTestApp;
  /** the agency client's API key */
  key: string;
  /** trackingId of each candidate's verification */
  jobs: Record<DemoLogin, string>;
  /** the candidates' resume PDFs, as the demo sends them */
  pdfs: Record<DemoLogin, Uint8Array>;
  stop(): Promise<void>;
}

export async function startDemoWorld(opts: AppOptions & { env?: Record<string, string> } = {}): Promise<DemoWorld> {
  const candidates = sampleCandidates();
  const sim = await startGitHubSimulator({ candidates });
  let t: RunningTestApp | null = null;
  try {
    t = await startTestApp({
      ...opts,
      env: { GITHUB_API_URL: sim.url, GITHUB_TOKEN: "sim-token", ...opts.env },
    });
    const app = t;
    await app.app.accounts.addClient(AGENCY);
    const { key } = await app.app.accounts.createKey("ats", AGENCY);
    const jobs = {} as Record<DemoLogin, string>;
    const pdfs = {} as Record<DemoLogin, Uint8Array>;
    for (const login of DEMO_LOGINS) {
      const c = candidates.find((x) => x.login === login)!;
      pdfs[login] = new Uint8Array(await sampleResumePdf(resumeOf(c)));
      const res = await submit(app.url, key, { resume: pdfs[login], hostUsername: login, filename: `${login}.pdf` });
      if (res.status !== 202) throw new Error(`submitting ${login}: ${res.status} ${await res.text()}`);
      jobs[login] = ((await res.json()) as { trackingId: string }).trackingId;
    }
    await pollUntil(
      async () =>
        (await Promise.all(DEMO_LOGINS.map((l) => app.app.verifications.get(jobs[l])))).every(
          (v) => v?.status === "COMPLETED",
        ),
      "the four demo verifications",
      120_000,
      50,
    );
    return {
      sim,
      t: app,
      key,
      jobs,
      pdfs,
      async stop() {
        await app.stop();
        await sim.stop();
      },
    };
  } catch (err) {
    await t?.stop();
    await sim.stop();
    throw err;
  }
}
