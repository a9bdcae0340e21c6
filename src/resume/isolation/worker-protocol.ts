/**
 * Messages between the parent and the extraction child, carried over Bun's IPC channel (structured
 * clone, so the PDF travels as a Uint8Array without base64). Pure shapes and guards only.
 */
import { PdfReaderBrokenError } from "../pdf/pdfjs-internals.ts";
import { ResumeError, type ResumeErrorCode } from "../types.ts";

export interface WorkerRequest {
  id: number;
  pdf: Uint8Array;
  /** the child also checks its own memory between pages against this budget */
  maxMemoryMb: number;
  /** the GitLab and Gitea/Forgejo hosts whose links are recognised (the defaults when absent) */
  forgeHosts?: Array<{ host: string; kind: "gitlab" | "gitea" }>;
}

/**
 * Asks the child to collect its garbage and answer with the resident memory it then holds: sent when a
 * document left the child above the recycle mark, to tell memory it keeps from garbage not yet collected.
 */
export interface WorkerCollect {
  id: number;
  collect: true;
  /** the child answers as soon as its resident memory is at most this, or when it stops waiting for it */
  belowBytes: number;
}

/** The answer to a document: its extraction, or why there is none. */
export type ReadResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; code: string; message: string };

/** Every answer: a document's, or a collection's (the resident bytes held after it). */
export type WorkerResponse = ReadResponse | { id: number; ok: true; collected: number };

/**
 * The code of a child whose PDF reader is broken (a broken install, not a ResumeError code): the parent fails
 * the read without blaming the PDF.
 */
export const READER_BROKEN = "reader_broken";

/** A well-formed request (anything else is ignored by the child). */
export function isWorkerRequest(m: unknown): m is WorkerRequest {
  const r = m as WorkerRequest | null;
  return !!r && typeof r.id === "number" && r.pdf instanceof Uint8Array && typeof r.maxMemoryMb === "number";
}

/** A well-formed request to collect (anything else is ignored by the child). */
export function isCollectRequest(m: unknown): m is WorkerCollect {
  const r = m as WorkerCollect | null;
  return !!r && typeof r.id === "number" && r.collect === true && typeof r.belowBytes === "number";
}

/** A well-formed response (anything else from the child is a protocol fault). */
export function isWorkerResponse(m: unknown): m is WorkerResponse {
  const r = m as Record<string, unknown> | null;
  if (!r || typeof r.id !== "number" || typeof r.ok !== "boolean") return false;
  return r.ok
    ? "result" in r || (typeof r.collected === "number" && Number.isFinite(r.collected))
    : typeof r.code === "string" && typeof r.message === "string";
}

/** Every code a child may answer with; a Record over ResumeErrorCode, so a new code cannot be left out. */
const CODES: Record<ResumeErrorCode, true> = {
  pdf_encrypted: true,
  pdf_no_text: true,
  pdf_corrupt: true,
  pdf_too_complex: true,
  pdf_timeout: true,
  pdf_too_large: true,
};

/** The child's failure as the error the caller gets: a broken reader as such, else the PDF's ResumeError. */
export function responseError(code: string, message: string): Error {
  return code === READER_BROKEN ? new PdfReaderBrokenError(message) : toResumeError(code, message);
}

/** The child's error as a ResumeError (an unknown code from a mismatched child reads as corrupt). */
function toResumeError(code: string, message: string): ResumeError {
  // the code is passed on from the error the child built (counted there by the error-code inventory)
  const child = { code: Object.hasOwn(CODES, code) ? (code as ResumeErrorCode) : ("pdf_corrupt" as const) };
  return new ResumeError(child.code, message);
}
