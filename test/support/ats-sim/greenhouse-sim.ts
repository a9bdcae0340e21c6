/**
 * Greenhouse, as an assessment partner sees it (developers.greenhouse.io/assessment.html): it calls the
 * partner's list_tests, send_test and test_status with the org's partner key as the HTTP Basic username
 * (a colon appended, Base64), reports answers it cannot use to response_error, serves the candidate's
 * resume at a temporary resume_url, and takes the partner's PATCH of the send_test `url` on completion,
 * after which it asks test_status and shows what it got on the candidate's profile. Every answer the
 * partner gives is checked against the published shapes (zod); a shape that does not match is reported
 * to response_error, as Greenhouse does, and recorded in `contractErrors`.
 */
import { z } from "zod";
import { answerOf } from "./answer.ts";

const ListTests = z.array(z.object({ partner_test_id: z.string().min(1), partner_test_name: z.string().min(1) }));
const SendTestAnswer = z.object({ partner_interview_id: z.string().min(1) });
const Primitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const TestStatus = z
  .object({
    partner_status: z.string().min(1),
    partner_profile_url: z.string().nullable().optional(),
    partner_score: z.number().nullable().optional(),
    metadata: z.record(z.string(), Primitive).nullable().optional(),
  })
  .refine((s) => s.partner_status !== "complete" || !!s.partner_profile_url, {
    message: "partner_status is 'complete' but partner_profile_url is missing",
  });
export type GreenhouseTestStatus = z.infer<typeof TestStatus>;

export interface GreenhouseCandidate {
  first_name: string;
  last_name: string;
  email: string;
  preferred_name?: string | null;
  phone_number?: string | null;
}

export interface GreenhouseSimulator {
  url: string;
  /** what the candidate's profile shows for each test instance (the last test_status read after a PATCH) */
  shown: Map<string, GreenhouseTestStatus>;
  /** every PATCH received: test instance id (from the url) and its Authorization header */
  patches: Array<{ take: string; authorization: string | null }>;
  /** answers that broke the contract (also reported to response_error) */
  contractErrors: string[];
  /** resume downloads served */
  downloads: number;
  /** answer the next `n` PATCHes with 503 */
  failPatches(n: number): void;
  listTests(): Promise<z.infer<typeof ListTests>>;
  /** a recruiter clicks "Send Test" for a candidate; the resume is served at a fresh resume_url (none: no resume_url) */
  sendTest(o: {
    testId: string;
    candidate: GreenhouseCandidate;
    resume: Uint8Array | null;
    resumeUrl?: string;
  }): Promise<{ status: number; body: unknown; take: string }>;
  testStatus(interviewId: string): Promise<{ status: number; body: unknown }>;
  /** a raw call of one of the partner's endpoints (for malformed and unauthenticated requests) */
  raw(path: string, init: RequestInit & { key?: string | null }): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** `partnerBase`: the partner's endpoints, e.g. http://127.0.0.1:PORT/integrations/greenhouse. */
export function startGreenhouseSimulator(o: { partnerBase: string; key: string }): GreenhouseSimulator {
  const resumes = new Map<string, Uint8Array>();
  const takes = new Map<string, string>(); // take-home test id -> partner_interview_id
  const shown = new Map<string, GreenhouseTestStatus>();
  const patches: GreenhouseSimulator["patches"] = [];
  const contractErrors: string[] = [];
  let failing = 0;
  let n = 0;
  let downloads = 0;

  const call = async (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const key = init.key === undefined ? o.key : init.key;
    const res = await fetch(`${o.partnerBase}/${path}`, {
      ...init,
      headers: { ...(key !== null ? { authorization: basic(key) } : {}), ...(init.headers as Record<string, string>) },
    });
    return answerOf(res);
  };
  const report = async (api_call: string, errors: string[], extra: Record<string, unknown> = {}) => {
    contractErrors.push(`${api_call}: ${errors.join("; ")}`);
    await call("response_error", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ api_call, errors, ...extra }),
    });
  };
  const readStatus = async (interviewId: string) => {
    const r = await call(`test_status?partner_interview_id=${encodeURIComponent(interviewId)}`);
    if (r.status !== 200) return r;
    const parsed = TestStatus.safeParse(r.body);
    if (!parsed.success)
      await report(
        "test_status",
        parsed.error.issues.map((i) => i.message),
        { partner_interview_id: interviewId },
      );
    return r;
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const resume = /^\/resumes\/([^/]+)$/.exec(url.pathname);
      if (resume && req.method === "GET") {
        const pdf = resumes.get(resume[1]!);
        if (!pdf) return new Response("expired", { status: 404 });
        downloads++;
        return new Response(pdf as BlobPart, { headers: { "content-type": "application/pdf" } });
      }
      const take = /^\/integrations\/testing_partners\/take_home_tests\/([^/]+)$/.exec(url.pathname);
      if (take && req.method === "PATCH") {
        patches.push({ take: take[1]!, authorization: req.headers.get("authorization") });
        if (failing > 0) {
          failing--;
          return new Response(null, { status: 503 });
        }
        const interviewId = takes.get(take[1]!);
        if (!interviewId) return new Response(null, { status: 404 });
        // the PATCH triggers a test_status request; the profile shows what it answers
        queueMicrotask(async () => {
          const r = await readStatus(interviewId);
          const parsed = TestStatus.safeParse(r.body);
          if (r.status === 200 && parsed.success) shown.set(interviewId, parsed.data);
        });
        return new Response(null, { status: 200 });
      }
      return new Response("not found", { status: 404 });
    },
  });
  const here = `http://127.0.0.1:${server.port}`;

  return {
    url: here,
    shown,
    patches,
    contractErrors,
    get downloads() {
      return downloads;
    },
    failPatches: (count) => {
      failing = count;
    },
    async listTests() {
      const r = await call("list_tests");
      const parsed = ListTests.safeParse(r.body);
      if (r.status !== 200 || !parsed.success) {
        await report("list_tests", parsed.success ? [`HTTP ${r.status}`] : parsed.error.issues.map((i) => i.message));
        throw new Error(`list_tests answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
      return parsed.data;
    },
    async sendTest(s) {
      n++;
      const takeId = `take${n}`;
      let resumeUrl: string | null = s.resumeUrl ?? null;
      if (s.resume) {
        resumes.set(`r${n}`, s.resume);
        resumeUrl = `${here}/resumes/r${n}`;
      }
      const r = await call("send_test", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          partner_test_id: s.testId,
          candidate: {
            first_name: s.candidate.first_name,
            last_name: s.candidate.last_name,
            preferred_name: s.candidate.preferred_name ?? null,
            resume_url: resumeUrl,
            phone_number: s.candidate.phone_number ?? null,
            email: s.candidate.email,
            greenhouse_profile_url: `https://app.greenhouse.io/people/${n}?application_id=${1000 + n}`,
          },
          sent_by: "recruiter@example.com",
          url: `${here}/integrations/testing_partners/take_home_tests/${takeId}`,
        }),
      });
      if (r.status === 200) {
        const parsed = SendTestAnswer.safeParse(r.body);
        if (!parsed.success)
          await report(
            "send_test",
            parsed.error.issues.map((i) => i.message),
          );
        else takes.set(takeId, parsed.data.partner_interview_id);
      }
      return { ...r, take: takeId };
    },
    testStatus: (id) => readStatus(id),
    raw: (path, init) => call(path, init),
    stop: () => server.stop(true),
  };
}
