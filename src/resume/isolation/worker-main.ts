import { edenGC } from "bun:jsc";
import { errorMessage } from "../../lib/index.ts";
import { extractResumeInProcess } from "../extract-in-process.ts";
import { DEFAULT_READ_LIMITS } from "../pdf/pdf-reader.ts";
import { PdfReaderBrokenError } from "../pdf/pdfjs-internals.ts";
import { ResumeError } from "../types.ts";
import { type ReaderTimers, systemTimers } from "./extractor-options.ts";
import {
  isCollectRequest,
  isWorkerRequest,
  READER_BROKEN,
  type ReadResponse,
  type WorkerCollect,
  type WorkerRequest,
  type WorkerResponse,
} from "./worker-protocol.ts";

/**
 * The child side of isolated extraction (`claimcheck extract --worker`): take requests from the
 * IPC channel, extract one PDF at a time, answer on the same channel. Every failure becomes a
 * response; the process ends when the parent disconnects (or kills it for going over budget).
 */

/** Extract one request; never throws. */
export async function handleRequest(req: WorkerRequest, rss: () => number): Promise<ReadResponse> {
  const limitBytes = req.maxMemoryMb * 1024 * 1024;
  const checkBudget = () => {
    if (rss() > limitBytes) {
      throw new ResumeError(
        "pdf_too_complex",
        `reading the PDF needed more than ${req.maxMemoryMb} MB of memory (oversized images, fonts or compressed streams); print it to a new PDF and upload that`,
      );
    }
  };
  try {
    const result = await extractResumeInProcess(
      req.pdf,
      { ...DEFAULT_READ_LIMITS, checkBudget },
      req.forgeHosts ? { forgeHosts: req.forgeHosts } : {},
    );
    return { id: req.id, ok: true, result };
  } catch (err) {
    if (err instanceof ResumeError) return { id: req.id, ok: false, code: err.code, message: err.message };
    if (err instanceof PdfReaderBrokenError)
      return { id: req.id, ok: false, code: READER_BROKEN, message: err.message };
    return {
      id: req.id,
      ok: false,
      code: "pdf_corrupt",
      message: `the PDF could not be read (${errorMessage(err)}); export the resume to PDF again and upload the new file`,
    };
  }
}

/**
 * Serve requests from the parent over IPC until it disconnects. Resolves false at once when this
 * process has no IPC channel (it was not started by the isolated extractor).
 */
export function runWorker(): Promise<boolean> {
  const send = process.send?.bind(process);
  if (!send) return Promise.resolve(false);
  // pdf.js prints warnings with console.log; keep stdout quiet and diagnostics on stderr.
  console.log = (...args: unknown[]) => console.error(...args);
  const serve = requestLoop(send, {
    full: () => Bun.gc(true),
    quick: () => edenGC(),
    rss: () => process.memoryUsage.rss(),
    timers: systemTimers,
  });
  return new Promise<boolean>((resolve) => {
    process.on("message", (m: unknown) => {
      if (isWorkerRequest(m) || isCollectRequest(m)) serve(m);
    });
    process.on("disconnect", () => resolve(true));
  });
}

/**
 * How long the child waits without a request before it collects its garbage: a full collection blocks the
 * child, so one started right after an answer delays a document sent back to back with it (in a stream of
 * reads, every one). Documents that keep coming are collected by the runtime as it goes.
 */
export const COLLECT_AFTER_QUIET_MS = 500;

/**
 * After a full collection asked for by the parent, how long the child waits for its resident memory to fall
 * to the mark, and how often it looks. The runtime hands freed pages back to the system over the next
 * few hundred ms, not at once (a warm reader after a two-column Russian resume: 143 MB, 133 MB at the end of
 * the collection, 102 MB 300 ms later; in the pool over the real resumes it was at the mark within 31-87 ms).
 */
export const SETTLE_WITHIN_MS = 300;
export const SETTLE_STEP_MS = 10;

export interface RequestLoopParts {
  /** a full collection: after a quiet period, and when the parent asks for one */
  full: () => void;
  /** a quick (young-generation) collection */
  quick?: () => void;
  /** this process's resident bytes */
  rss: () => number;
  timers: Pick<ReaderTimers, "set" | "clear">;
  quietMs?: number;
}

/**
 * Requests answered one at a time, in order. When an answer leaves none waiting:
 * - `quick` runs as soon as the answer is on its way (a timer of 0 ms), unless a request comes first: the
 *   child's quick (young-generation) collection. Reading a resume allocates 15-30 MB, and the runtime
 *   collects its young generation every ~30 MB allocated, a pause of 3-49 ms; left to the runtime, that
 *   pause falls inside the next document's read about every other document, the slowest ones most. Run
 *   while the child waits, it costs no document its time; a stream of documents back to back (one always
 *   waiting) never runs it and is collected by the runtime as before.
 * - `full` runs when none comes for `quietMs` (COLLECT_AFTER_QUIET_MS): the full collection (it returns the
 *   last documents' pages, fonts and operator lists: a warm child's heap and JIT memory, RssAnon, is about
 *   36 MB after 200 resumes instead of 45 MB). A request that comes first puts it off again.
 * A request to collect (the parent's, after a document left the child above the recycle mark) runs `full`
 * at once and answers with the resident bytes once they are at most `belowBytes`, or after SETTLE_WITHIN_MS.
 */
export function requestLoop(
  send: (r: WorkerResponse) => void,
  parts: RequestLoopParts,
): (req: WorkerRequest | WorkerCollect) => void {
  const { full, quick = () => {}, rss, timers, quietMs = COLLECT_AFTER_QUIET_MS } = parts;
  let chain = Promise.resolve();
  let waiting = 0;
  let collect: unknown = null;
  let young: unknown = null;
  const putOff = () => {
    if (collect !== null) timers.clear(collect);
    if (young !== null) timers.clear(young);
    collect = young = null;
  };
  const after = (ms: number) => new Promise<void>((resolve) => timers.set(resolve, ms));
  /** the resident bytes once at most `below`, or when SETTLE_WITHIN_MS has passed */
  const settled = async (below: number): Promise<number> => {
    // from a timer, on the event loop's own stack: the runtime scans the stack for references conservatively,
    // and nothing of the last document may be left on it
    await after(0);
    full();
    for (let waited = 0; rss() > below && waited < SETTLE_WITHIN_MS; waited += SETTLE_STEP_MS)
      await after(SETTLE_STEP_MS);
    return rss();
  };
  return (req) => {
    waiting++;
    putOff();
    chain = chain.then(async () => {
      if ("collect" in req) {
        send({ id: req.id, ok: true, collected: await settled(req.belowBytes) });
        --waiting; // collected just now: nothing to collect after it
        return;
      }
      send(await handleRequest(req, rss));
      if (--waiting > 0) return;
      young = timers.set(() => {
        young = null;
        quick();
      }, 0);
      collect = timers.set(() => {
        collect = null;
        full();
      }, quietMs);
    });
  };
}
