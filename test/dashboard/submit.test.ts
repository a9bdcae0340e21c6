/**
 * The dashboard's upload form submits through POST /v1/verify's own acceptance: the same checks (a PDF,
 * the size limit, a GitHub login), the client's quota and rate limit, and idempotency, with every
 * refusal explained on the form and nothing stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DASHBOARD_UPLOAD_KEY } from "../../src/dashboard/routes/submit-routes.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp } from "../support/harness.ts";
import { type CookieClient, csrfOf, signedInClient, startDashboardApp } from "./dashboard-support.ts";

let t: RunningTestApp;
let admin: CookieClient;
let pdf: Uint8Array;

beforeAll(async () => {
  t = await startDashboardApp({ steps: fixedSteps(72) });
  t.app.accounts.addClient("acme");
  t.app.accounts.addClient("tiny", { monthlyQuota: 1 });
  admin = await signedInClient(t);
  pdf = await makePdf();
});
afterAll(async () => {
  await t?.stop();
});

type Part = [string, string | { bytes: Uint8Array; filename: string }];

/** POST the upload form as a browser does: multipart, parts in the order given, with the session cookie. */
async function post(c: CookieClient, parts: Part[]): Promise<{ res: Response; text: string }> {
  const fd = new FormData();
  for (const [name, v] of parts)
    if (typeof v === "string") fd.append(name, v);
    else fd.append(name, new Blob([v.bytes as BlobPart], { type: "application/pdf" }), v.filename);
  const res = await fetch(`${t.url}/dashboard/submit`, {
    method: "POST",
    body: fd,
    redirect: "manual",
    headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { res, text: await res.text() };
}

/** The form as the page serves it: its CSRF token and a fresh idempotency key. */
async function form(c: CookieClient): Promise<{ csrf: string; key: string }> {
  const page = await c.get("/dashboard/submit");
  expect(page.res.status).toBe(200);
  return { csrf: csrfOf(page.text), key: /name="idempotencyKey" value="([^"]+)"/.exec(page.text)![1]! };
}

const fields = (f: { csrf: string; key: string }, client: string, user = "jane-dev"): Part[] => [
  ["_csrf", f.csrf],
  ["idempotencyKey", f.key],
  ["client", client],
  ["hostUsername", user],
];
const jobs = () => Object.values(t.app.verifications.countsByStatus()).reduce((a, b) => a + b, 0);

describe("the upload form", () => {
  test("accounts on other hosts go with the resume; the job page and the jobs list name them", async () => {
    const f = await form(admin);
    expect((await admin.get("/dashboard/submit")).text).toContain('name="accounts"');
    const { res } = await post(admin, [
      ...fields(f, "acme", "gitlab.com:jane-gl"),
      ["accounts", "codeberg.org:jane"],
      ["resume", { bytes: pdf, filename: "jane.pdf" }],
    ]);
    expect(res.status).toBe(303);
    const id = /^\/dashboard\/jobs\/(vrf_[0-9a-z]+)$/.exec(res.headers.get("location")!)![1]!;
    await pollUntil(async () => (await t.app.verifications.get(id))?.status === "COMPLETED", "the uploaded job");
    const page = await admin.get(`/dashboard/jobs/${id}`);
    expect(page.text).toContain('<a href="https://gitlab.com/jane-gl" rel="noreferrer">gitlab.com/jane-gl</a>');
    expect(page.text).toContain("none given");
    expect(page.text).toContain("gitlab.com/jane-gl/tool");
    const list = await admin.get("/dashboard/jobs");
    expect(list.text).toContain("gitlab.com/jane-gl");
    // an unknown host is refused on the form, with what to configure
    const g = await form(admin);
    const bad = await post(admin, [
      ...fields(g, "acme"),
      ["accounts", "git.nowhere.example:jane"],
      ["resume", { bytes: pdf, filename: "jane.pdf" }],
    ]);
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain("FORGE_HOSTS");
  });

  test("a resume becomes a job of the chosen client, counted under its 'dashboard uploads' key", async () => {
    const f = await form(admin);
    const { res } = await post(admin, [...fields(f, "acme"), ["resume", { bytes: pdf, filename: "jane.pdf" }]]);
    expect(res.status).toBe(303);
    const id = /^\/dashboard\/jobs\/(vrf_[0-9a-z]+)$/.exec(res.headers.get("location")!)![1]!;
    const row = (await t.app.verifications.get(id))!;
    expect((await t.app.accounts.clientById(row.clientId))!.name).toBe("acme");
    expect(row.resumeFilename).toBe("jane.pdf");
    const key = (await t.app.accounts.listKeys("acme")).find((k) => k.name === DASHBOARD_UPLOAD_KEY)!;
    expect(row.apiKeyId).toBe(key.id);
    await pollUntil(async () => (await t.app.verifications.get(id))?.status === "COMPLETED", "the uploaded job");
    const page = await admin.get(`/dashboard/jobs/${id}`);
    expect(page.text).toContain("Submitted. The report appears here");
    expect(page.text).toContain('id="verdict"');

    // the same form sent again (a double click, a reload) is the same job
    const before = jobs();
    const again = await post(admin, [...fields(f, "acme"), ["resume", { bytes: pdf, filename: "jane.pdf" }]]);
    expect(again.res.headers.get("location")).toBe(`/dashboard/jobs/${id}`);
    expect(jobs()).toBe(before);
    // the same form with another candidate is refused, and a fresh form is offered
    const other = await post(admin, [
      ...fields(f, "acme", "someone-else"),
      ["resume", { bytes: pdf, filename: "x.pdf" }],
    ]);
    expect(other.res.status).toBe(422);
    expect(other.text).toContain("This form was already used for another submission");
    expect(other.text).not.toContain(f.key);
    expect(jobs()).toBe(before);
  });

  test("a resume larger than the dashboard's 1 MiB form limit is taken, up to the API's resume limit", async () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(32);
    big.set(pdf);
    const f = await form(admin);
    const { res } = await post(admin, [
      ...fields(f, "acme", "big-resume"),
      ["resume", { bytes: big, filename: "big.pdf" }],
    ]);
    expect(res.status).toBe(303);
    const id = res.headers.get("location")!.split("/").pop()!;
    expect((await t.app.verifications.get(id))!.resumeSize).toBe(big.byteLength);
  });

  test("the API's refusals, explained on the form, with nothing stored", async () => {
    const before = jobs();
    const cases: Array<[string, Part[], number, string]> = [];
    let f = await form(admin);
    cases.push([
      "not a PDF",
      [...fields(f, "acme"), ["resume", { bytes: new TextEncoder().encode("hello"), filename: "cv.pdf" }]],
      415,
      "not a PDF",
    ]);
    f = await form(admin);
    cases.push([
      "too large",
      [...fields(f, "acme"), ["resume", { bytes: new Uint8Array(11 * 1024 * 1024).fill(37), filename: "big.pdf" }]],
      413,
      "The PDF is too large",
    ]);
    f = await form(admin);
    cases.push([
      "bad login",
      [...fields(f, "acme", "-bad-"), ["resume", { bytes: pdf, filename: "cv.pdf" }]],
      400,
      "-bad-&quot; is not a GitHub username. Type the candidate",
    ]);
    f = await form(admin);
    cases.push(["no file", fields(f, "acme"), 400, "Choose the resume&#39;s PDF file."]);
    f = await form(admin);
    cases.push([
      "unknown client",
      [...fields(f, "nobody"), ["resume", { bytes: pdf, filename: "cv.pdf" }]],
      404,
      "no client with that name",
    ]);
    f = await form(admin);
    cases.push([
      "the file before the form's token",
      [["resume", { bytes: pdf, filename: "cv.pdf" }], ...fields(f, "acme")],
      403,
      "security token",
    ]);
    cases.push([
      "a stale token",
      [...fields({ csrf: "A".repeat(43), key: f.key }, "acme"), ["resume", { bytes: pdf, filename: "cv.pdf" }]],
      403,
      "security token",
    ]);
    for (const [why, parts, status, says] of cases) {
      const { res, text } = await post(admin, parts);
      expect({ why, status: res.status }).toEqual({ why, status });
      expect({ why, says: text.includes(says) }).toEqual({ why, says: true });
      // what was typed is still there to fix
      const typed = parts.find((p) => p[0] === "hostUsername")?.[1];
      if (typeof typed === "string" && status === 400) expect(text).toContain(`value="${typed}"`);
    }
    expect(jobs()).toBe(before);
  });

  test("a profile address or @login is read as the username; accounts typed are kept after a refusal", async () => {
    const pasted: Array<[string, string]> = [
      ["https://github.com/carl-copier", "carl-copier"],
      ["github.com/carl-copier/", "carl-copier"],
      ["@carl-copier", "carl-copier"],
    ];
    for (const [typed, login] of pasted) {
      const f = await form(admin);
      const { res } = await post(admin, [...fields(f, "acme", typed), ["resume", { bytes: pdf, filename: "cv.pdf" }]]);
      expect({ typed, status: res.status }).toEqual({ typed, status: 303 });
      const id = res.headers.get("location")!.split("/").pop()!;
      expect((await t.app.verifications.get(id))!.hostUsername).toBe(login);
    }
    const f = await form(admin);
    const refused = await post(admin, [
      ...fields(f, "acme", "jane"),
      ["accounts", "gitlab.com:jane, nowhere"],
      ["resume", { bytes: pdf, filename: "cv.pdf" }],
    ]);
    expect(refused.res.status).toBe(400);
    expect(refused.text).toContain('value="jane"');
    expect(refused.text).toContain('value="gitlab.com:jane, nowhere"');
    expect(refused.text).toContain("Write each as host:username");
  });

  test("the client's monthly quota applies, and revoking its dashboard key turns uploads off", async () => {
    let f = await form(admin);
    expect((await post(admin, [...fields(f, "tiny"), ["resume", { bytes: pdf, filename: "a.pdf" }]])).res.status).toBe(
      303,
    );
    f = await form(admin);
    const over = await post(admin, [
      ...fields(f, "tiny", "another-dev"),
      ["resume", { bytes: pdf, filename: "b.pdf" }],
    ]);
    expect(over.res.status).toBe(429);
    expect(over.text).toContain("No more verifications can be submitted for this client");
    const key = (await t.app.accounts.listKeys("acme")).find((k) => k.name === DASHBOARD_UPLOAD_KEY)!;
    t.app.accounts.revokeKey(key.id);
    f = await form(admin);
    const off = await post(admin, [...fields(f, "acme", "third-dev"), ["resume", { bytes: pdf, filename: "c.pdf" }]]);
    expect(off.res.status).toBe(403);
    expect(off.text).toContain("turned off for acme");
  });
});
