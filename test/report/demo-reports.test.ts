/**
 * The report of each demo candidate, from a real analysis against the GitHub simulator: its verdict and
 * per-claim verdicts say what the evidence says (a forged history is never "verified", a copier reads
 * "not the candidate's work"), every finding is in it, and the PDF a client downloads holds the same.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Report } from "../../src/report/report-model.ts";
import { reportOf } from "../../src/report/report-source.ts";
import { AGENCY, DEMO_LOGINS, type DemoLogin, type DemoWorld, startDemoWorld } from "../dashboard/demo-world.ts";
import { submit } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

let w: DemoWorld;
const reports = {} as Record<DemoLogin, Report>;
const flagsOf = {} as Record<DemoLogin, Array<{ severity: string; message: string; rule: string }>>;

beforeAll(async () => {
  w = await startDemoWorld();
  for (const login of DEMO_LOGINS) {
    const row = (await w.t.app.verifications.get(w.jobs[login]))!;
    reports[login] = reportOf(row)!.report;
    flagsOf[login] = JSON.parse(row.result!).flags;
  }
}, 180_000);
afterAll(async () => {
  await w?.stop();
});

/** Everything the report says, as one text. */
const text = (r: Report) => JSON.stringify(r);
const claim = (login: DemoLogin, name: string) => reports[login].claims.find((c) => c.name === name)!;

describe("verdicts in words", () => {
  test("the honest developer: backed, every public project backed by their own commits, closed source not held against them", () => {
    const r = reports["alice-honest"];
    expect(r.verdict.label).toBe("Backed by the candidate's own work");
    expect(r.score).toBeGreaterThanOrEqual(70);
    const matched = r.claims.filter((c) => c.repo !== null);
    expect(matched.length).toBe(5);
    for (const c of matched) {
      expect(c.status).toBe("backed");
      expect(c.verdict).toMatch(/^Backed by \d+ of the candidate's own commits (over|on) /);
    }
    expect(claim("alice-honest", "Weather Dash").verdict).toBe(
      "Backed by 48 of the candidate's own commits over 7 months.",
    );
    const closed = claim("alice-honest", "Internal tooling at Example Corp");
    expect(closed.status).toBe("not-checked");
    expect(closed.verdict).toBe("Could not be checked: no public repository, which is not evidence against.");
    expect(r.notChecked.join(" ")).toContain("Internal tooling at Example Corp");
  });

  test("the graph painter: contradicted; no forged repository reads as backed or verified", () => {
    const r = reports["mallory-painter"];
    expect(r.verdict.code).toBe("contradicted");
    expect(r.verdict.label).toBe("Contradicted by the evidence");
    for (const c of r.claims.filter((x) => x.repo !== null)) {
      expect(c.status).toBe("contradicted");
      expect(c.label).toBe("Contradicted");
      expect(c.verdict).toStartWith("Contradicted by its own history:");
      expect(c.verdict).toContain("Not verified.");
      expect(`${c.label} ${c.verdict}`).not.toMatch(/\bbacked\b|\bverified by\b/i);
    }
  });

  test("the copier: not the candidate's work (never 'weak'), with the share of someone else's commits", () => {
    const r = reports["carl-copier"];
    expect(r.verdict.code).toBe("not_own_work");
    expect(r.verdict.label).toBe("Not the candidate's work");
    expect(text(r)).not.toMatch(/\bweak\b/i);
    const tiny = claim("carl-copier", "Tinyhttp");
    expect(tiny.label).toBe("Not the candidate's work");
    expect(tiny.verdict).toBe("150 of 153 commits are someone else's: the candidate added 3.");
    const fork = claim("carl-copier", "Fastcsv");
    expect(fork.status).toBe("not-own-work");
    expect(fork.verdict).toContain("all 150 commits come from the original; the candidate added none");
  });

  test("the mixed profile: partly backed; each claim for what it is", () => {
    const r = reports["maya-mixed"];
    expect(r.verdict.label).toBe("Partly backed");
    expect(claim("maya-mixed", "Toy Compiler").status).toBe("questions");
    expect(claim("maya-mixed", "Toy Compiler").verdict).toMatch(
      // a backdated split and a burst of one rewrite: one fact, one finding
      /^Backed by 316 of the candidate's own commits .* with 1 finding to ask about\.$/,
    );
    expect(claim("maya-mixed", "Ml Pipeline").status).toBe("thin");
    expect(claim("maya-mixed", "Future Idea").status).toBe("empty");
    expect(claim("maya-mixed", "Dotfiles Sync").verdict).toContain("(of 35 in the history)");
  });

  test("every report: each finding once, under its claim or the resume; a glossary entry per rule; questions; the note", () => {
    for (const login of DEMO_LOGINS) {
      const r = reports[login];
      const shown = [...r.claims.flatMap((c) => c.findings), ...r.resumeFindings].flatMap((g) => g.messages);
      expect(shown.sort()).toEqual(flagsOf[login].map((f) => f.message).sort());
      expect(r.glossary.map((g) => g.rule).sort()).toEqual([...new Set(flagsOf[login].map((f) => f.rule))].sort());
      for (const c of r.claims) expect(c.questions.length).toBeGreaterThan(0);
      expect(r.disclaimer).toContain("not a hiring decision");
      expect(r.scoreExplanation!.score).toBe(r.score!);
      expect(r.scoreExplanation!.claims.length).toBe(r.claims.length);
    }
  });
});

const squash = (s: string) => s.replace(/\s+/g, " ");

describe("GET /v1/jobs/:trackingId/report.pdf", () => {
  const pdf = (id: string, key: string | null) =>
    fetch(`${w.t.url}/v1/jobs/${id}/report.pdf`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

  test("the PDF's text holds the verdict, every claim and every finding of each demo candidate", async () => {
    for (const login of DEMO_LOGINS) {
      const res = await pdf(w.jobs[login], w.key);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const t = pdfText(bytes);
      const r = reports[login];
      expect(t).toContain(r.verdict.label);
      expect(t).toContain(squash(r.verdict.why));
      for (const c of r.claims) {
        expect(t).toContain(c.name);
        expect(t).toContain(squash(c.verdict));
      }
      for (const f of flagsOf[login])
        expect({ login, finding: t.includes(squash(f.message)) ? "" : f.message }).toEqual({ login, finding: "" });
      expect(t).toContain("not a hiring decision");
    }
  }, 60_000);

  test("the same key and tenant rules as polling: no key 401, another client's job 404, a running job 409", async () => {
    expect((await pdf(w.jobs["alice-honest"], null)).status).toBe(401);
    const other = await pdf(w.jobs["alice-honest"], w.t.key); // the default client's key
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: string }).error).toBe("job_not_found");
    expect((await pdf("vrf_nope", w.key)).status).toBe(404);
    // a job still queued: the default client's, with the worker stopped so it stays queued
    await w.t.app.worker.stop(1_000);
    const queued = await submit(w.t.url, w.t.key, { resume: w.pdfs["alice-honest"], hostUsername: "alice-honest" });
    const id = ((await queued.json()) as { trackingId: string }).trackingId;
    const early = await pdf(id, w.t.key);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe("report_not_ready");
    expect(w.t.app.accounts.client(AGENCY)).toBeTruthy();
  });
});
