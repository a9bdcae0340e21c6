import { afterEach, expect, test } from "bun:test";
import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../src/lib/ids.ts";
import { ResumeFiles } from "../../src/verification/resume-files.ts";
import { fixedSteps, makePdf, type RunningTestApp, startTestApp, submit, tempDir } from "../support/harness.ts";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

test("write, read back byte for byte, remove; refuses names that are not tracking ids", async () => {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const files = new ResumeFiles(join(tmp.dir, "resumes"));
  const id = newId("vrf");
  const bytes = new Uint8Array([37, 80, 68, 70, 45, 1, 2, 3]);
  await files.writeDurable(id, bytes);
  expect(await files.read(id)).toEqual(bytes);
  await expect(files.writeDurable(id, bytes)).rejects.toThrow(); // never overwrites
  await files.remove(id);
  expect(await files.read(id)).toBeNull();
  await files.remove(id); // idempotent
  await expect(files.writeDurable("../../etc/passwd", bytes)).rejects.toThrow("not a tracking id");
});

test("the orphan sweep deletes old unclaimed files only", async () => {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const dir = join(tmp.dir, "resumes");
  const files = new ResumeFiles(dir);
  const [kept, orphan, young] = [newId("vrf"), newId("vrf"), newId("vrf")];
  for (const id of [kept, orphan, young]) await files.writeDurable(id, new Uint8Array([1]));
  writeFileSync(join(dir, "README.txt"), "not ours");
  const old = new Date(Date.now() - 2 * 3_600_000);
  for (const id of [kept, orphan]) utimesSync(join(dir, `${id}.pdf`), old, old);
  expect(await files.sweepOrphans(Date.now() - 3_600_000, (id) => id === kept)).toBe(1);
  expect(readdirSync(dir).sort()).toEqual(["README.txt", `${kept}.pdf`, `${young}.pdf`].sort());
});

test("a refused or replayed submission leaves no PDF behind", async () => {
  const t: RunningTestApp = await startTestApp({ steps: fixedSteps() });
  cleanups.push(() => t.stop());
  const pdf = await makePdf();
  const dir = join(t.dataDir, "resumes");
  const first = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" }, { "idempotency-key": "k1" });
  expect(first.status).toBe(202);
  expect(readdirSync(dir)).toHaveLength(1);
  expect(
    (await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" }, { "idempotency-key": "k1" })).status,
  ).toBe(202);
  expect((await submit(t.url, t.key, { resume: pdf, hostUsername: "other" }, { "idempotency-key": "k1" })).status).toBe(
    422,
  );
  await t.app.accounts.addClient("tiny", { monthlyQuota: 1, rateLimitPerMinute: 0 });
  const tiny = (await t.app.accounts.createKey("k", "tiny")).key;
  expect((await submit(t.url, tiny, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
  expect((await submit(t.url, tiny, { resume: pdf, hostUsername: "octocat" })).status).toBe(429);
  expect(readdirSync(dir)).toHaveLength(2);
});
