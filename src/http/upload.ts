import { ApiErrors, AppError } from "../lib/errors.ts";

/** Room for the multipart envelope and the other fields beside a maximal file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Read a request body, refusing it as soon as more than `maxBytes` have arrived: a declared
 * Content-Length over the limit is refused before reading anything, and a chunked body is counted as
 * it streams, so an oversized upload is never held in memory whole.
 */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw ApiErrors.invalidFileTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw ApiErrors.invalidFileTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export interface VerifyForm {
  resume: { bytes: Uint8Array; filename: string | null } | null;
  hostUsername: string | null;
}

/**
 * Read and parse POST /v1/verify's multipart body within `maxBytes`. With a declared Content-Length
 * (checked first; the server never reads past it) the runtime's parser reads the stream directly;
 * a chunked body is counted as it arrives (readBodyLimited) and parsed from memory.
 * Non-multipart bodies are a missing_fields error.
 */
export async function readVerifyForm(request: Request, maxBytes: number): Promise<VerifyForm> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw ApiErrors.invalidFileTooLarge();
  const contentType = request.headers.get("content-type");
  if (!contentType || !/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw ApiErrors.missingFields(
      ["resume", "hostUsername"],
      "send multipart/form-data with a `resume` file part and a `hostUsername` field",
    );
  }
  let form: FormData;
  try {
    if (declared !== null) form = await request.formData();
    else {
      const body = await readBodyLimited(request, maxBytes);
      form = await new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": contentType },
      }).formData();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("missing_fields", 400, "the multipart body could not be parsed", {
      fields: ["resume", "hostUsername"],
    });
  }
  const duplicated = ["resume", "hostUsername"].filter((name) => form.getAll(name).length > 1);
  if (duplicated.length)
    throw ApiErrors.missingFields(duplicated, `send each of ${duplicated.join(", ")} once; the request repeats it`);
  const file = form.get("resume");
  const user = form.get("hostUsername");
  return {
    resume:
      file !== null && typeof file !== "string"
        ? { bytes: new Uint8Array(await file.arrayBuffer()), filename: safeFilename(file.name) }
        : null,
    hostUsername: typeof user === "string" ? user : null,
  };
}

/**
 * The uploaded file's name as metadata only (never a path): the last path segment, control and
 * bidi-override characters removed, at most 255 characters; null when nothing is left.
 */
export function safeFilename(name: string | undefined | null): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point of this pattern
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, 255);
  return clean === "" || clean === "." || clean === ".." ? null : clean;
}

export function isPdf(bytes: Uint8Array): boolean {
  // %PDF-
  return (
    bytes.length >= 5 &&
    bytes[0] === 0x25 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x44 &&
    bytes[3] === 0x46 &&
    bytes[4] === 0x2d
  );
}
