import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type App, type AppOptions, createApp } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config/config.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { VerificationResult } from "../../src/verification/result.ts";
import type { VerificationSteps } from "../../src/verification/verification-job.ts";

/** A temp directory removed by the returned cleanup. */
export function tempDir(prefix = "claimcheck-test-"): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Config for tests: port 0 on loopback, a fresh DATA_DIR, quiet logs; `env` overrides. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Readonly<Config> {
  // the package registries are outside hosts: a test that wants them passes their simulators' URLs
  return loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NPM_REGISTRY_URL: "",
    PYPI_URL: "",
    ...env,
  });
}

/** Poll `fn` until it returns a truthy value or the deadline passes (then throw with `what`). */
export async function pollUntil<T>(
  fn: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
  everyMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}

/** Steps that answer at once with a fixed analysis (for tests of the service, not of the analysis). */
export function fixedSteps(score = 77): VerificationSteps {
  return {
    async extract() {
      return {
        candidateName: "Test Candidate",
        githubProfiles: [],
        repoLinksOutsideProjects: [],
        projects: [],
        hiddenText: [],
        pages: 1,
        warnings: [],
      };
    },
    async analyze({ hostUsername, accounts = [] }) {
      return {
        confidenceScore: score,
        verifiedProjects: [
          ...(hostUsername
            ? [
                {
                  name: "tool",
                  repoUrl: `github.com/${hostUsername}/tool`,
                  commits: 12,
                  matchStrength: "HIGH" as const,
                },
              ]
            : []),
          ...accounts.map((a) => ({
            name: "tool",
            repoUrl: `${a.host}/${a.username}/tool`,
            commits: 12,
            matchStrength: "HIGH" as const,
          })),
        ],
        flags: [],
      };
    },
  };
}

export interface RunningTestApp {
  app: App;
  url: string;
  dataDir: string;
  key: string;
  stop(): Promise<void>;
}

/** A real server on loopback port 0 over a fresh SQLite file, with one API key for the default client. */
export async function startTestApp(opts: AppOptions & { env?: Record<string, string> } = {}): Promise<RunningTestApp> {
  const tmp = tempDir();
  const app = await createApp(testConfig(tmp.dir, opts.env), { logger: silentLogger, ...opts });
  const url = await app.start();
  const { key } = await app.accounts.createKey("test");
  return {
    app,
    url,
    dataDir: tmp.dir,
    key,
    async stop() {
      await app.stop();
      tmp.cleanup();
    },
  };
}

/** A small valid PDF (made with pdf-lib) whose text is `lines`. */
export async function makePdf(lines: string[] = ["Jane Doe", "Projects", "tool - a CLI"]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, l] of lines.entries()) page.drawText(l, { x: 50, y: 740 - i * 18, size: 12, font });
  return doc.save();
}

/** POST /v1/verify with a multipart body. */
export function submit(
  url: string,
  key: string | null,
  parts: { resume?: Uint8Array | string; filename?: string; hostUsername?: string; accounts?: string[] },
  headers: Record<string, string> = {},
): Promise<Response> {
  const fd = new FormData();
  // text fields before the file, as a browser sends a form whose file input is last
  if (parts.hostUsername !== undefined) fd.set("hostUsername", parts.hostUsername);
  for (const a of parts.accounts ?? []) fd.append("accounts", a);
  if (parts.resume !== undefined)
    fd.set("resume", new Blob([parts.resume as BlobPart], { type: "application/pdf" }), parts.filename ?? "resume.pdf");
  return fetch(`${url}/v1/verify`, {
    method: "POST",
    body: fd,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

export const REPO_ROOT = join(import.meta.dir, "..", "..");

/** Submit a resume and poll its job until it is COMPLETED or FAILED. */
export async function verifyAndWait(
  url: string,
  key: string,
  parts: { resume: Uint8Array; hostUsername: string },
): Promise<VerificationResult> {
  const res = await submit(url, key, parts);
  if (res.status !== 202) throw new Error(`POST /v1/verify answered ${res.status}: ${await res.text()}`);
  const { trackingId } = (await res.json()) as { trackingId: string };
  return pollUntil(
    async () => {
      const j = (await (
        await fetch(`${url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as VerificationResult;
      return j.status === "COMPLETED" || j.status === "FAILED" ? j : null;
    },
    `verification ${trackingId}`,
    60_000,
    50,
  );
}
