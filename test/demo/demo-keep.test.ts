/**
 * `bun run demo --keep`, the README's path for a new user without a GitHub token: the printed curl lines,
 * run in a shell as printed, submit a sample resume and poll it to a result; Ctrl-C stops everything and
 * removes the temporary files.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { CookieClient, csrfOf } from "../dashboard/dashboard-support.ts";
import { runCliProcess } from "../support/child-server.ts";
import { pollUntil, REPO_ROOT } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

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
}, 120_000);

const sh = async (script: string) => {
  const p = Bun.spawn(["bash", "-c", script], { stdout: "pipe", stderr: "pipe" });
  const [stdout, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
  return { stdout, code };
};

/** Text of an HTML fragment as a reader sees it (the entities the dashboard escapes with). */
const readText = (s: string) =>
  s
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

test("every demo candidate's verdict is the same in the webhook, the API, the CLI, the dashboard, the share page and the PDF", async () => {
  await pollUntil(
    () => /Dashboard \(one-time link/.test(out) || proc.exitCode !== null,
    "the --keep instructions",
    120_000,
  );
  // the demo's lines print each signed webhook body's own verdict
  const fromWebhook = [
    ...out.matchAll(/^━━ (\S+): (.+) \((\w+)\) · (?:COMPLETED|FAILED) · confidence \S+ · (vrf_\w+) \(webhook /gm),
  ].map((m) => ({ login: m[1]!, label: m[2]!, code: m[3]!, id: m[4]! }));
  expect(fromWebhook.map((w) => w.login).sort()).toEqual(
    ["alice-honest", "carl-copier", "cora-codeberg", "lena-gitlab", "mallory-painter", "maya-mixed"].sort(),
  );
  // the verdicts are not all one: the demo's candidates span the vocabulary
  expect(new Set(fromWebhook.map((w) => w.code)).size).toBeGreaterThanOrEqual(3);
  expect(fromWebhook.find((w) => w.login === "carl-copier")!.code).toBe("not_own_work");
  expect(fromWebhook.find((w) => w.login === "mallory-painter")!.code).toBe("contradicted");
  expect(fromWebhook.find((w) => w.login === "alice-honest")!.code).toBe("backed");

  const key = /^ {2}export CLAIMCHECK_KEY=(cck_\w+)$/m.exec(out)![1]!;
  const url = /^claimcheck serve listening on (http:\/\/\S+)$/m.exec(out)![1]!;
  const dataDir = /data in (\S+\/data)/.exec(out)![1]!;
  const setupLink = /Dashboard \(one-time link to create an administrator\): (\S+)$/m.exec(out)![1]!;
  const auth = { authorization: `Bearer ${key}` };

  const dashboard = new CookieClient(url);
  const setupPath = new URL(setupLink).pathname + new URL(setupLink).search;
  const setup = await dashboard.get(setupPath);
  const password = "a long enough password";
  const done = await dashboard.post("/dashboard/setup", {
    _csrf: csrfOf(setup.text),
    token: new URL(setupLink).searchParams.get("token")!,
    username: "demo-admin",
    password,
    confirm: password,
  });
  expect(done.res.status).toBe(303);
  const list = (await dashboard.get("/dashboard/jobs")).text;
  const listed = new Map(
    [...list.matchAll(/<tr data-tracking-id="([^"]+)">[\s\S]*?data-verdict="([^"]+)">([^<]+)</g)].map((m) => [
      m[1]!,
      { code: m[2]!, label: readText(m[3]!) },
    ]),
  );
  const cliList = JSON.parse((await runCliProcess(["jobs", "list", "--json"], { DATA_DIR: dataDir })).stdout) as {
    jobs: Array<{ trackingId: string; verdict: { code: string; label: string } | null }>;
  };

  for (const w of fromWebhook) {
    const expected = { code: w.code, label: w.label };
    const polled = (await (await fetch(`${url}/v1/jobs/${w.id}`, { headers: auth })).json()) as Record<string, unknown>;
    expect(polled.verdict).toEqual(expected);
    expect(cliList.jobs.find((j) => j.trackingId === w.id)?.verdict).toEqual(expected);
    const shown = await runCliProcess(["jobs", "show", w.id], { DATA_DIR: dataDir });
    expect(shown.stdout.split("\n")[0]).toContain(`${w.label} (${w.code})`);
    expect(listed.get(w.id)).toEqual(expected);
    const page = (await dashboard.get(`/dashboard/jobs/${w.id}`)).text;
    const banner = /id="verdict" data-verdict="([^"]+)"><strong class="verdict-title">([^<]+)</.exec(page);
    expect({ code: banner?.[1], label: readText(banner?.[2] ?? "") }).toEqual(expected);
    // PUBLIC_URL is set in the demo, so every result carries its share link: the recruiter's page says the same
    expect(typeof polled.reportUrl).toBe("string");
    const shared = await (await fetch(String(polled.reportUrl))).text();
    expect(/data-verdict="([^"]+)"/.exec(shared)?.[1]).toBe(w.code);
    const pdf = new Uint8Array(
      await (await fetch(`${url}/v1/jobs/${w.id}/report.pdf`, { headers: auth })).arrayBuffer(),
    );
    expect(pdfText(pdf).replace(/\s+/g, " ")).toContain(w.label);
  }
}, 180_000);

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
  const pollLine = /^ {2}(curl -si .*\/v1\/jobs\/)vrf_\w+$/m.exec(out)![1]!;
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
  await pollUntil(
    () => (out.match(/^━━ maya-mixed: .* · COMPLETED · /gm) ?? []).length === 2,
    "the second maya-mixed webhook",
  );

  proc.kill("SIGINT");
  expect(await proc.exited).toBe(0);
  expect(out).toContain("stopping the demo");
  expect(existsSync(root)).toBe(false);
}, 180_000);
