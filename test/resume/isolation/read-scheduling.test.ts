/**
 * PDF readers shared fairly: a document is priced before it takes a reader (read-cost.ts), an expensive
 * one gets a smaller budget and never every reader, and while readers are shared between clients one
 * client holds at most all readers but one (read-queue.ts). Before, the readers were first in, first out:
 * eight 6 KB PDFs of one client (20 pages sharing one stream of 100,000 text operators) held both readers
 * about 25 s each, and another client's ordinary resume waited behind all of them.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createResumeExtractor, type ResumeExtractor } from "../../../src/resume/index.ts";
import {
  EXPENSIVE_OPERATORS,
  estimateReadCost,
  MIN_EXPENSIVE_BUDGET_MS,
  readBudgetMs,
} from "../../../src/resume/isolation/read-cost.ts";
import { nextRead, readerFor } from "../../../src/resume/isolation/read-queue.ts";
import { ResumeError } from "../../../src/resume/types.ts";
import { sharedStreamBomb } from "../../support/shared-stream-bomb.ts";
import { FIXTURES, fixture } from "../support/fixtures.ts";

const open: ResumeExtractor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

describe("the reading cost, estimated without reading", () => {
  test("pages sharing one stream count it once per page; the bomb is expensive and gets the smallest budget", () => {
    const bomb = estimateReadCost(sharedStreamBomb());
    expect(bomb.pages).toBe(20);
    expect(bomb.operators).toBeGreaterThan(20 * 100_000);
    expect(bomb.expensive).toBe(true);
    expect(readBudgetMs(bomb, 30_000)).toBe(MIN_EXPENSIVE_BUDGET_MS);
    // the same stream on one page is a long but ordinary document
    const one = estimateReadCost(sharedStreamBomb({ pages: 1, operators: 50_000 }));
    expect(one.expensive).toBe(false);
    expect(readBudgetMs(one, 30_000)).toBe(30_000);
  });

  test("every resume fixture is ordinary: full budget", () => {
    for (const name of ["annotation-links.pdf", "two-column.pdf", "too-many-pages.pdf", "project-table.pdf"]) {
      const cost = estimateReadCost(new Uint8Array(readFileSync(join(FIXTURES, name))));
      expect({ name, expensive: cost.expensive }).toEqual({ name, expensive: false });
      expect(cost.operators).toBeLessThan(EXPENSIVE_OPERATORS / 10);
    }
  });

  test("what it cannot see within its bound is priced expensive; garbage never throws", () => {
    const bomb = estimateReadCost(new Uint8Array(readFileSync(join(FIXTURES, "decompression-bomb.pdf"))));
    expect(bomb.expensive).toBe(true);
    expect(estimateReadCost(new Uint8Array([1, 2, 3])).operators).toBe(0);
    expect(estimateReadCost(new TextEncoder().encode("1 0 obj << /Filter /FlateDecode >> stream\nxx")).expensive).toBe(
      true,
    );
  });
});

describe("which document takes the next reader", () => {
  const r = (tenant: string | null, expensive = false, shared = true) => ({ tenant, expensive, shared });

  test("shared: a client holds all readers but one; the client reading least goes first", () => {
    expect(nextRead([r("B"), r("A")], [r("B")], 2)).toBe(1);
    expect(nextRead([r("B"), r("B")], [r("B")], 2)).toBe(-1);
    expect(nextRead([r("B"), r("A"), r("C")], [r("A")], 3)).toBe(0);
    expect(nextRead([r("A")], [r("A"), r("B")], 2)).toBe(-1);
  });

  test("an ordinary document takes a warm reader, or waits for one rather than start cold; an expensive one a new reader", () => {
    const reader = (jobs: number, job: unknown = null, dead = false) => ({ jobs, job, dead });
    const cold = reader(0);
    const warm = reader(5);
    const busyWarm = reader(5, r("B"));
    expect(readerFor(r("A"), [cold, warm], 2)).toBe(warm);
    expect(readerFor(r("A"), [cold, busyWarm], 2)).toBeNull(); // the warm one frees soon
    expect(readerFor(r("A"), [cold], 2)).toBe(cold); // no warm reader at all
    expect(readerFor(r("A"), [], 2)).toBe("spawn");
    expect(readerFor(r("B", true), [warm], 2)).toBe("spawn"); // room: its own reader
    expect(readerFor(r("B", true), [warm, busyWarm], 2)).toBe(warm); // no room: an idle one
  });

  test("expensive documents never make every reader busy; unshared, a client may use every reader", () => {
    expect(nextRead([r("B", true), r("B")], [r("C", true)], 2)).toBe(1);
    expect(nextRead([r("B", true, false)], [r("B", false, false)], 2)).toBe(0);
    expect(nextRead([r("B", false, false)], [r("B", false, false)], 2)).toBe(0);
    expect(nextRead([r(null, true)], [], 1)).toBe(0); // one reader: it reads everything in turn
  });

  test("real readers: a client's bombs hold one reader at most; another client's resume reads meanwhile", async () => {
    const ex = createResumeExtractor({ concurrency: 2 });
    open.push(ex);
    // Each bomb must end by its time budget, on any machine: a faster machine reads the 20-page bomb in about
    // the 3 s budget, and its text grows the reader past the 768 MB memory limit about as soon (either
    // ending a bomb early breaks the lower bound below). So this one is the largest the reader takes (30
    // pages of 190,000 glyphs: over 13 s on this project's machines), and its memory limit is out of reach.
    const bomb = sharedStreamBomb({ pages: 30, operators: 190_000 });
    const cost = estimateReadCost(bomb);
    const budget = {
      timeoutMs: readBudgetMs(cost, 30_000),
      maxMemoryMb: 16_384,
      queue: { tenant: "B", expensive: true, shared: true },
      overBudget: "priced expensive",
    };
    const resume = await fixture("two-column.pdf");
    // two warm readers, as a running service has (a reader's first read loads it: seconds on a busy machine)
    await Promise.all([ex.extract(resume), ex.extract(resume)]);
    const started = performance.now();
    // the order in which the reads settle, not their wall-clock times: a busy machine slows every read, but
    // cannot reorder them. Shared fairly (2 readers), one reader takes the bombs one at a time and the other
    // reads A's resume at once, so A settles before the second bomb; first in first out, the first two bombs
    // would take both readers and A would settle after both of them.
    const settled: string[] = [];
    const bombs = [1, 2, 3].map((n) =>
      ex.extract(bomb, budget).then(
        () => settled.push(`bomb ${n}`),
        (e) => {
          settled.push(`bomb ${n}`);
          return e;
        },
      ),
    );
    const ordinary = await ex.extract(resume, { queue: { tenant: "A", shared: true } });
    settled.push("A");
    expect(ordinary.projects).toHaveLength(3);
    const errors = await Promise.all(bombs);
    for (const err of errors) {
      expect(err).toBeInstanceOf(ResumeError);
      expect((err as ResumeError).code).toBe("pdf_too_complex");
    }
    // A did not wait behind the bombs: at most one bomb settled before it
    expect(settled.indexOf("A")).toBeLessThanOrEqual(1);
    // the bombs went one at a time: each spent its whole budget after the one before (a lower bound, which
    // a busy machine only makes easier to meet)
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * MIN_EXPENSIVE_BUDGET_MS - 100);
  }, 60_000);
});
