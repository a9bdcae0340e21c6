/**
 * `bun run demo --keep`, the README's path for a new user without a GitHub token: the printed curl lines,
 * run in a shell as printed, submit a sample resume and poll it to a result; Ctrl-C stops everything and
 * removes the temporary files.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { pollUntil, REPO_ROOT } from "../support/harness.ts";

const proc = Bun.spawn([process.execPath, "test/demo/run-demo.ts", "--keep"], {
  cwd: REPO_ROOT,
  env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" },
  stdin: "ignore",
  stdout: "pipe",
  stderr: "pipe",
});
let out = "";
void (async () => {
  const dec = new TextDecoder();
  for await (const chunk of proc.stdout) out += dec.decode(chunk, { stream: true });
})();
afterAll(async () => {
  if (proc.exitCode === null) proc.kill("SIGTERM"); // the demo stops what it started and removes its files
  await proc.exited;
}, 30_000);

const sh = async (script: string) => {
  const p = Bun.spawn(["bash", "-c", script], { stdout: "pipe", stderr: "pipe" });
  const [stdout, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
  return { stdout, code };
};

test("demo --keep leaves a running service whose printed curl lines submit a sample and reach a result", async () => {
  await pollUntil(
    () => /Dashboard \(one-time link/.test(out) || proc.exitCode !== null,
    "the --keep instructions",
    120_000,
  );
  expect(out).toContain("6 of 6 results arrived by signed webhook; 0 FAILED.");
  // the GitLab and Codeberg candidates are submitted by host:username, and can be verified locally the same way
  expect(out).toMatch(/^ {2}curl -s .*-F hostUsername=gitlab\.com:lena-gitlab .*\/v1\/verify$/m);
  expect(out).toMatch(
    /^ {2}FORGE_HOSTS='gitlab\.com@http:\/\/127\.0\.0\.1:\d+=gitlab; .*' bun src\/main\.ts verify .* --account gitlab\.com:lena-gitlab$/m,
  );
  expect(out).toContain("Still running (--keep)");
  const exportLine = /^ {2}(export CLAIMCHECK_KEY=cck_\w+)$/m.exec(out)![1]!;
  const submitLine = /^ {2}(curl -s .*-F hostUsername=maya-mixed .*\/v1\/verify)$/m.exec(out)![1]!;
  const pollLine = /^ {2}(curl -si .*\/v1\/jobs\/)vrf_\.\.\.$/m.exec(out)![1]!;
  const root = /data in (\S+)\/data/.exec(out)![1]!;
  expect(existsSync(`${root}/samples/maya-mixed.pdf`)).toBe(true);

  const submitted = await sh(`${exportLine}\n${submitLine}`);
  expect(submitted.code).toBe(0);
  const ack = JSON.parse(submitted.stdout) as { trackingId: string; status: string };
  expect(ack.status).toBe("queued");
  const final = await pollUntil(
    async () => {
      const r = await sh(`${exportLine}\n${pollLine}${ack.trackingId}`);
      const body = JSON.parse(r.stdout.slice(r.stdout.indexOf("\r\n\r\n") + 4)) as { status: string };
      return body.status === "COMPLETED" || body.status === "FAILED" ? body : null;
    },
    "the submitted sample to finish",
    60_000,
    100,
  );
  expect(final).toMatchObject({ status: "COMPLETED", hostUsername: "maya-mixed" });
  // the receiver prints the webhook of the user's own submission too
  await pollUntil(() => out.split("━━ maya-mixed: COMPLETED").length === 3, "the second maya-mixed webhook");

  proc.kill("SIGINT");
  expect(await proc.exited).toBe(0);
  expect(out).toContain("stopping the demo");
  expect(existsSync(root)).toBe(false);
}, 180_000);
