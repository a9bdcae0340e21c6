import { ApiErrors, type BodyLimits, bodyChunks } from "../lib/index.ts";
import type { StagedFile } from "../verification/index.ts";
import { boundaryOf, type MultipartEvent, MultipartParser, unparsable } from "./multipart-stream.ts";

/** Room for the multipart envelope and the other fields beside a maximal file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface UploadLimits extends BodyLimits {
  /** the whole multipart body (file, fields, envelope) */
  maxBodyBytes: number;
  maxResumeBytes: number;
  /** the whole body must have arrived this long after the first read (UPLOAD_TIMEOUT), however steadily it comes */
  deadlineMs?: number;
}

/** What one upload may hold in memory at a time (a chunk, the parser's tail, the fields): its budget share. */
export const UPLOAD_BUFFER_BYTES = 256 * 1024;
/** The username field is kept up to this length; anything longer is not a login anyway. */
const MAX_FIELD_BYTES = 1024;
/** `accounts` parts kept; one more than any valid request has, so too many is still refused as such. */
const MAX_ACCOUNT_PARTS = 9;

export interface VerifyUpload {
  /** the `resume` file part; on disk only when it starts with %PDF- and fits the limit */
  resume: {
    filename: string | null;
    size: number;
    tooLarge: boolean;
    isPdf: boolean;
    staged: StagedFile | null;
    sha256: string;
  } | null;
  hostUsername: string | null;
  /** every `accounts` part, in order (the field may repeat; each value may hold several, comma-separated) */
  accounts: string[];
  /** the other text fields asked for (`UploadFields.names`), each its first value */
  fields: Map<string, string>;
  /** fields sent more than once */
  duplicated: string[];
  /** remove the staged file unless it was adopted */
  discard(): Promise<void>;
}

/** Other small text fields to read beside the resume, and a check to run on them before the file. */
export interface UploadFields {
  /** names of text fields to keep (each up to 1 KB; a repeated one keeps its first value) */
  names: readonly string[];
  /**
   * Called with the fields read so far when the `resume` part starts, before a byte of it is stored
   * (fields must come before the file, as a browser sends a form whose file input is last); a throw
   * abandons the upload.
   */
  beforeFile?: (fields: Map<string, string>) => void | Promise<void>;
}

/** A text part's bytes appended to what was kept of it, up to just over the field limit. */
const appendText = (kept: string, bytes: Uint8Array) =>
  (kept + Buffer.from(bytes).toString("utf8")).slice(0, MAX_FIELD_BYTES + 1);

/**
 * The parts of one upload as the parser announces them: which part the bytes that follow belong to, the
 * resume's bytes hashed and staged (only once they start with %PDF-, only up to the limit), and what is
 * kept of the text fields.
 */
class UploadParts {
  readonly counts = new Map<string, number>();
  readonly accounts: string[] = [];
  readonly fields = new Map<string, string>();
  resume: NonNullable<VerifyUpload["resume"]> | null = null;
  user: string | null = null;
  private readonly hash = new Bun.CryptoHasher("sha256");
  private head = new Uint8Array(0); // the first bytes, until %PDF- can be checked
  private target: "resume" | "user" | "account" | "field" | null = null;
  private fieldName = "";

  constructor(
    private readonly limits: UploadLimits,
    private readonly stage: () => Promise<StagedFile>,
    private readonly extra: UploadFields,
  ) {}

  async take(events: MultipartEvent[]): Promise<void> {
    for (const e of events) {
      if (e.type === "part") await this.startPart(e);
      else if (e.type === "data") await this.data(e.bytes);
    }
  }

  /** The resume as read, with its SHA-256 (once the body is whole). */
  finish(): VerifyUpload["resume"] {
    if (this.resume) this.resume.sha256 = this.hash.digest("hex");
    return this.resume;
  }

  /** A new part: the first `resume` file, the first `hostUsername`, up to MAX_ACCOUNT_PARTS `accounts`, an asked field. */
  private async startPart(e: Extract<MultipartEvent, { type: "part" }>): Promise<void> {
    const n = (this.counts.get(e.name ?? "") ?? 0) + 1;
    this.counts.set(e.name ?? "", n);
    this.target = null;
    if (e.name === "resume" && e.filename !== null && n === 1) {
      await this.extra.beforeFile?.(this.fields);
      this.resume = {
        filename: safeFilename(e.filename),
        size: 0,
        tooLarge: false,
        isPdf: false,
        staged: null,
        sha256: "",
      };
      this.target = "resume";
    } else if (e.name === "hostUsername" && n === 1) {
      this.user = "";
      this.target = "user";
    } else if (e.name === "accounts" && n <= MAX_ACCOUNT_PARTS) {
      this.accounts.push("");
      this.target = "account";
    } else if (e.name !== null && n === 1 && this.extra.names.includes(e.name)) {
      this.fieldName = e.name;
      this.fields.set(this.fieldName, "");
      this.target = "field";
    }
  }

  private async data(bytes: Uint8Array): Promise<void> {
    const last = this.accounts.length - 1;
    if (this.target === "resume") await this.fileBytes(this.resume!, bytes);
    else if (this.target === "user" && this.user!.length <= MAX_FIELD_BYTES)
      this.user += Buffer.from(bytes)
        .toString("utf8")
        .slice(0, MAX_FIELD_BYTES + 1);
    else if (this.target === "account" && this.accounts[last]!.length <= MAX_FIELD_BYTES)
      this.accounts[last] = appendText(this.accounts[last]!, bytes);
    else if (this.target === "field" && this.fields.get(this.fieldName)!.length <= MAX_FIELD_BYTES)
      this.fields.set(this.fieldName, appendText(this.fields.get(this.fieldName)!, bytes));
  }

  /** The resume's bytes: counted always; hashed and written only while it is a PDF within the limit. */
  private async fileBytes(r: NonNullable<VerifyUpload["resume"]>, bytes: Uint8Array): Promise<void> {
    r.size += bytes.byteLength;
    if (r.tooLarge) return;
    if (r.size > this.limits.maxResumeBytes) {
      r.tooLarge = true;
      await r.staged?.discard();
      r.staged = null;
      return;
    }
    if (!r.isPdf && this.head.length >= 5) return;
    this.hash.update(bytes);
    if (!r.staged) {
      this.head = Buffer.concat([this.head, bytes]);
      if (this.head.length < 5) return;
      r.isPdf = isPdf(this.head);
      if (!r.isPdf) return; // never written: a non-PDF is refused whole
      r.staged = await this.stage();
      r.staged.write(this.head);
      return;
    }
    r.staged.write(bytes);
  }
}

/**
 * Stream POST /v1/verify's multipart body: the `resume` part goes to a staged file as it arrives
 * (hashed on the way), never whole into memory; a part that does not start with %PDF- or outgrows the
 * limit stops being written. The request holds a share of the global body budget while it reads,
 * and is abandoned when the body stops arriving or is not whole by the upload deadline.
 * Non-multipart bodies are a missing_fields error.
 */
export async function readVerifyUpload(
  request: Request,
  limits: UploadLimits,
  stage: () => Promise<StagedFile>,
  extra: UploadFields = { names: [] },
): Promise<VerifyUpload> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limits.maxBodyBytes) throw ApiErrors.invalidFileTooLarge();
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary) {
    throw ApiErrors.missingFields(
      ["resume", "hostUsername"],
      "send multipart/form-data with a `resume` file part and a `hostUsername` field",
    );
  }
  const release = limits.budget.reserve(UPLOAD_BUFFER_BYTES, request);
  const parser = new MultipartParser(boundary);
  const parts = new UploadParts(limits, stage, extra);
  const out: VerifyUpload = {
    resume: null,
    hostUsername: null,
    accounts: parts.accounts,
    fields: parts.fields,
    duplicated: [],
    discard: async () => {
      await parts.resume?.staged?.discard();
    },
  };
  try {
    for await (const chunk of bodyChunks(request, {
      maxBytes: limits.maxBodyBytes,
      tooLarge: () => ApiErrors.invalidFileTooLarge(),
      idleTimeoutMs: limits.idleTimeoutMs,
      deadlineMs: limits.deadlineMs,
      timers: limits.timers,
    })) {
      await parts.take(parser.push(chunk));
      if (parser.finished) break;
    }
    if (!parser.finished) throw unparsable();
    out.resume = parts.finish();
    out.hostUsername = parts.user;
    out.duplicated = ["resume", "hostUsername"].filter((name) => (parts.counts.get(name) ?? 0) > 1);
    return out;
  } catch (err) {
    await out.discard();
    throw err;
  } finally {
    release();
  }
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
