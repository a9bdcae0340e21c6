/** The integrations' pure parts and the outbound policy, one failure path at a time. */
import { afterAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { VERDICTS } from "../../src/contract/index.ts";
import { ashbyUpdate, withProfileLink } from "../../src/integrations/ashby/ashby-update.ts";
import type { ShownLinks } from "../../src/integrations/assessment-links.ts";
import { assessmentView } from "../../src/integrations/assessment-view.ts";
import { greenhouseStatus } from "../../src/integrations/greenhouse/greenhouse-status.ts";
import { fetchResume, IntakeProblem } from "../../src/integrations/intake.ts";
import { basicUser, outboundFetch } from "../../src/integrations/outbound.ts";
import { accountsFromInput, accountsFromResume } from "../../src/integrations/resume-accounts.ts";
import { type Assessment, NO_ACCOUNT_TEXT } from "../../src/integrations/types.ts";
import type { ExtractedResume, ResumeLink } from "../../src/resume/types.ts";
import type { Verification } from "../../src/verification/verifications.ts";

const assessment = (over: Partial<Assessment> = {}): Assessment => ({
  id: "ats_1",
  connectionId: "atsc_1",
  testId: "code-claims",
  candidateName: "Alice",
  candidateEmail: null,
  externalRef: null,
  callbackUrl: null,
  callbackAuth: null,
  state: "complete",
  detail: null,
  trackingId: "vrf_1",
  accounts: ["github.com:alice"],
  rerunTokenHash: "r",
  reportLinkId: "lnk_1",
  reportTokenHash: "t",
  hasResume: false,
  lastUpdateAt: 0,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});
const link = (host: string, owner: string): ResumeLink => ({
  url: `https://${host}/${owner}`,
  raw: `${host}/${owner}`,
  kind: "profile",
  owner,
  host,
  visibleDiffers: false,
  source: "annotation",
  page: 1,
});
const resume = (github: ResumeLink[], forges: ResumeLink[]): ExtractedResume => ({
  candidateName: "Alice",
  githubProfiles: github,
  forgeProfiles: forges,
  repoLinksOutsideProjects: [],
  projects: [],
  hiddenText: [],
  pages: 1,
  warnings: [],
});
const HOSTS = [{ host: "gitlab.com" }, { host: "codeberg.org" }];

describe("which accounts a resume names", () => {
  test("the first GitHub profile, and the first profile on each host the service reads", () => {
    const r = resume(
      [link("github.com", "alice"), link("github.com", "other")],
      [
        link("gitlab.com", "alice-gl"),
        link("gitlab.com", "second"),
        link("git.unknown.example", "x"),
        link("codeberg.org", "al"),
      ],
    );
    expect(accountsFromResume(r, HOSTS)).toEqual({
      hostUsername: "alice",
      accounts: [
        { host: "gitlab.com", username: "alice-gl" },
        { host: "codeberg.org", username: "al" },
      ],
    });
  });

  test("none: no GitHub login that GitHub allows, no host the service reads", () => {
    expect(accountsFromResume(resume([link("github.com", "-bad-")], [link("bitbucket.org", "a")]), HOSTS)).toEqual({
      hostUsername: "",
      accounts: [],
    });
  });

  test("what a recruiter types: a login, a profile URL, host:username; nonsense is refused with the reason", () => {
    expect(accountsFromInput("alice", HOSTS)).toEqual({ hostUsername: "alice", accounts: [] });
    expect(accountsFromInput("https://github.com/alice, gitlab.com:al", HOSTS)).toEqual({
      hostUsername: "alice",
      accounts: [{ host: "gitlab.com", username: "al" }],
    });
    expect(() => accountsFromInput("", HOSTS)).toThrow("name a GitHub login");
    expect(() => accountsFromInput("alice bob", HOSTS)).toThrow("one GitHub account");
    expect(() => accountsFromInput("bitbucket.org:a", HOSTS)).toThrow("not a host this service reads");
  });
});

describe("what each ATS is shown", () => {
  const verification = {
    status: "COMPLETED",
    result: JSON.stringify({ confidenceScore: 82, verdict: { code: "backed", label: "Backed by the code" } }),
    completedAt: 0,
  } as unknown as Verification;
  const links: ShownLinks = {
    report: "https://cc.example/share/t",
    reportState: "live",
    rerun: "https://cc.example/integrations/assessments/r",
  };

  test("a result: Greenhouse's complete status with score, flat metadata; Ashby's typed values", () => {
    const v = assessmentView(assessment(), verification, links);
    const gh = greenhouseStatus(v);
    expect(gh).toMatchObject({
      partner_status: "complete",
      partner_score: 82,
      partner_profile_url: "https://cc.example/share/t",
    });
    expect(Object.values(gh.metadata).every((x) => x === null || typeof x !== "object")).toBe(true);
    expect(gh.metadata["Verdict Code"]).toBe("backed");
    // as queued the update holds no address; the profile link is added as it is sent
    const queued = ashbyUpdate("ats_1", v, 5);
    expect(JSON.stringify(queued)).not.toContain("cc.example");
    const u = withProfileLink(queued, v);
    expect(u.assessment_result).toMatchObject({ type: "numeric_score", value: 82 });
    expect(u.assessment_profile_url).toMatchObject({ type: "url", value: "https://cc.example/share/t" });
    expect(u.metadata.find((m) => m.type === "url")).toMatchObject({ identifier: "report_url" });
    // the verdict's words are the vocabulary's, whatever a stored result spelt
    expect(u.metadata.find((m) => m.identifier === "verdict")?.value).toBe(VERDICTS.backed);
  });

  test("a revoked report link: the address still says so, and the ATS is told the link's state", () => {
    const v = assessmentView(assessment(), verification, { ...links, reportState: "revoked" });
    expect(greenhouseStatus(v).metadata["Report Link"]).toBe("revoked");
    const u = withProfileLink(ashbyUpdate("ats_1", v, 5), v);
    expect(u.metadata.find((m) => m.identifier === "report_link_state")?.value).toBe("revoked");
  });

  test("the result was purged: the ATS is told so", () => {
    const v = assessmentView(assessment(), null, { ...links, reportState: "purged" });
    expect(v.purged).toBe(true);
    expect(greenhouseStatus(v).metadata.Result).toBe("the result was purged (retention)");
    expect(ashbyUpdate("ats_1", v, 5).assessment_result?.value).toBe("the result was purged (retention)");
  });

  test("no account: the reason and the re-run page; while it runs: not complete, no result", () => {
    const none = assessmentView(
      assessment({ state: "needs_account", trackingId: null, reportLinkId: null, accounts: [] }),
      null,
      { ...links, report: null, reportState: null },
    );
    expect(greenhouseStatus(none)).toMatchObject({ partner_status: "complete", partner_profile_url: links.rerun });
    expect(withProfileLink(ashbyUpdate("ats_1", none, 5), none).metadata.at(-1)).toMatchObject({
      identifier: "rerun_url",
      value: links.rerun,
    });
    expect(String(greenhouseStatus(none).metadata.Result)).toContain(NO_ACCOUNT_TEXT);
    const running = assessmentView(assessment({ state: "queued", reportLinkId: null }), null, links);
    expect(greenhouseStatus(running).partner_status).toBe("in_progress");
    expect(ashbyUpdate("ats_1", running, 5)).toMatchObject({ assessment_status: { value: "Started" } });
    expect(ashbyUpdate("ats_1", running, 5).assessment_result).toBeUndefined();
  });
});

describe("the outbound policy", () => {
  let port = 0;
  const server: ReturnType<typeof Bun.serve> = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname;
      if (path === "/to-metadata") return Response.redirect("http://169.254.169.254/latest", 302);
      if (path === "/hop") return Response.redirect(`http://127.0.0.1:${port}/pdf`, 302);
      if (path === "/pdf") return new Response("%PDF-1.4 tiny");
      if (path === "/big") return new Response("x".repeat(5000));
      if (path === "/slow") return new Promise<Response>(() => {});
      return new Response("nope", { status: 404 });
    },
  });
  port = server.port ?? 0;
  const base = `http://127.0.0.1:${port}`;
  const open = { timeoutMs: 2_000, allowPrivate: true };
  afterAll(() => server.stop(true));

  test("loopback is refused unless allowed", async () => {
    const r = fetchResume(`${base}/pdf`, { policy: { ...open, allowPrivate: false }, maxBytes: 1000 });
    await expect(r).rejects.toBeInstanceOf(IntakeProblem);
    await expect(r).rejects.toThrow("forbidden addresses");
  });

  test("a redirect is followed and checked again: to a cloud metadata address it stops", async () => {
    expect(new TextDecoder().decode(await fetchResume(`${base}/hop`, { policy: open, maxBytes: 1000 }))).toStartWith(
      "%PDF-",
    );
    await expect(fetchResume(`${base}/to-metadata`, { policy: open, maxBytes: 1000 })).rejects.toThrow("metadata");
  });

  test("too large, too slow, not found, not a PDF: each refused with its reason", async () => {
    await expect(outboundFetch(`${base}/big`, { method: "GET" }, open, 1000)).rejects.toThrow("allowed");
    await expect(outboundFetch(`${base}/slow`, { method: "GET" }, { ...open, timeoutMs: 200 }, 1000)).rejects.toThrow(
      "within 200 ms",
    );
    await expect(fetchResume(`${base}/missing`, { policy: open, maxBytes: 1000 })).rejects.toThrow("HTTP 404");
    await expect(fetchResume(`${base}/big`, { policy: open, maxBytes: 10_000 })).rejects.toThrow("not a PDF");
  });

  test("Basic credentials: the key is the username; other schemes are none", () => {
    expect(basicUser(`Basic ${btoa("cck_abc:")}`)).toBe("cck_abc");
    expect(basicUser(`Basic ${btoa("cck_abc")}`)).toBe("cck_abc");
    expect(basicUser("Bearer cck_abc")).toBeNull();
    expect(basicUser(null)).toBeNull();
  });
});

describe("ATS_LINK_TTL", () => {
  const load = (v: string) => loadConfig({ DATA_DIR: "/tmp/x", ATS_LINK_TTL: v });
  test("retained (the default) or 1h-365d; anything else is refused", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/x" }).atsLinkTtlMs).toBeNull();
    expect(load("30d").atsLinkTtlMs).toBe(30 * 86_400_000);
    expect(() => load("10")).toThrow("ATS_LINK_TTL");
    expect(() => load("400d")).toThrow("ATS_LINK_TTL");
  });
});
