import { ResumeError } from "../types.ts";

/** node:zlib, evaluated with the first estimate: a server that reads no PDF never pays for it (about 2 MB). */
let zlibModule: typeof import("node:zlib") | null = null;
const zlib = () => (zlibModule ??= process.getBuiltinModule("node:zlib"));

/**
 * A cheap estimate of what reading a PDF will cost, made before it takes a reader: no parsing of the
 * document's structure, no rendering. The file's objects are found by their `N G obj` headers; each
 * content stream is inflated (at most READ_COST_INFLATE_BYTES over the whole file, so the estimate is
 * bounded whatever the file holds) and its operators counted; then every page's `/Contents` reference
 * adds the operators of the streams it names, so one stream shared by many pages counts once per page,
 * as the reader will interpret it once per page. That is the attack it prices: a few kilobytes whose
 * pages all draw one compressed stream of a hundred thousand text operators.
 */

/**
 * Inflated bytes examined at most per file. A file whose content streams do not fit (or do not inflate)
 * is expensive whatever was counted: what the estimate cannot see is priced as the worst.
 */
export const READ_COST_INFLATE_BYTES = 4 * 1024 * 1024;
/** From this many operators read, a document is expensive: its reading budget shrinks with its cost. */
export const EXPENSIVE_OPERATORS = 200_000;
/** An expensive document's reading budget never falls below this. */
export const MIN_EXPENSIVE_BUDGET_MS = 3_000;

export interface ReadCost {
  /** page objects found (top level and in object streams) */
  pages: number;
  /** bytes of content after inflation (capped by READ_COST_INFLATE_BYTES) */
  streamBytes: number;
  /** operators the reader will interpret: each page's content streams' operators, summed over pages */
  operators: number;
  expensive: boolean;
}

/** Operators in a content stream: tokens of at most three characters that start with a letter, ' or ". */
function countOperators(b: Uint8Array): number {
  let ops = 0;
  let start = -1;
  const end = (i: number) => {
    const first = b[start]!;
    const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first === 39 || first === 34;
    if (letter && i - start <= 3) ops++;
    start = -1;
  };
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    // whitespace and delimiters end a token; strings and names are skipped as tokens of their own kind
    const delimiter = c <= 32 || c === 40 || c === 41 || c === 60 || c === 62 || c === 91 || c === 93 || c === 47;
    if (delimiter) {
      if (start >= 0) end(i);
    } else if (start < 0) start = i;
  }
  if (start >= 0) end(b.length);
  return ops;
}

const OBJ = /(\d+)\s+\d+\s+obj\b/g;
const CONTENTS = /\/Contents\s*(?:(\d+)\s+\d+\s+R|\[([^\]]*)\])/g;

/** The estimate; never throws (a file it cannot read is priced by what it could read). */
export function estimateReadCost(pdf: Uint8Array): ReadCost {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  const streams = new Map<string, number>();
  const dicts: string[] = [];
  let budget = READ_COST_INFLATE_BYTES;
  let streamBytes = 0;
  let unseen = false;
  const heads = [...text.matchAll(OBJ)];
  for (let k = 0; k < heads.length; k++) {
    const h = heads[k]!;
    const from = h.index! + h[0].length;
    const to = k + 1 < heads.length ? heads[k + 1]!.index! : text.length;
    const body = text.slice(from, to);
    const s = body.indexOf("stream");
    if (s < 0) {
      dicts.push(body);
      continue;
    }
    const dict = body.slice(0, s);
    let dataAt = from + s + 6;
    if (text[dataAt] === "\r") dataAt++;
    if (text[dataAt] === "\n") dataAt++;
    const stop = text.indexOf("endstream", dataAt);
    const raw = pdf.subarray(dataAt, stop < 0 ? Math.min(to, pdf.length) : Math.min(stop, to));
    let data: Uint8Array = raw;
    if (/\/FlateDecode/.test(dict) && budget > 0) {
      try {
        data = zlib().inflateSync(raw, {
          maxOutputLength: budget,
          finishFlush: 2 /* Z_SYNC_FLUSH: a cut stream reads what it holds */,
        });
      } catch {
        data = raw; // over the budget or broken: its compressed size stands in
        unseen = true;
      }
      budget -= data.length;
    } else if (/\/FlateDecode/.test(dict)) unseen = true;
    streamBytes += data.length;
    if (/\/Type\s*\/ObjStm/.test(dict)) dicts.push(Buffer.from(data).toString("latin1"));
    else {
      dicts.push(dict);
      streams.set(h[1]!, countOperators(data));
    }
  }
  let pages = 0;
  let operators = 0;
  for (const d of dicts) {
    pages += d.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
    for (const m of d.matchAll(CONTENTS)) {
      const refs = m[1] ? [m[1]] : [...(m[2] ?? "").matchAll(/(\d+)\s+\d+\s+R/g)].map((r) => r[1]!);
      for (const r of refs) operators += streams.get(r) ?? 0;
    }
  }
  // an unseen stream prices the file at the threshold at least: its budget is an expensive one's
  if (unseen) operators = Math.max(operators, EXPENSIVE_OPERATORS);
  return { pages, streamBytes, operators, expensive: operators >= EXPENSIVE_OPERATORS };
}

/** The reading budget of a document: the full one, or for an expensive one a share that shrinks with its cost. */
export function readBudgetMs(cost: ReadCost, fullMs: number): number {
  if (!cost.expensive) return fullMs;
  const scaled = Math.round((fullMs * EXPENSIVE_OPERATORS) / cost.operators);
  return Math.max(Math.min(MIN_EXPENSIVE_BUDGET_MS, fullMs), Math.min(fullMs, scaled));
}

/** What a reader that ran out of time says: pdf_too_complex for an expensive document (why), else pdf_timeout. */
export function overTimeError(timeoutMs: number, overBudget: string | undefined): ResumeError {
  const late = `reading the PDF took longer than ${Math.round(timeoutMs / 1000)} s`;
  return overBudget
    ? new ResumeError("pdf_too_complex", `${late}: ${overBudget}`)
    : new ResumeError(
        "pdf_timeout",
        `${late}; it is malformed or needlessly complex, print it to a new PDF and upload that`,
      );
}
