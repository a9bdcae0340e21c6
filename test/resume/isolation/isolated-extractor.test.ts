/**
 * The isolation layer with real child processes (`bun src/main.ts extract --worker`): budgets,
 * crashes, reuse, shutdown. Every child is closed by the test that started it.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createResumeExtractor, type ResumeExtractor } from "../../../src/resume/index.ts";
import { PdfReaderBrokenError } from "../../../src/resume/pdf/pdfjs-internals.ts";
import { ResumeError } from "../../../src/resume/types.ts";
import { failureReason } from "../../../src/verification/failure-codes.ts";
import { FIXTURES, fixture } from "../support/fixtures.ts";

const open: ResumeExtractor[] = [];
function extractor(...args: Parameters<typeof createResumeExtractor>): ResumeExtractor {
  const e = createResumeExtractor(...args);
  open.push(e);
  return e;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

const codeOf = (err: unknown) => (err instanceof ResumeError ? err.code : `not a ResumeError: ${String(err)}`);

describe("createResumeExtractor", () => {
  test("extracts in a child and reuses it for the next PDF", async () => {
    const ex = extractor();
    const pdf = await fixture("annotation-links.pdf");
    const first = await ex.extract(pdf);
    expect(first.projects.map((p) => p.repoUrl)).toContain("github.com/janedoe/chess-engine");
    const [reader] = ex.readers();
    const second = await ex.extract(pdf);
    expect(second).toEqual(first);
    // the same process read both: one reader, two documents
    expect(ex.readers()).toEqual([{ pid: reader!.pid, jobs: 2, busy: false }]);
  });

  test("a ResumeError from the child arrives intact and the child keeps serving", async () => {
    const ex = extractor();
    expect(codeOf(await ex.extract(await fixture("encrypted.pdf")).catch((e) => e))).toBe("pdf_encrypted");
    expect(codeOf(await ex.extract(await fixture("image-only.pdf")).catch((e) => e))).toBe("pdf_no_text");
    expect((await ex.extract(await fixture("fake-bold.pdf"))).projects).toHaveLength(2);
  });

  test("a decompression bomb is stopped by the memory budget, not the time budget, and the next PDF works", async () => {
    const ex = extractor();
    // the time budget is far out of reach: what stops the bomb is its memory (the message says which)
    const err = await ex
      .extract(await fixture("decompression-bomb.pdf"), { maxMemoryMb: 400, timeoutMs: 10 * 60_000 })
      .catch((e) => e);
    expect(codeOf(err)).toBe("pdf_too_complex");
    expect((err as Error).message).toContain("400 MB");
    expect((await ex.extract(await fixture("two-column.pdf"))).projects).toHaveLength(3);
  });

  test("deep nesting and too many pages end in pdf_too_complex", async () => {
    const ex = extractor();
    expect(codeOf(await ex.extract(await fixture("deep-nesting.pdf")).catch((e) => e))).toBe("pdf_too_complex");
    expect(codeOf(await ex.extract(await fixture("too-many-pages.pdf")).catch((e) => e))).toBe("pdf_too_complex");
  });

  test("a PDF that takes longer than its time budget is abandoned with pdf_timeout", async () => {
    const ex = extractor();
    const err = await ex
      .extract(await fixture("decompression-bomb.pdf"), { timeoutMs: 200, maxMemoryMb: 4000 })
      .catch((e) => e);
    expect(codeOf(err)).toBe("pdf_timeout");
    expect((err as Error).message).toMatch(/longer than/);
    expect((await ex.extract(await fixture("fake-bold.pdf"))).projects).toHaveLength(2);
  });

  test("a child that dies without answering fails the job, not the caller", async () => {
    const ex = extractor({ command: [process.execPath, "-e", "process.exit(3)"] });
    const err = await ex.extract(await fixture("fake-bold.pdf")).catch((e) => e);
    expect(codeOf(err)).toBe("pdf_too_complex");
    expect((err as Error).message).toContain("exit 3");
  });

  test("a reader that cannot be started is an infrastructure error, not a verdict on the PDF", async () => {
    const ex = extractor({ command: [join(FIXTURES, "no-such-binary")] });
    const err = await ex.extract(await fixture("fake-bold.pdf")).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ResumeError);
  });

  test("a child is replaced after maxJobsPerChild jobs, and kept until then", async () => {
    // a stand-in reader that answers every request with its own process id
    const answerWithPid = `process.on("message", (m) => process.send({ id: m.id, ok: true, result: { pid: process.pid } }));`;
    const ex = extractor({ command: [process.execPath, "-e", answerWithPid], maxJobsPerChild: 2 });
    const pdf = await fixture("fake-bold.pdf");
    const pids: number[] = [];
    for (let i = 0; i < 5; i++) pids.push(((await ex.extract(pdf)) as unknown as { pid: number }).pid);
    expect(pids[1]).toBe(pids[0]!);
    expect(pids[2]).not.toBe(pids[0]!);
    expect(pids[3]).toBe(pids[2]!);
    expect(new Set(pids).size).toBe(3);
  });

  test("two children work side by side", async () => {
    const ex = extractor({ concurrency: 2 });
    const [a, b] = await Promise.all([
      ex.extract(await fixture("two-column.pdf")),
      ex.extract(await fixture("russian-headings.pdf")),
    ]);
    expect(a.projects).toHaveLength(3);
    expect(b.projects).toHaveLength(2);
  });

  test("close rejects queued work and later calls", async () => {
    const ex = extractor();
    const pdf = await fixture("fake-bold.pdf");
    const running = ex.extract(pdf).catch((e) => e);
    const queued = ex.extract(pdf).catch((e) => e);
    await ex.close();
    const [r1, r2] = await Promise.all([running, queued]);
    for (const r of [r1, r2]) if (!(r && typeof r === "object" && "projects" in r)) expect(r).toBeInstanceOf(Error);
    expect(await ex.extract(pdf).catch((e) => e)).toBeInstanceOf(Error);
  });
});

test("extractResume's idle child does not keep the calling process alive", async () => {
  const script = `
    import { extractResume } from ${JSON.stringify(join(import.meta.dir, "../../../src/resume/index.ts"))};
    const pdf = new Uint8Array(await Bun.file(${JSON.stringify(join(FIXTURES, "fake-bold.pdf"))}).arrayBuffer());
    const r = await extractResume(pdf);
    console.log(r.projects.length);
  `;
  const proc = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  const code = await proc.exited;
  clearTimeout(timer);
  expect(await new Response(proc.stdout).text()).toBe("2\n");
  expect(code).toBe(0);
});

describe("a reader that cannot read", () => {
  test("a mis-keyed pdf.js hook fails every read as a broken install, never as a damaged PDF", async () => {
    const ex = createResumeExtractor({
      command: [process.execPath, join(import.meta.dir, "support", "mis-keyed-hook-worker.ts")],
      concurrency: 1,
    });
    try {
      for (const name of ["two-column.pdf", "fake-bold.pdf"]) {
        const err = await ex.extract(await fixture(name)).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(PdfReaderBrokenError);
        expect(err).not.toBeInstanceOf(ResumeError);
        expect((err as Error).message).toMatch(/OperatorList; re-key it for this build of unpdf/);
        // a verification it ends is an internal error (the service log has the message), not pdf_corrupt
        expect(failureReason(err).code).toBe("internal_error");
      }
    } finally {
      await ex.close();
    }
  });
});
