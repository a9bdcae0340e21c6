import { type ExtractOptions, extractFromDocument } from "./extract-from-document.ts";
import { DEFAULT_READ_LIMITS, type ReadLimits, readPdf } from "./pdf/pdf-reader.ts";
import type { ExtractedResume } from "./types.ts";

/**
 * Extraction in the calling process, without isolation: for tests, the benchmark and the worker
 * child itself. A hostile PDF can exhaust this process's memory or time; the pipeline must use
 * extractResume (index.ts), which runs this in a child process under a budget.
 */
export async function extractResumeInProcess(
  pdf: Uint8Array,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
  opts: ExtractOptions = {},
): Promise<ExtractedResume> {
  return extractFromDocument(await readPdf(pdf, limits), opts);
}
