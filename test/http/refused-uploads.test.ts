import { afterEach, expect, test } from "bun:test";
import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";
import { fixedSteps, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";

/**
 * Quota and rate limit are decided before anything touches the disk. Measured with
 * the kernel's count of bytes this process wrote (/proc/self/io wchar: files, not sockets) and a watch
 * on the resumes directory, which sees even a file created and deleted again.
 */

const MiB = 1024 * 1024;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function bytesWritten(): Promise<number> {
  const io = await Bun.file("/proc/self/io").text();
  return Number(/^wchar: (\d+)$/m.exec(io)![1]);
}

function watchResumes(t: RunningTestApp): { events: string[] } {
  const events: string[] = [];
  const w: FSWatcher = watch(join(t.dataDir, "resumes"), (kind, name) => events.push(`${kind} ${name}`));
  cleanups.push(() => w.close());
  return { events };
}

const bigPdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2 * MiB, 0x41)]);

async function settle(t: RunningTestApp, trackingId: string) {
  await pollUntil(async () => {
    const r = await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${t.key}` } });
    return ((await r.json()) as { status: string }).status === "COMPLETED";
  }, "the accepted job to finish");
}

async function run(env: Record<string, string>) {
  const t = await startTestApp({ steps: fixedSteps(), env });
  cleanups.push(() => t.stop());
  const first = await submit(t.url, t.key, { resume: bigPdf, hostUsername: "octocat" });
  expect(first.status).toBe(202);
  await settle(t, ((await first.json()) as { trackingId: string }).trackingId);
  return t;
}

async function refusedTwenty(t: RunningTestApp) {
  const watcher = watchResumes(t);
  const before = await bytesWritten();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => submit(t.url, t.key, { resume: bigPdf, hostUsername: `user${i}` })),
  );
  const written = (await bytesWritten()) - before;
  console.log(`20 refused 2 MiB uploads: ${written} bytes written, ${watcher.events.length} changes in resumes/`);
  for (const res of answers) {
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: string; retryAfter: number };
    expect(body.error).toBe("quota_exceeded");
    expect(Number(res.headers.get("retry-after"))).toBe(body.retryAfter);
  }
  expect(written).toBeLessThan(64 * 1024); // a refused upload stored would be 2 MiB each
  expect(watcher.events).toEqual([]);
}

test("past the rate limit: 20 refused uploads write nothing", async () => {
  await refusedTwenty(await run({ DEFAULT_RATE_LIMIT: "1" }));
});

test("past the monthly quota: 20 refused uploads write nothing", async () => {
  await refusedTwenty(await run({ DEFAULT_MONTHLY_QUOTA: "1", DEFAULT_RATE_LIMIT: "0" }));
});

test("20 concurrent uploads against a rate limit of 5: exactly 5 accepted, and only their files written", async () => {
  const t = await startTestApp({ steps: fixedSteps(), env: { DEFAULT_RATE_LIMIT: "5" } });
  cleanups.push(() => t.stop());
  const watcher = watchResumes(t);
  const before = await bytesWritten();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => submit(t.url, t.key, { resume: bigPdf, hostUsername: `user${i}` })),
  );
  const written = (await bytesWritten()) - before;
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 202).length).toBe(5);
  expect(statuses.filter((s) => s === 429).length).toBe(15);
  console.log(`20 concurrent uploads, 5 accepted: ${(written / MiB).toFixed(1)} MiB written`);
  // five PDFs and their database rows; fifteen more PDFs would add 30 MiB
  expect(written).toBeLessThan(5 * bigPdf.length + 4 * MiB);
  const created = new Set(watcher.events.map((e) => e.split(" ")[1]).filter((n) => n?.endsWith(".pdf")));
  expect(created.size).toBe(5);
});
