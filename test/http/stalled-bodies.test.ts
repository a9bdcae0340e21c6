import { afterEach, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fixedSteps, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";
import { type RawRequest, rawRequest, uploadHead } from "../support/raw-request.ts";

/**
 * With real sockets: bodies that stop arriving hold neither memory nor the budget.
 * Uploads stream to disk, every body reader holds a share of one global budget (503 + Retry-After past
 * it), and a body that sends nothing for BODY_TIMEOUT is abandoned.
 */

const MiB = 1024 * 1024;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function app(env: Record<string, string>): Promise<RunningTestApp> {
  const t = await startTestApp({ steps: fixedSteps(), env: { DEFAULT_RATE_LIMIT: "0", ...env } });
  cleanups.push(() => t.stop());
  return t;
}

function rssMiB(): number {
  Bun.gc(true);
  return process.memoryUsage().rss / MiB;
}

/** A raw request that sends `head` and `body`, then stops sending; closed after the test. */
async function stalledRequest(url: string, head: string, body: Uint8Array): Promise<RawRequest> {
  const r = await rawRequest(url, head, body);
  cleanups.push(() => r.end());
  return r;
}

/** The start of a multipart upload: the username, then `fileBytes` of a PDF whose end never comes. */
const partialUploads = new Map<number, Uint8Array>();
function partialUpload(fileBytes: number): Uint8Array {
  const pre =
    '--stall\r\nContent-Disposition: form-data; name="hostUsername"\r\n\r\noctocat\r\n' +
    '--stall\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';
  // one buffer shared by every socket
  if (!partialUploads.has(fileBytes))
    partialUploads.set(fileBytes, Buffer.concat([Buffer.from(pre), Buffer.alloc(fileBytes, 0x41)]));
  return partialUploads.get(fileBytes)!;
}

const stagedFiles = (t: RunningTestApp) =>
  readdirSync(join(t.dataDir, "resumes")).filter((f) => f.startsWith(".upload-"));
const stagedBytes = (t: RunningTestApp) =>
  stagedFiles(t).reduce((n, f) => n + statSync(join(t.dataDir, "resumes", f)).size, 0);

test("40 stalled 10 MB uploads (2 MB sent each) go to disk, not memory, and time out; the server then works", async () => {
  const t = await app({ BODY_TIMEOUT: "1500ms" });
  expect(
    (await submit(t.url, t.key, { resume: Buffer.from("%PDF-1.4 warm up"), hostUsername: "octocat" })).status,
  ).toBe(202);
  const n = 40;
  const sent = 2 * MiB;
  partialUpload(sent);
  const before = rssMiB();
  const sockets = await Promise.all(
    Array.from({ length: n }, () => stalledRequest(t.url, uploadHead(t.url, t.key, 10 * MiB), partialUpload(sent))),
  );
  // the server takes every byte sent (onto disk) and its memory settles near where it was: polled with a
  // deadline, since freed chunks go back to the system a little after the garbage collector ran
  let peak = 0;
  let growth = 0;
  try {
    await pollUntil(
      () => {
        growth = rssMiB() - before;
        peak = Math.max(peak, growth);
        return stagedBytes(t) >= n * (sent - 100) && growth < 24;
      },
      "the stalled uploads to be on disk with memory settled",
      8_000,
    );
  } finally {
    console.log(
      `${n} stalled uploads, ${sent / MiB} MiB sent each: RSS growth peak ${peak.toFixed(1)} MiB, settled ${growth.toFixed(1)} MiB; on disk ${(stagedBytes(t) / MiB).toFixed(1)} MiB`,
    );
  }
  expect(growth).toBeLessThan(24); // held in memory, 80 MiB would be
  expect(stagedFiles(t).length).toBe(n);

  // the bodies stop arriving: each request is answered 408 (or its connection closed) and its file removed
  await pollUntil(() => sockets.every((s) => s.status() === 408 || s.closed), "every stalled upload to time out");
  expect(sockets.filter((s) => s.status() === 408).length).toBeGreaterThan(0);
  for (const s of sockets.filter((x) => x.status() === 408)) expect(s.received).toContain('"error":"request_timeout"');
  await pollUntil(() => stagedFiles(t).length === 0, "the staged uploads to be removed");
  expect((await submit(t.url, t.key, { resume: Buffer.from("%PDF-1.4 after"), hostUsername: "octocat" })).status).toBe(
    202,
  );
}, 120_000);

/** `n` more clients with one key each. */
async function clientKeys(t: RunningTestApp, n: number, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    await t.app.accounts.addClient(`${prefix}${i}`, { rateLimitPerMinute: 0 });
    keys.push((await t.app.accounts.createKey("k", `${prefix}${i}`)).key);
  }
  return keys;
}

test("past the global body budget, new uploads get 503 server_busy with Retry-After at once", async () => {
  const t = await app({ BODY_BUDGET_MB: "1", BODY_TIMEOUT: "2s" }); // 1 MiB: four uploads' shares
  const keys = await clientKeys(t, 10, "tenant");
  const sockets = await Promise.all(
    keys.map((key) => stalledRequest(t.url, uploadHead(t.url, key, 10 * MiB), partialUpload(1024))),
  );
  await pollUntil(() => sockets.filter((s) => s.status() === 503).length >= 6, "six refusals", 8_000);
  const refused = sockets.filter((s) => s.status() === 503);
  expect(refused.length).toBe(6);
  for (const s of refused) {
    expect(s.received).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(s.received).toContain('"error":"server_busy"');
  }
  expect(stagedFiles(t).length).toBe(4);
}, 120_000);

test("one client cannot hold the whole body budget: past its quarter it gets 503, another client's uploads go on", async () => {
  const t = await app({ BODY_BUDGET_MB: "2", BODY_TIMEOUT: "10s" }); // 2 MiB: eight uploads, two per client
  const [greedy, other] = await clientKeys(t, 2, "share");
  const many = await Promise.all(
    Array.from({ length: 8 }, () => stalledRequest(t.url, uploadHead(t.url, greedy!, 10 * MiB), partialUpload(1024))),
  );
  await pollUntil(() => many.filter((s) => s.status() === 503).length >= 6, "six refusals", 8_000);
  expect(many.filter((s) => s.status() === 503).length).toBe(6);
  for (const s of many.filter((x) => x.status() === 503)) {
    expect(s.received).toContain('"error":"server_busy"');
    expect(s.received).toContain("its share");
    expect(s.received).toMatch(/\r\nretry-after: \d+\r\n/i);
  }
  await pollUntil(() => stagedFiles(t).length === 2, "the greedy client's two admitted uploads to be staged", 8_000);
  // the other client is admitted beside it, as many as its own share
  const others = await Promise.all(
    Array.from({ length: 2 }, () => stalledRequest(t.url, uploadHead(t.url, other!, 10 * MiB), partialUpload(1024))),
  );
  await pollUntil(() => stagedFiles(t).length === 4, "the other client's uploads to be staged", 8_000);
  expect(others.map((s) => s.status())).toEqual([0, 0]);
}, 120_000);

test("100 anonymous stalled 1 MB dashboard posts are refused unread (413); small ones beyond the address's share get 503", async () => {
  const t = await app({ BODY_BUDGET_MB: "1", BODY_TIMEOUT: "1500ms" });
  const head = (length: number) =>
    [
      "POST /dashboard/login HTTP/1.1",
      `Host: ${new URL(t.url).host}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${length}`,
      "",
      "",
    ].join("\r\n");
  const big = Buffer.alloc(MiB - 1024, 0x61);
  const before = rssMiB();
  const large = await Promise.all(Array.from({ length: 100 }, () => stalledRequest(t.url, head(MiB), big)));
  let growth = 0;
  try {
    await pollUntil(() => large.every((s) => s.status() === 413), "100 refusals", 8_000);
  } finally {
    growth = rssMiB() - before;
    console.log(`RSS growth with 100 stalled 1 MiB dashboard posts: ${growth.toFixed(1)} MiB`);
  }
  expect(growth).toBeLessThan(40);

  // a login form's size, 12 KiB declared, 6 KiB sent: one address holds at most a quarter of the 1 MiB
  // budget, 21 of them; the rest wait outside
  const small = Buffer.alloc(6 * 1024, 0x61);
  const stalled = await Promise.all(Array.from({ length: 120 }, () => stalledRequest(t.url, head(12 * 1024), small)));
  await pollUntil(() => stalled.filter((s) => s.status() === 503).length >= 99, "99 refusals", 8_000);
  const busy = stalled.filter((s) => s.status() === 503);
  expect(busy.length).toBe(99);
  for (const s of busy) expect(s.received).toMatch(/\r\nretry-after: \d+\r\n/i);
  // the admitted ones time out (408), and then the budget is whole again
  await pollUntil(() => stalled.every((s) => s.status() !== 0 || s.closed), "the admitted posts to time out", 8_000);
  expect(stalled.filter((s) => s.status() === 408 || (s.status() === 0 && s.closed)).length).toBe(21);
  const page = await fetch(`${t.url}/dashboard/login`);
  expect(page.status).toBe(200);
}, 120_000);

test("an anonymous login post trickled a byte at a time is cut off after BODY_TIMEOUT all the same", async () => {
  const t = await app({ BODY_TIMEOUT: "1s" });
  const head = [
    "POST /dashboard/login HTTP/1.1",
    `Host: ${new URL(t.url).host}`,
    "Content-Type: application/x-www-form-urlencoded",
    "Content-Length: 4000",
    "",
    "",
  ].join("\r\n");
  const s = await stalledRequest(t.url, head, Buffer.from("a"));
  // the attacker: one byte every 200 ms, never idle long enough for the idle timeout alone
  const trickle = setInterval(() => s.send(Buffer.from("a")), 200);
  cleanups.push(() => clearInterval(trickle));
  // the trickle never ends by itself: only BODY_TIMEOUT (the answer names it) cuts the post off
  await pollUntil(() => s.status() !== 0 || s.closed, "the trickled post to be cut off", 60_000);
  expect(s.status()).toBe(408);
  expect(s.received).toContain("did not arrive within 1 s");
}, 120_000);
