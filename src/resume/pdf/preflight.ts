import { ResumeError } from "../types.ts";

/**
 * Cheap checks on the raw bytes before any parser sees them: is it a PDF at all, is it complete,
 * is it within the size limit. Each failure carries a message that tells the person what to do.
 * Pure and linear in the tail/head it looks at, never in the whole file.
 */

/** The largest resume accepted, 10 MB (docs/api.md, POST /v1/verify: a larger file is refused with 413 invalid_file). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

const HEADER = Buffer.from("%PDF-", "latin1");
const EOF_MARK = Buffer.from("%%EOF", "latin1");

/**
 * Whether `needle` lies wholly inside bytes[from, to). Buffer.indexOf is native: this runs once per
 * upload, too rarely for a JavaScript loop over kilobytes to be compiled.
 */
function contains(bytes: Uint8Array, needle: Buffer, from: number, to: number): boolean {
  const start = Math.max(0, from);
  const end = Math.min(to, bytes.length);
  if (end - start < needle.length) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).indexOf(needle) >= 0;
}

/**
 * Throws a ResumeError when the bytes cannot be a complete PDF. A PDF may have junk before its
 * header (the spec allows it within the first 1 KB) and after its last %%EOF (some uploaders append
 * a few bytes), so both marks are searched near their ends rather than at exact offsets.
 */
export function preflightPdf(bytes: Uint8Array, maxBytes: number = MAX_PDF_BYTES): void {
  if (bytes.length === 0) throw new ResumeError("pdf_corrupt", "the file is empty; upload the resume PDF again");
  if (bytes.length > maxBytes) {
    const mb = (bytes.length / 1024 / 1024).toFixed(1);
    throw new ResumeError(
      "pdf_too_large",
      `the PDF is ${mb} MB, above the ${Math.round(maxBytes / 1024 / 1024)} MB limit; export it again with compressed images`,
    );
  }
  if (!contains(bytes, HEADER, 0, 1024)) {
    throw new ResumeError(
      "pdf_corrupt",
      "the file is not a PDF (no %PDF- header); export or print the resume to PDF and upload that file",
    );
  }
  if (!contains(bytes, EOF_MARK, bytes.length - 2048, bytes.length)) {
    throw new ResumeError(
      "pdf_corrupt",
      "the PDF is incomplete (it does not end with %%EOF), so the upload or download was probably cut short; upload the complete file",
    );
  }
}
