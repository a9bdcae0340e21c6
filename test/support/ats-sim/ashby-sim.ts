/**
 * Ashby, as an assessment partner sees it (developers.ashbyhq.com, "Creating an assessments integration"
 * and the assessment.*, candidate.info and file.info references): it calls the partner's POST
 * assessment.list, assessment.start and assessment.cancel with the partner key as the HTTP Basic
 * username, and serves its own API to the partner with the customer's key: candidate.info (the
 * candidate's resumeFileHandle), file.info (a temporary URL of the file), the file, and
 * assessment.update, whose body is checked against the published shape (zod): assessment_id, a
 * millisecond timestamp, typed values {identifier, label, type, value} (type one of numeric_score,
 * numeric_duration_minutes, url, string, boolean_success), assessment_status unless cancelled_reason,
 * assessment_profile_url whenever assessment_result. Its own answers use Ashby's form: 200 with
 * `success`, and `errors` when false. A timestamp not after the assessment's previous one is recorded
 * in `contractErrors` (the partner must send them strictly increasing).
 */
import { z } from "zod";
import { answerOf } from "./answer.ts";

const Field = z.object({
  identifier: z.string().min(1),
  label: z.string().min(1),
  description: z.string().optional(),
  type: z.enum(["numeric_score", "numeric_duration_minutes", "url", "string", "boolean_success"]),
  value: z.union([z.string(), z.number(), z.boolean()]),
});
const Update = z
  .object({
    assessment_id: z.string().min(1),
    timestamp: z.number().int().positive(),
    assessment_status: Field.optional(),
    assessment_result: Field.optional(),
    assessment_profile_url: Field.extend({ type: z.literal("url") }).optional(),
    cancelled_reason: Field.optional(),
    metadata: z.array(Field).optional(),
  })
  .refine((u) => u.assessment_status || u.cancelled_reason, "assessment_status is required unless cancelled_reason")
  .refine((u) => !u.assessment_result || u.assessment_profile_url, "assessment_profile_url is required with a result")
  .refine(
    (u) => new Set((u.metadata ?? []).map((m) => m.identifier)).size === (u.metadata ?? []).length,
    "metadata identifiers must be unique",
  );
export type AshbyUpdateBody = z.infer<typeof Update>;

const ListAnswer = z.object({
  success: z.literal(true),
  results: z.array(
    z.object({ assessment_type_id: z.string().min(1), name: z.string().min(1), description: z.string().optional() }),
  ),
});
const StartAnswer = z.object({ success: z.literal(true), results: z.object({ assessment_id: z.string().min(1) }) });

export interface AshbyCandidate {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** the resume on the candidate's profile; null: none */
  resume: Uint8Array | null;
}

export interface AshbySimulator {
  url: string;
  /** every assessment.update accepted, in arrival order */
  updates: AshbyUpdateBody[];
  /** what Ashby shows for an assessment: the last update applied */
  shown(assessmentId: string): AshbyUpdateBody | undefined;
  contractErrors: string[];
  addCandidate(c: AshbyCandidate): void;
  /** answer the next `n` assessment.update calls with 500 */
  failUpdates(n: number): void;
  list(): Promise<z.infer<typeof ListAnswer>>;
  /** a candidate reaches the assessment's stage in an interview plan */
  start(typeId: string, candidateId: string): Promise<{ status: number; body: unknown }>;
  cancel(assessmentId: string): Promise<{ status: number; body: unknown }>;
  raw(path: string, init: RequestInit & { key?: string | null }): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** `partnerBase`: the partner's endpoints (…/integrations/ashby); `customerKey`: the key Ashby issued the customer. */
export function startAshbySimulator(o: {
  partnerBase: string;
  partnerKey: string;
  customerKey: string;
}): AshbySimulator {
  const candidates = new Map<string, AshbyCandidate>();
  const updates: AshbyUpdateBody[] = [];
  const last = new Map<string, AshbyUpdateBody>();
  const contractErrors: string[] = [];
  let failing = 0;
  let n = 0;

  const ok = (results: unknown) => Response.json({ success: true, results });
  const refused = (code: string) => Response.json({ success: false, errors: [code] });

  let port = 0;
  const server: ReturnType<typeof Bun.serve> = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname;
      const file = /^\/files\/([^/]+)$/.exec(path);
      if (file && req.method === "GET") {
        const c = candidates.get(decodeURIComponent(file[1]!));
        return c?.resume
          ? new Response(c.resume as BlobPart, { headers: { "content-type": "application/pdf" } })
          : new Response("gone", { status: 404 });
      }
      if (req.method !== "POST") return new Response("not found", { status: 404 });
      const auth = req.headers.get("authorization");
      if (!auth) return new Response(JSON.stringify({ success: false, errors: ["missing_api_key"] }), { status: 401 });
      if (auth !== basic(o.customerKey))
        return new Response(JSON.stringify({ success: false, errors: ["invalid_api_key"] }), { status: 403 });
      let body: Record<string, unknown>;
      try {
        body = (await req.json()) as Record<string, unknown>;
      } catch {
        return refused("invalid_input");
      }
      if (path === "/candidate.info") {
        const c = candidates.get(String(body.id));
        if (!c) return refused("candidate_not_found");
        return ok({
          id: c.id,
          name: `${c.firstName} ${c.lastName}`,
          resumeFileHandle: c.resume ? { id: `file-${c.id}`, name: "resume.pdf", handle: `handle-${c.id}` } : null,
        });
      }
      if (path === "/file.info") {
        const id = String(body.fileHandle ?? "").replace(/^handle-/, "");
        if (!candidates.get(id)?.resume) return refused("file_not_found");
        return ok({ url: `http://127.0.0.1:${port}/files/${encodeURIComponent(id)}` });
      }
      if (path === "/assessment.update") {
        if (failing > 0) {
          failing--;
          return new Response("unavailable", { status: 500 });
        }
        const parsed = Update.safeParse(body);
        if (!parsed.success) {
          contractErrors.push(`assessment.update: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
          return refused("invalid_input");
        }
        const prev = last.get(parsed.data.assessment_id);
        if (prev && parsed.data.timestamp <= prev.timestamp)
          contractErrors.push(`assessment.update: timestamp ${parsed.data.timestamp} not after ${prev.timestamp}`);
        updates.push(parsed.data);
        if (!prev || parsed.data.timestamp > prev.timestamp) last.set(parsed.data.assessment_id, parsed.data);
        return ok({});
      }
      return new Response("not found", { status: 404 });
    },
  });

  port = server.port ?? 0;
  const call = async (method: string, payload: unknown, key: string | null = o.partnerKey) => {
    const res = await fetch(`${o.partnerBase}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key !== null ? { authorization: basic(key) } : {}) },
      body: JSON.stringify(payload),
    });
    return answerOf(res);
  };

  return {
    url: `http://127.0.0.1:${server.port}`,
    updates,
    shown: (id) => last.get(id),
    contractErrors,
    addCandidate: (c) => candidates.set(c.id, c),
    failUpdates: (count) => {
      failing = count;
    },
    async list() {
      const r = await call("assessment.list", {});
      const parsed = ListAnswer.safeParse(r.body);
      if (r.status !== 200 || !parsed.success)
        throw new Error(`assessment.list answered ${r.status}: ${JSON.stringify(r.body)}`);
      return parsed.data;
    },
    async start(typeId, candidateId) {
      n++;
      const c = candidates.get(candidateId)!;
      const r = await call("assessment.start", {
        assessment_type_id: typeId,
        candidate: {
          ashby_id: c.id,
          first_name: c.firstName,
          last_name: c.lastName,
          email: c.email,
          ashby_profile_url: `https://app.ashbyhq.com/candidates/${c.id}`,
        },
        application: { ashby_id: `app-${c.id}-${n}`, status: "Active" },
        job: { ashby_id: "job-1", name: "Backend engineer", ashby_job_url: "https://app.ashbyhq.com/jobs/job-1" },
      });
      if (r.status === 200 && !StartAnswer.safeParse(r.body).success)
        contractErrors.push(`assessment.start: ${JSON.stringify(r.body)}`);
      return r;
    },
    cancel: (id) => call("assessment.cancel", { assessment_id: id }),
    raw: (path, init) =>
      fetch(`${o.partnerBase}/${path}`, {
        ...init,
        headers: {
          ...(init.key !== null ? { authorization: basic(init.key ?? o.partnerKey) } : {}),
          ...(init.headers as Record<string, string>),
        },
      }).then(async (res) => {
        return answerOf(res);
      }),
    stop: () => server.stop(true),
  };
}
